import { fileURLToPath } from 'node:url';
import {
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidResponseError,
  type StreamEvent,
} from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { arbitraryChatRequest, loadCodecFixtures } from '@interlingua/testkit';
import { runCodecConformance } from '@interlingua/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic-codec';

const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));
const fixtures = loadCodecFixtures(fixturesDir);

runCodecConformance(anthropicCodec, fixtures, {
  model: 'claude-sonnet-4-6',
  // `max_tokens` is required on the wire, so a decoded request always has `maxOutputTokens`.
  requests: arbitraryChatRequest().map((request): ChatRequest => ({ maxOutputTokens: 1024, ...request })),
  // The Anthropic stream names id and model in `message_start`, before the IR stream knows
  // them; the provider's stop word replaces a null `rawFinishReason`.
  normalizeResponse: ({ id: _id, model: _model, ...response }) => ({ ...response, rawFinishReason: null }),
  numRuns: 40,
});

async function* toAsync<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}
async function decode(chunks: readonly unknown[]): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of anthropicCodec.decodeStream(toAsync(chunks))) events.push(event);
  return events;
}
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};

describe('anthropicCodec.decodeStream', () => {
  it('ignores ping and turns an overloaded_error event into an error event with an APICallError', async () => {
    const events = await decode(fixture('anthropic-ping-error.1').chunks ?? []);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'error']);
    const last = events.at(-1);
    if (last?.type !== 'error') throw new Error('expected an error event');
    expect(APICallError.isInstance(last.error)).toBe(true);
    expect(last.error).toMatchObject({
      message: 'Overloaded',
      providerErrorType: 'overloaded_error',
      isRetryable: true,
      responseBody: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    });
  });

  it('ends with an error event when the stream stops before message_stop', async () => {
    const chunks = fixture('anthropic-weather-tool-use.1').chunks ?? [];
    const events = await decode(chunks.slice(0, -2));
    expect(events.filter((event) => event.type === 'finish')).toEqual([]);
    const last = events.at(-1);
    if (last?.type !== 'error') throw new Error('expected an error event');
    // A cut stream is retryable, and the input tokens message_start reported were billed.
    expect(last.error).toMatchObject({ code: 'API_CALL_ERROR', isRetryable: true });
    expect(String(last.error)).toContain('message_stop');
    expect(last.usage?.inputTokens).toBeGreaterThan(0);
  });

  it('streams a tool call: start, every non-empty fragment, then the parsed call', async () => {
    const events = await decode(fixture('anthropic-split-input-json.1').chunks ?? []);
    const deltas = events.flatMap((event) => (event.type === 'tool-call-delta' ? [event.argsTextDelta] : []));
    expect(deltas.join('')).toBe('{"note": "say \\"hi\\" 😀", "path": "C:\\\\tmp"}');
    expect(deltas).not.toContain('');
    expect(events[0]).toEqual({ type: 'tool-call-start', id: 'toolu_01SplitArgs8uI', name: 'save_note' });
  });

  it('lets message_delta.usage override message_start.usage field by field', async () => {
    const events = await decode([
      {
        type: 'message_start',
        message: { id: 'msg_1', model: 'm', usage: { input_tokens: 10, cache_read_input_tokens: 5, output_tokens: 1 } },
      },
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 7, input_tokens: null, cache_creation_input_tokens: 3 },
      },
      { type: 'message_stop' },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'finish',
      usage: { inputTokens: 18, outputTokens: 7, cachedInputTokens: 5, cacheWriteTokens: 3 },
    });
  });

  it('reports a chunk that is not an Anthropic event as an error event, and skips unknown event types', async () => {
    const events = await decode([{ type: 'message_start', message: { id: 'x' } }]);
    expect(events).toHaveLength(1);
    expect(InvalidResponseError.isInstance((events[0] as { error?: unknown }).error)).toBe(true);
    const skipped = await decode([{ type: 'some_future_event' }, { type: 'message_stop' }]);
    expect(skipped.map((event) => event.type)).toEqual(['finish']);
  });
});

describe('anthropicCodec.decodeResponse', () => {
  it('throws InvalidResponseError naming the missing field', () => {
    expect(() => anthropicCodec.decodeResponse({ id: 'msg', content: [] })).toThrow(/model/);
    expect(() => anthropicCodec.decodeResponse('nope')).toThrow(InvalidResponseError);
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['tool_use', 'tool_calls'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['pause_turn', 'pause'],
    ['refusal', 'refusal'],
    ['some_future_reason', 'other'],
  ])('maps stop_reason %s to %s, keeping the raw word (response and stream)', async (stopReason, finishReason) => {
    const usage = { input_tokens: 10, output_tokens: 2 };
    const response = anthropicCodec.decodeResponse({
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [{ type: 'text', text: 'Hi' }],
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    });
    expect(response).toMatchObject({ finishReason, rawFinishReason: stopReason });
    const events = await decode([
      {
        type: 'message_start',
        message: {
          id: 'msg_01',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-6',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 2 } },
      { type: 'message_stop' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason, rawFinishReason: stopReason });
  });
});

describe('gateway round trips on the fixtures (thinking, server blocks, stop sequence, refusal, cache usage)', () => {
  for (const { name, expected } of fixtures) {
    if (expected === undefined) continue;
    it(`${name}: decodeResponse(encodeResponse(ir)) and the stream both give the IR back`, async () => {
      const body = anthropicCodec.encodeResponse(expected).value;
      expect(anthropicCodec.decodeResponse(body)).toEqual(expected);
      const chunks: unknown[] = [];
      for await (const chunk of anthropicCodec.encodeStream(toAsync(responseToStream(expected)), {
        model: expected.model ?? 'm',
        messageId: expected.id ?? 'msg',
      }))
        chunks.push(chunk);
      expect(await collectStream(anthropicCodec.decodeStream(toAsync(chunks)))).toEqual(expected);
    });
  }

  it('writes server blocks back where they were in a response body', () => {
    const { expected, body } = fixture('anthropic-pause-turn-web-search.1');
    if (expected === undefined) throw new Error('fixture without IR');
    const original = body as { content: { type: string }[] };
    const encoded = anthropicCodec.encodeResponse(expected).value;
    expect(encoded.content.map((block) => block.type)).toEqual(original.content.map((block) => block.type));
    expect(encoded.content.slice(1)).toEqual(original.content.slice(1));
    expect(encoded.stop_reason).toBe('pause_turn');
  });
});
