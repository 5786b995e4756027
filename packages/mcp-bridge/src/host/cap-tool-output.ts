import type { ToolOutput, UserContentPart } from '@interlingua/core';

/** A result after {@link capToolOutput}: the output the model gets, and how much text was cut. */
export type CappedToolOutput = { output: ToolOutput; textBytes: number; cutBytes: number };

// The longest prefix of `text` whose UTF-8 form fits in `bytes`, never splitting a character.
function utf8Prefix(text: string, bytes: number): string {
  const prefix = Buffer.from(text, 'utf8').subarray(0, bytes).toString('utf8');
  return prefix.endsWith('\uFFFD') && !text.startsWith(prefix) ? prefix.slice(0, -1) : prefix;
}

/**
 * Cuts the text of a tool result to `maxBytes` (UTF-8, summed over its text parts, in order)
 * and appends a note saying how much was left out, so the model knows it sees part of it.
 * Images and files pass as they are: cut, they would be unreadable.
 */
export function capToolOutput(output: ToolOutput, maxBytes: number): CappedToolOutput {
  let textBytes = 0;
  for (const part of output.content) if (part.type === 'text') textBytes += Buffer.byteLength(part.text, 'utf8');
  if (textBytes <= maxBytes) return { output, textBytes, cutBytes: 0 };
  let budget = maxBytes;
  const content: UserContentPart[] = [];
  for (const part of output.content) {
    if (part.type !== 'text') {
      content.push(part);
      continue;
    }
    if (budget <= 0) continue;
    const size = Buffer.byteLength(part.text, 'utf8');
    const kept = size <= budget ? part.text : utf8Prefix(part.text, budget);
    budget -= Buffer.byteLength(kept, 'utf8');
    if (kept !== '') content.push({ ...part, text: kept });
  }
  const cutBytes = textBytes - (maxBytes - budget);
  content.push({
    type: 'text',
    text: `[Result cut: ${cutBytes.toLocaleString('en-US')} of its ${textBytes.toLocaleString('en-US')} bytes of text were left out, over the bridge's maxResultBytes of ${maxBytes.toLocaleString('en-US')}. Ask for less (a narrower query, a page, a range) to see the rest.]`,
  });
  return { output: { ...output, content }, textBytes, cutBytes };
}
