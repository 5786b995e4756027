import { fileURLToPath } from 'node:url';
import {
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidResponseError,
  type ModelResponse,
  type StreamEvent,
} from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runCodecConformance } from '@interlingua/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { bedrockCodec } from './bedrock-codec';
import { historyTools } from './bedrock-prepare-tools';

const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));
const fixtures = loadCodecFixtures(fixturesDir);

// What Converse cannot carry: it has no `none` tool choice (the tools go without a choice), and
// names no response id or model; the provider's stop word replaces a null `rawFinishReason`.
// A history with calls but no declared tools gets the tools it calls declared (Converse requires a toolConfig).
const normalizeRequest = (request: ChatRequest): ChatRequest => {
  const { toolChoice, ...rest } = request;
  const normalized: ChatRequest = toolChoice === 'none' ? rest : request;
  const called = request.messages.flatMap((message) =>
    message.role === 'assistant'
      ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.name] : []))
      : [],
  );
  if ((request.tools ?? []).length > 0 || called.length === 0) return normalized;
  const { toolChoice: _dropped, ...withoutChoice } = normalized;
  return { ...withoutChoice, tools: historyTools(called) };
};
const normalizeResponse = ({ id: _id, model: _model, ...response }: ModelResponse): ModelResponse => ({
  ...response,
  rawFinishReason: null,
});

runCodecConformance(bedrockCodec, fixtures, {
  model: 'anthropic.claude-sonnet-4-20250514-v1:0',
  normalizeRequest,
  normalizeResponse,
  numRuns: 40,
});

async function* toAsync<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}
async function decode(chunks: readonly unknown[]): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of bedrockCodec.decodeStream(toAsync(chunks))) events.push(event);
  return events;
}
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};

describe('bedrockCodec.decodeStream', () => {
  it('turns a modelStreamErrorException mid-stream into an error event with a retryable APICallError', async () => {
    const events = await decode(fixture('bedrock-stream-error.1').chunks ?? []);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'error']);
    const last = events.at(-1);
    if (last?.type !== 'error') throw new Error('expected an error event');
    expect(APICallError.isInstance(last.error)).toBe(true);
    expect(last.error).toMatchObject({
      message: 'Model stream error: the model returned an unexpected error.',
      providerErrorType: 'ModelStreamErrorException',
      isRetryable: true,
    });
  });

  it.each([
    ['throttlingException', 'ThrottlingException', true],
    ['validationException', 'ValidationException', false],
    ['internalServerException', 'InternalServerException', true],
    ['serviceUnavailableException', 'ServiceUnavailableException', true],
  ])('maps a %s event to %s (retryable: %s)', async (member, type, retryable) => {
    const events = await decode([{ messageStart: { role: 'assistant' } }, { [member]: { message: 'boom' } }]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'error',
      error: { providerErrorType: type, isRetryable: retryable, message: 'boom' },
    });
  });

  it('ends with an error event when the stream stops before messageStop', async () => {
    const events = await decode(fixture('bedrock-stream-cut-off.1').chunks ?? []);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'error']);
    const last = events.at(-1);
    expect(last?.type === 'error' && InvalidResponseError.isInstance(last.error)).toBe(true);
    expect(String(last?.type === 'error' ? last.error : '')).toContain('messageStop');
  });

  it('finishes with zero usage and a warning when the metadata event never comes', async () => {
    const chunks = fixture('bedrock-text.1').chunks ?? [];
    const events = await decode(chunks.slice(0, -1));
    expect(events.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: 'stop',
      usage: { inputTokens: 0, outputTokens: 0 },
      warnings: [{ type: 'other', feature: 'usage' }],
    });
  });

  it('streams tool input fragments as they come and closes a call cut off by max_tokens', async () => {
    const events = await decode(fixture('bedrock-max-tokens-tool-use.1').chunks ?? []);
    expect(events.map((event) => event.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'finish',
    ]);
    expect(events[2]).toMatchObject({
      toolCall: { args: {}, argsText: '{"title": "Trip", "body": "Day 1: arrive in Ky' },
    });
  });

  it('reads a chunk that is not a Converse event as an error event, not a throw', async () => {
    const events = await decode([{ contentBlockDelta: { contentBlockIndex: 'x' } }]);
    expect(events).toHaveLength(1);
    expect(events[0]?.type === 'error' && InvalidResponseError.isInstance(events[0].error)).toBe(true);
    const orphan = await decode([{ contentBlockDelta: { contentBlockIndex: 3, delta: { toolUse: { input: '{}' } } } }]);
    expect(orphan[0]?.type === 'error' && String(orphan[0].error)).toContain('contentBlockStart');
  });

  it('accepts the SDK’s Uint8Array for redactedContent and reads it as base64', async () => {
    const bytes = Uint8Array.from([1, 2, 3, 250]);
    const events = await decode([
      { messageStart: { role: 'assistant' } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { redactedContent: bytes } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'end_turn' } },
      { metadata: { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, metrics: { latencyMs: 1 } } },
    ]);
    expect(events[0]).toEqual({ type: 'reasoning-delta', text: '', redacted: Buffer.from(bytes).toString('base64') });
  });
});

describe('bedrockCodec.decodeResponse', () => {
  it('throws InvalidResponseError naming the bad field', () => {
    expect(() => bedrockCodec.decodeResponse({ output: { message: { role: 'assistant', content: [] } } })).toThrow(
      /stopReason/,
    );
    expect(() => bedrockCodec.decodeResponse('nope')).toThrow(InvalidResponseError);
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['tool_use', 'tool_calls'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['guardrail_intervened', 'content_filter'],
    ['content_filtered', 'content_filter'],
    ['malformed_model_output', 'error'],
    ['malformed_tool_use', 'error'],
    ['some_future_reason', 'other'],
  ])('maps stopReason %s to %s, keeping the raw word', (stopReason, finishReason) => {
    const response = bedrockCodec.decodeResponse({
      output: { message: { role: 'assistant', content: [{ text: 'Hi' }] } },
      stopReason,
      usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 },
      metrics: { latencyMs: 5 },
    });
    expect(response).toMatchObject({ finishReason, rawFinishReason: stopReason });
  });

  it('keeps a cachePoint on the part before it and skips blocks the IR has no place for, with a warning', () => {
    const response = bedrockCodec.decodeResponse({
      output: {
        message: {
          role: 'assistant',
          content: [{ text: 'A' }, { cachePoint: { type: 'default' } }, { guardContent: { text: { text: 'x' } } }],
        },
      },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      metrics: { latencyMs: 1 },
    });
    expect(response.message.content).toEqual([{ type: 'text', text: 'A', cacheBreakpoint: {} }]);
    expect(response.warnings).toMatchObject([
      { type: 'unsupported', feature: 'output.message.content[2].guardContent' },
    ]);
  });
});

describe('gateway round trips on the fixtures (reasoning, redacted, cache usage, guardrail trace)', () => {
  for (const { name, expected } of fixtures) {
    if (expected === undefined) continue;
    it(`${name}: decodeResponse(encodeResponse(ir)) and the stream both give the IR back`, async () => {
      const body = bedrockCodec.encodeResponse(expected).value;
      expect(bedrockCodec.decodeResponse(body)).toEqual(expected);
      const chunks: unknown[] = [];
      for await (const chunk of bedrockCodec.encodeStream(toAsync(responseToStream(expected)))) chunks.push(chunk);
      expect(await collectStream(bedrockCodec.decodeStream(toAsync(chunks)))).toEqual(expected);
    });
  }
});
