import type { EncodeResponseOptions, StreamEvent, ToolCallEndEvent } from '@interlingua/core';
import { convertToAnthropicToolInput, readServerBlocks } from './anthropic-replay';
import { convertToAnthropicHostedBlock } from './convert-anthropic-hosted-blocks';
import { convertToAnthropicUsage } from './convert-anthropic-usage';
import { ANTHROPIC_FALLBACK_MESSAGE_ID } from './encode-anthropic-response';
import { convertToAnthropicFinishReason } from './map-anthropic-stop-reason';

/** Options of the Anthropic `encodeStream`: the model to name and, optionally, the message id. */
export type AnthropicEncodeStreamOptions = EncodeResponseOptions & {
  /** The id `message_start` announces (the IR names it only at `finish`, too late). */
  messageId?: string;
  /**
   * The input tokens `message_start` announces. The IR knows usage only at `finish` (where
   * `message_delta` carries the exact counts); clients that read usage at `message_start`
   * (Claude Code) would otherwise see 0. A gateway passes its estimate of the prompt.
   */
  inputTokens?: number;
};

/** One SSE `data` object of a streamed Messages API response; its `type` is the event name. */
export type AnthropicStreamChunk = { type: string; [key: string]: unknown };

type Current = { kind: 'text' | 'thinking' | 'tool'; index: number; id?: string; sentArgs?: boolean };

/**
 * Encodes IR stream events as the event sequence the Messages API streams (the gateway
 * direction): `message_start`, then for each part `content_block_start`, its
 * `content_block_delta`s and `content_block_stop` with increasing `index`, then
 * `message_delta` (stop reason and final usage: `input_tokens` and cache counts are sent
 * there, since the IR knows them only at the end) and `message_stop`. An `error` event becomes
 * an `error` event and ends the stream; events after `finish` are ignored.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/streaming#event-types
 */
export async function* encodeAnthropicStream(
  events: AsyncIterable<StreamEvent>,
  options: AnthropicEncodeStreamOptions = {},
): AsyncIterable<AnthropicStreamChunk> {
  let nextIndex = 0;
  let current: Current | undefined;
  let serverBlocksSent = 0;
  // UTF-16 units of text written in the current run: server blocks sit at offsets into it.
  let runLength = 0;
  let textRun = false;
  // Calls that started while another call's block was open: Anthropic blocks cannot interleave
  // (OpenAI streams parallel calls side by side and ends them all at the finish), so they wait
  // here, with their argument fragments, until the open call ends.
  const waiting = new Map<string, { name: string; deltas: string[]; end: ToolCallEndEvent['toolCall'] | undefined }>();

  yield {
    type: 'message_start',
    message: {
      id: options.messageId ?? ANTHROPIC_FALLBACK_MESSAGE_ID,
      type: 'message',
      role: 'assistant',
      model: options.model ?? 'unknown',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: options.inputTokens ?? 0, output_tokens: 0 },
    },
  };

  function* close(): Generator<AnthropicStreamChunk> {
    if (current === undefined) return;
    yield { type: 'content_block_stop', index: current.index };
    current = undefined;
  }
  function* open(kind: Current['kind'], block: Record<string, unknown>, id?: string): Generator<AnthropicStreamChunk> {
    yield* close();
    current = { kind, index: nextIndex++, ...(id === undefined ? {} : { id }) };
    yield { type: 'content_block_start', index: current.index, content_block: block };
  }

  function* endCall(call: ToolCallEndEvent['toolCall']): Generator<AnthropicStreamChunk> {
    if (current !== undefined && current.sentArgs !== true) {
      const partial_json = JSON.stringify(convertToAnthropicToolInput(call));
      yield { type: 'content_block_delta', index: current.index, delta: { type: 'input_json_delta', partial_json } };
    }
    yield* close();
  }
  /** Opens the waiting calls in order; one that has not ended stays open (unless `all`: then it closes). */
  function* flushWaiting(all: boolean): Generator<AnthropicStreamChunk> {
    for (const [id, call] of waiting) {
      waiting.delete(id);
      yield* open('tool', { type: 'tool_use', id, name: call.name, input: {} }, id);
      for (const partial_json of call.deltas) {
        if (current !== undefined) current.sentArgs = true;
        yield {
          type: 'content_block_delta',
          index: current?.index ?? 0,
          delta: { type: 'input_json_delta', partial_json },
        };
      }
      if (call.end !== undefined) yield* endCall(call.end);
      else if (all) yield* close();
      else return;
    }
  }

  for await (const event of events) {
    if (
      waiting.size > 0 &&
      event.type !== 'tool-call-start' &&
      event.type !== 'tool-call-delta' &&
      event.type !== 'tool-call-end'
    ) {
      yield* flushWaiting(true);
    }
    switch (event.type) {
      case 'text-delta': {
        if (!textRun) {
          serverBlocksSent = 0;
          runLength = 0;
        }
        textRun = true;
        const serverBlocks = readServerBlocks(event.providerMetadata);
        let text = event.text;
        const writeText = function* (piece: string): Generator<AnthropicStreamChunk> {
          if (piece === '') return;
          if (current?.kind !== 'text') yield* open('text', { type: 'text', text: '' });
          yield { type: 'content_block_delta', index: current?.index ?? 0, delta: { type: 'text_delta', text: piece } };
          runLength += piece.length;
        };
        for (const { offset, block } of serverBlocks.slice(serverBlocksSent)) {
          // A whole part in one delta (a served response) holds its blocks mid-text: the text before each goes first.
          const cut = Math.max(0, Math.min(text.length, offset - runLength));
          yield* writeText(text.slice(0, cut));
          text = text.slice(cut);
          yield* close();
          const index = nextIndex++;
          const input = block.type === 'server_tool_use' ? block.input : undefined;
          if (input !== undefined) {
            // Server tool input streams like a client tool's: empty at start, then JSON deltas.
            yield { type: 'content_block_start', index, content_block: { ...block, input: {} } };
            const partial_json = JSON.stringify(input);
            yield { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } };
          } else yield { type: 'content_block_start', index, content_block: block };
          yield { type: 'content_block_stop', index };
        }
        yield* writeText(text);
        serverBlocksSent = Math.max(serverBlocksSent, serverBlocks.length);
        break;
      }
      case 'hosted-tool-call':
      case 'hosted-tool-result': {
        textRun = false;
        // A part from another provider becomes text (see convertToAnthropicHostedBlock); the
        // warning has no place in a stream already under way.
        const block = convertToAnthropicHostedBlock(event.type === 'hosted-tool-call' ? event.call : event.result, []);
        yield* close();
        const index = nextIndex++;
        if (block.type === 'text') {
          yield { type: 'content_block_start', index, content_block: { type: 'text', text: '' } };
          yield { type: 'content_block_delta', index, delta: { type: 'text_delta', text: String(block.text) } };
        } else if (block.type === 'server_tool_use' || block.type === 'mcp_tool_use') {
          // Server tool input streams like a client tool's: empty at start, then JSON deltas.
          yield { type: 'content_block_start', index, content_block: { ...block, input: {} } };
          const partial_json = JSON.stringify(block.input ?? {});
          yield { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } };
        } else yield { type: 'content_block_start', index, content_block: block };
        yield { type: 'content_block_stop', index };
        break;
      }
      case 'reasoning-delta': {
        textRun = false;
        if (event.redacted !== undefined) {
          yield* open('thinking', { type: 'redacted_thinking', data: event.redacted });
          yield* close();
          break;
        }
        if (current?.kind !== 'thinking') yield* open('thinking', { type: 'thinking', thinking: '', signature: '' });
        const index = current?.index ?? 0;
        if (event.text !== '')
          yield { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: event.text } };
        if (event.signature !== undefined) {
          yield { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: event.signature } };
          yield* close();
        }
        break;
      }
      case 'tool-call-start':
        textRun = false;
        if (current?.kind === 'tool' && current.id !== event.id) {
          waiting.set(event.id, { name: event.name, deltas: [], end: undefined });
          break;
        }
        yield* open('tool', { type: 'tool_use', id: event.id, name: event.name, input: {} }, event.id);
        break;
      case 'tool-call-delta': {
        const later = waiting.get(event.id);
        if (later !== undefined) {
          if (event.argsTextDelta !== '') later.deltas.push(event.argsTextDelta);
        } else if (current?.kind === 'tool' && current.id === event.id && event.argsTextDelta !== '') {
          current.sentArgs = true;
          yield {
            type: 'content_block_delta',
            index: current.index,
            delta: { type: 'input_json_delta', partial_json: event.argsTextDelta },
          };
        }
        break;
      }
      case 'tool-call-end': {
        textRun = false;
        const call = event.toolCall;
        const later = waiting.get(call.id);
        if (later !== undefined) {
          later.end = call;
          break;
        }
        if (current?.kind !== 'tool' || current.id !== call.id)
          yield* open('tool', { type: 'tool_use', id: call.id, name: call.name, input: {} }, call.id);
        yield* endCall(call);
        yield* flushWaiting(false);
        break;
      }
      case 'finish': {
        yield* close();
        const metadata = event.providerMetadata?.anthropic;
        const stopSequence = typeof metadata?.stopSequence === 'string' ? metadata.stopSequence : undefined;
        const { output_tokens_details, ...usage } = convertToAnthropicUsage(event.usage);
        yield {
          type: 'message_delta',
          delta: {
            stop_reason: convertToAnthropicFinishReason(event.finishReason, event.rawFinishReason, stopSequence),
            stop_sequence: stopSequence ?? null,
            ...(isObject(metadata?.stopDetails) ? { stop_details: metadata.stopDetails } : {}),
          },
          usage: {
            output_tokens: usage.output_tokens,
            input_tokens: usage.input_tokens,
            ...(usage.cache_creation_input_tokens === null
              ? {}
              : { cache_creation_input_tokens: usage.cache_creation_input_tokens }),
            ...(usage.cache_read_input_tokens === null
              ? {}
              : { cache_read_input_tokens: usage.cache_read_input_tokens }),
            ...(output_tokens_details === null ? {} : { output_tokens_details }),
          },
        };
        yield { type: 'message_stop' };
        return;
      }
      case 'error': {
        yield* close();
        const error: unknown = event.error;
        const field = (name: string): unknown =>
          typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
        const providerType = field('providerErrorType');
        const providerMessage = field('message');
        const type = typeof providerType === 'string' ? providerType : 'api_error';
        const message = typeof providerMessage === 'string' ? providerMessage : String(error);
        yield { type: 'error', error: { type, message } };
        return;
      }
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown stream event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
