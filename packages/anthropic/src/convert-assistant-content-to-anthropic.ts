import type { AssistantContentPart, Warning } from '@interlingua/core';
import type { AnthropicAssistantBlockParam } from './anthropic-api';
import { readServerBlocks, toolCallToAnthropicInput } from './anthropic-replay';

/**
 * Converts the parts of an IR assistant turn to Anthropic content blocks, for a request's
 * history or a response body. Reasoning is replayed exactly: a part with `redacted` becomes
 * `redacted_thinking`, a part with `signature` becomes `thinking` with that signature. Reasoning
 * without a signature (from another provider) cannot be verified by the API: with
 * `requireSignature` it is dropped with a warning. Server-side blocks kept on a text part are
 * put back at their offsets; empty text is not sent (the API rejects empty text blocks).
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks
 */
export function convertAssistantContentToAnthropic(
  parts: readonly AssistantContentPart[],
  options: { requireSignature: boolean; warnings: Warning[] },
): AnthropicAssistantBlockParam[] {
  const blocks: AnthropicAssistantBlockParam[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text': {
        const serverBlocks = part.providerMetadata === undefined ? [] : readServerBlocks(part.providerMetadata);
        let offset = 0;
        for (const { offset: at, block } of serverBlocks) {
          const end = Math.min(Math.max(at, offset), part.text.length);
          if (end > offset) blocks.push({ type: 'text', text: part.text.slice(offset, end) });
          offset = end;
          blocks.push(block);
        }
        if (part.text.length > offset) blocks.push({ type: 'text', text: part.text.slice(offset) });
        break;
      }
      case 'reasoning': {
        if (part.redacted !== undefined) blocks.push({ type: 'redacted_thinking', data: part.redacted });
        else if (part.signature !== undefined)
          blocks.push({ type: 'thinking', thinking: part.text, signature: part.signature });
        else if (options.requireSignature) {
          options.warnings.push({
            type: 'unsupported',
            feature: 'reasoning',
            message:
              'Dropped a reasoning part without a signature: Anthropic only accepts thinking blocks it signed itself.',
          });
        } else blocks.push({ type: 'thinking', thinking: part.text, signature: '' });
        break;
      }
      case 'tool-call':
        blocks.push({ type: 'tool_use', id: part.id, name: part.name, input: toolCallToAnthropicInput(part) });
        break;
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  return blocks;
}
