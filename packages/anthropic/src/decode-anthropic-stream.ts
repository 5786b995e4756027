import { APICallError, InvalidResponseError, type StreamEvent, type ToolCall, type Warning } from '@interlingua/core';
import { findJSONValueIssue, formatSchemaIssues, MAX_JSON_DEPTH } from '@interlingua/core/adapter';
import { type AnthropicServerBlock, type AnthropicUsage, SERVER_BLOCK_IR_LEVELS } from './anthropic-api';
import { type AnthropicServerBlockAt, serverBlocksMetadata, toolCallFromText } from './anthropic-replay';
import { decodeAnthropicHostedBlock } from './convert-anthropic-hosted-blocks';
import { convertAnthropicUsage, mergeAnthropicUsage } from './convert-anthropic-usage';
import { anthropicStopMetadata } from './decode-anthropic-response';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';
import { safeParseAnthropicStreamEvent } from './parse-anthropic-response';

type OpenBlock =
  | { kind: 'text' }
  | { kind: 'thinking' }
  | { kind: 'tool'; id: string; name: string; json: string }
  | { kind: 'server'; block: AnthropicServerBlock; json: string }
  | { kind: 'other' };

/**
 * Decodes the events of a streamed Messages API call (the SSE `data` objects) into IR stream
 * events. `ping` is ignored; `message_delta.usage` overrides `message_start.usage` field by
 * field; `input_json_delta` fragments may split anywhere (an empty first fragment included);
 * a `tool_use` cut off by `max_tokens` ends as a call with `argsError`. An `error` event
 * (e.g. `overloaded_error`) becomes an `error` event carrying an `APICallError` with the
 * provider's type and message; a stream that ends without `message_stop` (cut off) or whose
 * source throws ends with an `error` event carrying a retryable `APICallError` (or what was
 * thrown). Every `error` event carries the usage reported so far (`message_start`'s
 * `input_tokens` are billed even when the stream fails). Server-side blocks are kept on the
 * text part, as in {@link decodeAnthropicResponse}.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/streaming#event-types
 */
export async function* decodeAnthropicStream(chunks: AsyncIterable<unknown>): AsyncIterable<StreamEvent> {
  const blocks = new Map<number, OpenBlock>();
  let usage: AnthropicUsage = {};
  let usageSeen = false;
  const warnings: Warning[] = [];
  let id: string | undefined;
  let model: string | undefined;
  let stopReason: string | null = null;
  let stopSequence: string | null | undefined;
  let stopDetails: Record<string, unknown> | null | undefined;
  // The text part being built: its length so far and the server blocks it carries.
  let run: { length: number; serverBlocks: AnthropicServerBlockAt[] } | undefined;

  const closeTool = (block: Extract<OpenBlock, { kind: 'tool' }>): StreamEvent => {
    const toolCall: ToolCall = toolCallFromText(block.id, block.name, block.json);
    return { type: 'tool-call-end', toolCall };
  };
  // The failure, with the tokens already billed when message_start (or a delta) reported them.
  const failed = (error: unknown): StreamEvent =>
    usageSeen ? { type: 'error', error, usage: convertAnthropicUsage(usage, []) } : { type: 'error', error };

  try {
    for await (const chunk of chunks) {
      const parsed = safeParseAnthropicStreamEvent(chunk);
      if (!parsed.success) {
        // Event types added after this adapter was written are skipped, as the API asks.
        if (parsed.unknownType) continue;
        yield failed(parsed.error);
        return;
      }
      const event = parsed.value;
      switch (event.type) {
        case 'message_start':
          id = event.message.id;
          model = event.message.model;
          usage = mergeAnthropicUsage(usage, event.message.usage, warnings);
          usageSeen = true;
          break;
        case 'content_block_start': {
          const block = event.content_block;
          if (block.type === 'text' && 'text' in block && typeof block.text === 'string') {
            blocks.set(event.index, { kind: 'text' });
            if (block.text !== '') {
              run = run ?? { length: 0, serverBlocks: [] };
              run.length += block.text.length;
              yield { type: 'text-delta', text: block.text };
            }
          } else if (block.type === 'thinking' && 'thinking' in block && typeof block.thinking === 'string') {
            blocks.set(event.index, { kind: 'thinking' });
            if (block.thinking !== '') {
              run = undefined;
              yield { type: 'reasoning-delta', text: block.thinking };
            }
          } else if (block.type === 'redacted_thinking' && 'data' in block && typeof block.data === 'string') {
            blocks.set(event.index, { kind: 'other' });
            run = undefined;
            yield { type: 'reasoning-delta', text: '', redacted: block.data };
          } else if (block.type === 'tool_use' && 'id' in block && typeof block.id === 'string') {
            blocks.set(event.index, { kind: 'tool', id: block.id, name: String(block.name), json: '' });
            run = undefined;
            yield { type: 'tool-call-start', id: block.id, name: String(block.name) };
          } else {
            blocks.set(event.index, { kind: 'server', block: block as AnthropicServerBlock, json: '' });
          }
          break;
        }
        case 'content_block_delta': {
          const block = blocks.get(event.index);
          const delta = event.delta;
          if (delta.type === 'text_delta' && 'text' in delta && typeof delta.text === 'string') {
            if (delta.text === '') break;
            run = run ?? { length: 0, serverBlocks: [] };
            run.length += delta.text.length;
            yield { type: 'text-delta', text: delta.text };
          } else if (delta.type === 'thinking_delta' && 'thinking' in delta && typeof delta.thinking === 'string') {
            run = undefined;
            yield { type: 'reasoning-delta', text: delta.thinking };
          } else if (delta.type === 'signature_delta' && 'signature' in delta && typeof delta.signature === 'string') {
            run = undefined;
            yield { type: 'reasoning-delta', text: '', signature: delta.signature };
          } else if (
            delta.type === 'input_json_delta' &&
            'partial_json' in delta &&
            typeof delta.partial_json === 'string'
          ) {
            if (block?.kind === 'tool') {
              block.json += delta.partial_json;
              if (delta.partial_json !== '')
                yield { type: 'tool-call-delta', id: block.id, argsTextDelta: delta.partial_json };
            } else if (block?.kind === 'server') block.json += delta.partial_json;
          }
          // Other deltas (`citations_delta`) have no IR counterpart: see docs/providers/anthropic.md.
          break;
        }
        case 'content_block_stop': {
          const block = blocks.get(event.index);
          blocks.delete(event.index);
          if (block?.kind === 'tool') yield closeTool(block);
          else if (block?.kind === 'server') {
            const complete =
              block.json === '' ? block.block : { ...block.block, input: toolCallFromText('', '', block.json).args };
            // Streamed input makes the block deeper than the content_block_start that opened it.
            const issue = findJSONValueIssue(complete, { maxDepth: MAX_JSON_DEPTH - SERVER_BLOCK_IR_LEVELS });
            if (issue !== undefined) {
              yield failed(
                new InvalidResponseError({
                  message: `Expected the server block at content index ${event.index} to be JSON nested at most ${MAX_JSON_DEPTH - SERVER_BLOCK_IR_LEVELS} levels deep: ${formatSchemaIssues([issue], 'block')}`,
                }),
              );
              return;
            }
            const hosted = decodeAnthropicHostedBlock(complete);
            if (hosted !== undefined) {
              run = undefined;
              yield hosted.type === 'hosted-tool-call'
                ? { type: 'hosted-tool-call', call: hosted }
                : { type: 'hosted-tool-result', result: hosted };
              break;
            }
            run = run ?? { length: 0, serverBlocks: [] };
            run.serverBlocks.push({ offset: run.length, block: complete });
            yield { type: 'text-delta', text: '', providerMetadata: serverBlocksMetadata([...run.serverBlocks]) };
          }
          break;
        }
        case 'message_delta':
          if (event.delta.stop_reason !== undefined) stopReason = event.delta.stop_reason;
          if (event.delta.stop_sequence !== undefined) stopSequence = event.delta.stop_sequence;
          if (event.delta.stop_details !== undefined) stopDetails = event.delta.stop_details;
          usage = mergeAnthropicUsage(usage, event.usage, warnings);
          usageSeen = true;
          break;
        case 'message_stop': {
          // A tool_use never closed (cut off) still ends, with argsError when its text is partial.
          for (const block of blocks.values()) if (block.kind === 'tool') yield closeTool(block);
          blocks.clear();
          const providerMetadata = anthropicStopMetadata(stopSequence, stopDetails);
          yield {
            type: 'finish',
            finishReason: mapAnthropicStopReason(stopReason),
            rawFinishReason: stopReason,
            usage: convertAnthropicUsage(usage, warnings),
            ...(id === undefined ? {} : { id }),
            ...(model === undefined ? {} : { model }),
            warnings,
            ...(providerMetadata === undefined ? {} : { providerMetadata }),
          };
          return;
        }
        case 'ping':
          break;
        default: {
          const exhaustive: never = event;
          throw new InvalidResponseError({ message: `Unknown Anthropic stream event ${JSON.stringify(exhaustive)}.` });
        }
      }
    }
  } catch (error) {
    // The source failed mid-stream (connection reset, timeout, an SSE `error` event the SDK threw).
    yield failed(error);
    return;
  }
  yield failed(
    new APICallError({
      message: 'Expected the Anthropic stream to end with message_stop, but it ended without one (connection cut?).',
      isRetryable: true,
    }),
  );
}
