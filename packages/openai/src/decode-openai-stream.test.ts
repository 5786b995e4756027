import { APICallError, collectStream, InvalidResponseError, type StreamEvent } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIStream } from './decode-openai-stream';

const head = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1' };
const delta = (value: object, finish: string | null = null) => ({
  ...head,
  choices: [{ index: 0, delta: value, logprobs: null, finish_reason: finish }],
});

async function* from(items: unknown[], fail?: Error): AsyncIterable<unknown> {
  yield* items;
  if (fail !== undefined) throw fail;
}

async function drain(chunks: AsyncIterable<unknown>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of decodeOpenAIStream(chunks)) events.push(event);
  return events;
}

describe('decodeOpenAIStream', () => {
  it('merges interleaved fragments of parallel calls by index and emits deltas as they come', async () => {
    const events = await drain(
      from([
        delta({ role: 'assistant', content: null }),
        delta({ tool_calls: [{ index: 0, id: 'c0', type: 'function', function: { name: 'a', arguments: '' } }] }),
        delta({ tool_calls: [{ index: 1, id: 'c1', type: 'function', function: { name: 'b', arguments: '{"y":' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '{"x":"\\u00' } }] }),
        delta({ tool_calls: [{ index: 1, function: { arguments: '2}' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: 'e9"}' } }] }),
        delta({}, 'tool_calls'),
      ]),
    );
    expect(events).toEqual([
      { type: 'tool-call-start', id: 'c0', name: 'a' },
      { type: 'tool-call-start', id: 'c1', name: 'b' },
      { type: 'tool-call-delta', id: 'c1', argsTextDelta: '{"y":' },
      { type: 'tool-call-delta', id: 'c0', argsTextDelta: '{"x":"\\u00' },
      { type: 'tool-call-delta', id: 'c1', argsTextDelta: '2}' },
      { type: 'tool-call-delta', id: 'c0', argsTextDelta: 'e9"}' },
      { type: 'tool-call-end', toolCall: { type: 'tool-call', id: 'c0', name: 'a', args: { x: 'é' } } },
      { type: 'tool-call-end', toolCall: { type: 'tool-call', id: 'c1', name: 'b', args: { y: 2 } } },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: 'tool_calls',
        usage: { inputTokens: 0, outputTokens: 0 },
        id: 'chatcmpl-1',
        model: 'gpt-4.1',
        warnings: [],
      },
    ]);
  });

  it('accepts whole calls without index or id in one delta, finished with stop (some compatible servers)', async () => {
    const response = await collectStream(
      decodeOpenAIStream(
        from([
          delta({ role: 'assistant', tool_calls: [{ function: { name: 'ping', arguments: '{}' } }] }),
          delta({}, 'stop'),
        ]),
      ),
    );
    expect(response.message.content).toEqual([{ type: 'tool-call', id: 'call_0', name: 'ping', args: {} }]);
    expect([response.finishReason, response.rawFinishReason]).toEqual(['tool_calls', 'stop']);
  });

  it('ends a stream without a finish chunk (cut off) with a retryable APICallError event', async () => {
    const events = await drain(from([delta({ role: 'assistant', content: 'Hel' })]));
    expect(events.at(-1)).toEqual({ type: 'error', error: expect.any(APICallError) });
    const error = (events.at(-1) as { error: APICallError }).error;
    expect(error.message).toMatch(/ended without one/);
    expect(error.isRetryable).toBe(true);
  });

  it('turns an error thrown by the chunk source into an error event, keeping the error', async () => {
    const boom = new Error('socket hang up');
    const events = await drain(from([delta({ content: 'Hi' })], boom));
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'error', error: boom },
    ]);
  });

  it('keeps the usage a server reported on its chunks when the stream then fails (issue 12)', async () => {
    // vLLM's `stream_options.continuous_usage_stats` puts the running usage on every chunk.
    const usage = { prompt_tokens: 40, completion_tokens: 3, total_tokens: 43 };
    const boom = new Error('socket hang up');
    const cut = await drain(from([{ ...delta({ content: 'Hi' }), usage }]));
    expect(cut.at(-1)).toEqual({
      type: 'error',
      error: expect.any(APICallError),
      usage: { inputTokens: 40, outputTokens: 3 },
    });
    const thrown = await drain(from([{ ...delta({ content: 'Hi' }), usage }], boom));
    expect(thrown.at(-1)).toEqual({ type: 'error', error: boom, usage: { inputTokens: 40, outputTokens: 3 } });
  });

  it('reports a chunk it cannot read', async () => {
    const events = await drain(from([{ choices: 'nope' }]));
    expect(events).toEqual([{ type: 'error', error: expect.any(InvalidResponseError) }]);
    expect((events[0] as { error: Error }).error.message).toMatch(/^Expected a Chat Completions stream chunk: /);
  });

  it('reads reasoning_content deltas of compatible servers (DeepSeek, vLLM) as reasoning', async () => {
    const response = await collectStream(
      decodeOpenAIStream(
        from([
          delta({ role: 'assistant', content: null, reasoning_content: 'Think' }),
          delta({ reasoning_content: 'ing.' }),
          delta({ content: 'Answer' }),
          delta({}, 'stop'),
        ]),
      ),
    );
    expect(response.message.content).toEqual([
      { type: 'reasoning', text: 'Thinking.' },
      { type: 'text', text: 'Answer' },
    ]);
  });
});
