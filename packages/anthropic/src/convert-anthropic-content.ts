import type { AssistantContentPart, TextPart } from '@interlingua/core';
import type { AnthropicContentBlock, AnthropicServerBlock } from './anthropic-api';
import { readBlockCacheBreakpoint } from './anthropic-cache-control';
import { type AnthropicServerBlockAt, anthropicInputToToolCall, serverBlocksMetadata } from './anthropic-replay';
import { decodeAnthropicHostedBlock } from './convert-anthropic-hosted-blocks';

/**
 * Converts the content blocks of an assistant turn to IR parts, exactly as a stream of the same
 * turn folds: consecutive text blocks join into one text part; `thinking` keeps its `signature`,
 * `redacted_thinking` its `data`; `tool_use` becomes a `ToolCall`. A block's `cache_control` (a
 * request's history) becomes the part's `cacheBreakpoint`, and ends a run of text. Hosted tools'
 * blocks (`server_tool_use`, `web_search_tool_result`, …) become hosted-tool parts (see
 * `decodeAnthropicHostedBlock`). Other server-side blocks are not client calls: they are kept whole on
 * the text part at their place, in `providerMetadata.anthropic.serverToolBlocks` as
 * `{ offset, block }`, so a replay sends them back where they were.
 *
 * @see https://docs.anthropic.com/en/api/messages#response-content
 */
export function convertAnthropicContent(blocks: readonly AnthropicContentBlock[]): AssistantContentPart[] {
  const parts: AssistantContentPart[] = [];
  let run: { part: TextPart; serverBlocks: AnthropicServerBlockAt[] } | undefined;
  const openRun = () => {
    const last = parts.at(-1);
    if (run === undefined || last !== run.part) {
      run = { part: { type: 'text', text: '' }, serverBlocks: [] };
      parts.push(run.part);
    }
    return run;
  };

  for (const block of blocks) {
    switch (block.type) {
      case 'text': {
        if ('text' in block && typeof block.text === 'string') {
          // An empty text block carries nothing; a stream of it yields no delta either.
          if (block.text !== '') openRun().part.text += block.text;
          const breakpoint = readBlockCacheBreakpoint(block.cache_control);
          if (breakpoint !== undefined) {
            // A breakpoint ends the text part here: text after it is a part of its own.
            openRun().part.cacheBreakpoint = breakpoint;
            run = undefined;
          }
        }
        break;
      }
      case 'thinking': {
        if ('thinking' in block && typeof block.thinking === 'string' && typeof block.signature === 'string') {
          parts.push({
            type: 'reasoning',
            text: block.thinking,
            ...(block.signature === '' ? {} : { signature: block.signature }),
          });
        }
        break;
      }
      case 'redacted_thinking': {
        if ('data' in block && typeof block.data === 'string')
          parts.push({ type: 'reasoning', text: '', redacted: block.data });
        break;
      }
      case 'tool_use': {
        if ('id' in block && typeof block.id === 'string' && typeof block.name === 'string') {
          const call = anthropicInputToToolCall(block.id, block.name, block.input);
          const breakpoint = readBlockCacheBreakpoint(block.cache_control);
          if (breakpoint !== undefined) call.cacheBreakpoint = breakpoint;
          parts.push(call);
        }
        break;
      }
      default: {
        // A hosted tool's call or result is an IR part of its own; other server blocks ride on the text.
        const hosted = decodeAnthropicHostedBlock(block as AnthropicServerBlock);
        if (hosted !== undefined) {
          parts.push(hosted);
          break;
        }
        const current = openRun();
        current.serverBlocks.push({ offset: current.part.text.length, block: block as AnthropicServerBlock });
        // The metadata holds the run's own list, so that later blocks join it without a copy each.
        if (current.serverBlocks.length === 1)
          current.part.providerMetadata = serverBlocksMetadata(current.serverBlocks);
      }
    }
  }
  return parts;
}
