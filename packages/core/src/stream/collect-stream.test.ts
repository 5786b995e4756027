import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error';
import { InvalidResponseError } from '../errors/invalid-response-error';
import type { StreamEvent } from '../ir/stream-event';
import { collectStream } from './collect-stream';
import { responseToStream } from './response-to-stream';

const usage = { inputTokens: 12, outputTokens: 7 };
const finish: StreamEvent = {
  type: 'finish',
  finishReason: 'tool_calls',
  rawFinishReason: 'tool_use',
  usage,
  id: 'msg_1',
  model: 'm',
};

describe('collectStream', () => {
  it('folds text, reasoning and split tool-call arguments in order', async () => {
    const events: StreamEvent[] = [
      { type: 'reasoning-delta', text: 'Let me ' },
      { type: 'reasoning-delta', text: 'think.' },
      { type: 'reasoning-delta', text: '', signature: 'sig-1' },
      { type: 'reasoning-delta', text: '', redacted: 'opaque' },
      { type: 'text-delta', text: 'I need to ' },
      { type: 'text-delta', text: 'check.' },
      { type: 'tool-call-start', id: 'a', name: 'get_weather' },
      { type: 'tool-call-start', id: 'b', name: 'get_time' },
      { type: 'tool-call-delta', id: 'a', argsTextDelta: '{"city":"\\u5317' },
      { type: 'tool-call-delta', id: 'b', argsTextDelta: '{}' },
      { type: 'tool-call-end', toolCall: { type: 'tool-call', id: 'b', name: 'get_time', args: {} } },
      { type: 'tool-call-end', toolCall: { type: 'tool-call', id: 'a', name: 'get_weather', args: { city: '北' } } },
      finish,
    ];
    expect(await collectStream(events)).toEqual({
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Let me think.', signature: 'sig-1' },
          { type: 'reasoning', text: '', redacted: 'opaque' },
          { type: 'text', text: 'I need to check.' },
          { type: 'tool-call', id: 'a', name: 'get_weather', args: { city: '北' } },
          { type: 'tool-call', id: 'b', name: 'get_time', args: {} },
        ],
      },
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_use',
      usage,
      id: 'msg_1',
      model: 'm',
      warnings: [],
    });
  });

  it('keeps a call that never ended with its raw text and argsError', async () => {
    const response = await collectStream([
      { type: 'tool-call-start', id: 'a', name: 'f' },
      { type: 'tool-call-delta', id: 'a', argsTextDelta: '{"q": "abc' },
      { ...finish, finishReason: 'length', rawFinishReason: 'max_tokens' },
    ]);
    const [call] = response.message.content;
    expect(call).toMatchObject({ type: 'tool-call', id: 'a', name: 'f', argsText: '{"q": "abc' });
    // `args` is always an object, empty when the text does not parse (toMatchObject would accept any object).
    expect(call?.type === 'tool-call' && call.args).toEqual({});
    expect(call?.type === 'tool-call' && call.argsError).toMatch(/do not parse/);
  });

  it('throws the error of an error event', async () => {
    const error = new APICallError({ message: 'Overloaded', statusCode: 529, providerErrorType: 'overloaded_error' });
    await expect(
      collectStream([
        { type: 'text-delta', text: 'x' },
        { type: 'error', error },
      ]),
    ).rejects.toBe(error);
  });

  it('keeps the usage billed before a failure on the thrown error (issue 12)', async () => {
    const overloaded = new APICallError({ message: 'Overloaded', providerErrorType: 'overloaded_error' });
    const usage = { inputTokens: 512, outputTokens: 1 };
    const events: StreamEvent[] = [
      { type: 'text-delta', text: 'Hel' },
      { type: 'error', error: overloaded, usage },
    ];
    await expect(collectStream(events)).rejects.toBe(overloaded);
    expect(overloaded.usage).toEqual(usage);
    // A foreign error is thrown as it is.
    const foreign = new Error('not ours');
    await expect(collectStream([{ type: 'error', error: foreign, usage }])).rejects.toBe(foreign);
    expect(foreign).not.toHaveProperty('usage');
  });

  it('rejects a stream that ends without finish', async () => {
    const promise = collectStream([{ type: 'text-delta', text: 'partial' }]);
    await expect(promise).rejects.toThrowError(/Expected a finish event, but the stream ended without one/);
    await expect(collectStream([])).rejects.toSatisfy((error) => InvalidResponseError.isInstance(error));
  });

  it('rejects arguments for a call that never started', async () => {
    await expect(
      collectStream([{ type: 'tool-call-delta', id: 'x', argsTextDelta: '{}' }, finish]),
    ).rejects.toThrowError(/Expected a tool-call-start before arguments of call "x"/);
  });

  it('is the inverse of responseToStream', async () => {
    const response = {
      message: {
        role: 'assistant' as const,
        content: [
          { type: 'text' as const, text: 'a', providerMetadata: { gemini: { thoughtSignature: 'ts' } } },
          { type: 'tool-call' as const, id: 'c', name: 'f', args: {}, argsText: '{', argsError: 'bad' },
          { type: 'text' as const, text: 'b' },
        ],
      },
      finishReason: 'length' as const,
      rawFinishReason: 'MAX_TOKENS',
      usage: { inputTokens: 1, outputTokens: 2, reasoningTokens: 1 },
      warnings: [{ type: 'unsupported' as const, feature: 'topP', message: 'ignored' }],
    };
    expect(await collectStream(responseToStream(response))).toEqual(response);
  });

  it('keeps text of another kind (a boolean metadata flag, such as a refusal) in a part of its own', async () => {
    const refusal = { openai: { refusal: true } };
    const events: StreamEvent[] = [
      { type: 'text-delta', text: 'Here is ' },
      { type: 'text-delta', text: 'the start.' },
      { type: 'text-delta', text: "I can't ", providerMetadata: refusal },
      { type: 'text-delta', text: 'help with that.', providerMetadata: refusal },
      // A signature on an empty last delta still lands on the part before it.
      { type: 'text-delta', text: '', providerMetadata: { gemini: { thoughtSignature: 'ts' } } },
      // `refusal: false` is the same kind as no flag at all.
      { type: 'text-delta', text: 'Back to the answer.', providerMetadata: { openai: { refusal: false } } },
      { type: 'text-delta', text: ' More.' },
      { ...finish, finishReason: 'refusal', rawFinishReason: 'stop' },
    ];
    const response = await collectStream(events);
    expect(response.message.content).toEqual([
      { type: 'text', text: 'Here is the start.' },
      {
        type: 'text',
        text: "I can't help with that.",
        providerMetadata: { openai: { refusal: true }, gemini: { thoughtSignature: 'ts' } },
      },
      { type: 'text', text: 'Back to the answer. More.', providerMetadata: { openai: { refusal: false } } },
    ]);
    // …and so an answer followed by a refusal survives responseToStream.
    expect(await collectStream(responseToStream(response))).toEqual(response);
  });
});
