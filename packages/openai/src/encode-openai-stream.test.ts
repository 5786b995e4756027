import type { StreamEvent } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { encodeOpenAIStream } from './encode-openai-stream';

async function* from(items: StreamEvent[]): AsyncIterable<StreamEvent> {
  yield* items;
}

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('encodeOpenAIStream', () => {
  it('emits chunks in the order the API does: role, content, call head, arguments, finish, usage last', async () => {
    const call = { type: 'tool-call' as const, id: 'call_1', name: 'get_weather', args: { city: 'Paris' } };
    const chunks = await drain(
      encodeOpenAIStream(
        from([
          { type: 'text-delta', text: 'Checking.' },
          { type: 'tool-call-start', id: 'call_1', name: 'get_weather' },
          { type: 'tool-call-delta', id: 'call_1', argsTextDelta: '{"city":"Paris"}' },
          { type: 'tool-call-end', toolCall: call },
          {
            type: 'finish',
            finishReason: 'tool_calls',
            rawFinishReason: 'tool_calls',
            usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 4 },
            id: 'chatcmpl-9',
            model: 'gpt-4.1-2025-04-14',
          },
        ]),
        { model: 'gpt-4.1', id: 'chatcmpl-9', created: 1767225600 },
      ),
    );
    const common = { id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1767225600 };
    const choice = (delta: object, finish: string | null = null) => ({
      ...common,
      model: 'gpt-4.1',
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      usage: null,
    });
    expect(chunks).toEqual([
      choice({ role: 'assistant', content: '', refusal: null }),
      choice({ content: 'Checking.' }),
      choice({
        tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }),
      choice({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }),
      { ...choice({}, 'tool_calls'), model: 'gpt-4.1-2025-04-14' },
      {
        ...common,
        model: 'gpt-4.1-2025-04-14',
        choices: [],
        usage: {
          prompt_tokens: 10,
          completion_tokens: 5,
          total_tokens: 15,
          prompt_tokens_details: { cached_tokens: 4 },
        },
      },
    ]);
  });

  it('leaves out the usage chunk when the client did not ask for it', async () => {
    const chunks = await drain(
      encodeOpenAIStream(
        from([
          { type: 'finish', finishReason: 'stop', rawFinishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } },
        ]),
        { includeUsage: false },
      ),
    );
    expect(chunks.map((chunk) => chunk.choices.map((choice) => choice.finish_reason))).toEqual([[null], ['stop']]);
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
  });

  it('rethrows an error event for the caller to frame', async () => {
    const failure = new Error('upstream failed');
    await expect(drain(encodeOpenAIStream(from([{ type: 'error', error: failure }])))).rejects.toBe(failure);
  });
});
