import type { AssistantContentPart, Warning } from '@interlingua/core';
import { warnForeignMetadata } from '@interlingua/core/adapter';
import type { AnthropicAssistantBlockParam, AnthropicCacheControl } from './anthropic-api';
import { toAnthropicCacheControl } from './anthropic-cache-control';
import { convertToAnthropicToolInput, readServerBlocks, UNPARSED_ARGUMENTS_KEY } from './anthropic-replay';
import { convertToAnthropicHostedBlock } from './convert-anthropic-hosted-blocks';
import { convertToAnthropicToolUseId } from './convert-to-anthropic-tool-use-id';

/**
 * Converts the parts of an IR assistant turn to Anthropic content blocks, for a request's
 * history or a response body. Reasoning is replayed exactly: a part with `redacted` becomes
 * `redacted_thinking`, a part with `signature` becomes `thinking` with that signature. Reasoning
 * without a signature (from another provider) cannot be verified by the API: with
 * `requireSignature` it is dropped with a warning. Server-side blocks kept on a text part are
 * put back at their offsets; empty text is not sent (the API rejects empty text blocks).
 * Unparseable arguments go as `{ "_unparsed_arguments": "<raw text>" }`, an id the API would
 * reject is rewritten by `convertToAnthropicToolUseId`, each with a warning, and
 * another provider's `providerMetadata` on a part (a Gemini `thoughtSignature`, …) is not sent,
 * with a warning.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks
 */
export function convertToAnthropicAssistantContent(
  parts: readonly AssistantContentPart[],
  options: {
    requireSignature: boolean;
    /** Write `cacheBreakpoint`s as `cache_control` (a request's history; a response body has none). */
    cacheControl?: boolean;
    warnings: Warning[];
  },
): AnthropicAssistantBlockParam[] {
  const blocks: AnthropicAssistantBlockParam[] = [];
  for (const part of parts) {
    if (part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result') {
      blocks.push(convertToAnthropicHostedBlock(part, options.warnings));
      continue;
    }
    const before = blocks.length;
    if (part.providerMetadata !== undefined) {
      warnForeignMetadata(part, { provider: 'anthropic', format: 'Anthropic', at: part.type }, options.warnings);
    }
    switch (part.type) {
      case 'text': {
        if (part.providerMetadata === undefined) {
          // Plain text (the usual case): one block, unless empty.
          if (part.text !== '') blocks.push({ type: 'text', text: part.text });
          break;
        }
        const serverBlocks = readServerBlocks(part.providerMetadata);
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
      case 'tool-call': {
        if (part.argsText !== undefined) {
          options.warnings.push({
            type: 'degraded',
            feature: 'tool-call.argsText',
            message: `Anthropic requires tool_use input to be an object; the unparseable arguments of call "${part.id}" were sent as {"${UNPARSED_ARGUMENTS_KEY}": <raw text>}.`,
          });
        }
        const id = convertToAnthropicToolUseId(part.id);
        if (id !== part.id) {
          options.warnings.push({
            type: 'degraded',
            feature: 'tool-call.id',
            message: `Anthropic tool_use ids allow only letters, digits, _ and -; call "${part.id}" (and its result) was sent as "${id}".`,
          });
        }
        blocks.push({ type: 'tool_use', id, name: part.name, input: convertToAnthropicToolInput(part) });
        break;
      }
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
      }
    }
    // A breakpoint goes on the part's last block (thinking blocks cannot carry one).
    const last = blocks.at(-1);
    if (options.cacheControl !== false && part.type !== 'reasoning' && blocks.length > before && last !== undefined) {
      const cacheControl = toAnthropicCacheControl(part);
      if (cacheControl !== undefined) (last as { cache_control?: AnthropicCacheControl }).cache_control = cacheControl;
    }
  }
  return blocks;
}
