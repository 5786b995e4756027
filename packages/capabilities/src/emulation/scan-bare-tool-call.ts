import { findJsonEnd } from './find-json-end';
import { stripCodeFence } from './strip-code-fence';

/** What {@link scanBareToolCall} found at the start of a line. */
export type BareToolCallScan =
  | { kind: 'none' }
  | { kind: 'wait' }
  | { kind: 'call'; content: string; length: number }
  | { kind: 'text'; length: number };

function isCall(block: string, toolNames: readonly string[]): boolean {
  try {
    const value: unknown = JSON.parse(stripCodeFence(block));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    const name = record.name;
    return (
      typeof name === 'string' &&
      toolNames.some((tool) => tool.toLowerCase() === name.toLowerCase()) &&
      ('arguments' in record || 'parameters' in record)
    );
  } catch {
    return false;
  }
}

/**
 * Looks at the start of a line for a tool call written without `<tool_call>` tags — a bare or
 * fenced `{"name": "<declared tool>", "arguments": {…}}`, which small models often send. Only
 * such blocks are held back (`wait`) until they close; a block that is not a call of a
 * declared tool is `text`, everything else `none`.
 */
export function scanBareToolCall(buffer: string, final: boolean, toolNames: readonly string[]): BareToolCallScan {
  const lead = /^[ \t]*/.exec(buffer)?.[0].length ?? 0;
  const rest = buffer.slice(lead);
  if (rest === '' || (rest.length < 3 && '```'.startsWith(rest))) return final ? { kind: 'none' } : { kind: 'wait' };
  let block: string;
  if (rest.startsWith('```')) {
    const close = rest.indexOf('\n```', 3);
    if (close === -1) return final ? { kind: 'text', length: buffer.length } : { kind: 'wait' };
    const lineEnd = rest.indexOf('\n', close + 4);
    if (lineEnd === -1 && !final) return { kind: 'wait' };
    block = rest.slice(0, lineEnd === -1 ? rest.length : lineEnd + 1);
  } else if (rest.startsWith('{')) {
    const end = findJsonEnd(rest, 0);
    if (end === -1) return final ? { kind: 'text', length: buffer.length } : { kind: 'wait' };
    block = rest.slice(0, end);
  } else return { kind: 'none' };
  return isCall(block, toolNames)
    ? { kind: 'call', content: stripCodeFence(block), length: lead + block.length }
    : { kind: 'text', length: lead + block.length };
}
