import { APICallError, collectStream, InvalidResponseError, type StreamEvent } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiResponse } from './decode-gemini-response';
import { decodeGeminiStream } from './decode-gemini-stream';
import { encodeGeminiStream } from './encode-gemini-stream';

async function* from<T>(items: T[]): AsyncIterable<T> {
  yield* items;
}
async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('decodeGeminiStream', () => {
  it('takes the last cumulative usageMetadata, never the sum', async () => {
    const events = await drain(
      decodeGeminiStream(
        from([
          {
            candidates: [{ content: { role: 'model', parts: [{ text: 'a' }] } }],
            usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1 },
          },
          {
            candidates: [{ content: { role: 'model', parts: [{ text: 'b' }] } }],
            usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 2 },
          },
          {
            candidates: [{ content: { role: 'model', parts: [{ text: 'c' }] }, finishReason: 'STOP' }],
            usageMetadata: {
              promptTokenCount: 10,
              candidatesTokenCount: 3,
              thoughtsTokenCount: 4,
              cachedContentTokenCount: 6,
            },
          },
        ]),
      ),
    );
    expect(events.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      usage: { inputTokens: 10, outputTokens: 7, cachedInputTokens: 6, reasoningTokens: 4 },
      warnings: [],
    });
  });

  it('a blocked prompt ends with content_filter', async () => {
    const events = await drain(
      decodeGeminiStream(
        from([
          { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 } },
        ]),
      ),
    );
    expect(events).toEqual([
      {
        type: 'finish',
        finishReason: 'content_filter',
        rawFinishReason: 'SAFETY',
        usage: { inputTokens: 5, outputTokens: 0 },
        warnings: [],
      },
    ]);
  });

  it('an error chunk, a bad chunk, and a failing source each end the stream in one error event', async () => {
    const quota = { error: { code: 429, message: 'Resource exhausted.', status: 'RESOURCE_EXHAUSTED' } };
    const [fromProvider] = await drain(decodeGeminiStream(from([quota])));
    expect(fromProvider?.type === 'error' && APICallError.isInstance(fromProvider.error)).toBe(true);
    expect(fromProvider?.type === 'error' && (fromProvider.error as APICallError).statusCode).toBe(429);

    const bad = await drain(decodeGeminiStream(from([{ candidates: 'nope' }])));
    expect(bad).toHaveLength(1);
    expect(bad[0]?.type === 'error' && InvalidResponseError.isInstance(bad[0].error)).toBe(true);
    expect(bad[0]?.type === 'error' && (bad[0].error as Error).message).toMatch(
      /^Expected stream chunk 1 to be a Gemini GenerateContentResponse: candidates:/,
    );

    const cause = new Error('socket hang up');
    async function* failing() {
      yield { candidates: [{ content: { role: 'model', parts: [{ text: 'partial' }] } }] };
      throw cause;
    }
    const cut = await drain(decodeGeminiStream(failing()));
    expect(cut).toEqual([
      { type: 'text-delta', text: 'partial' },
      { type: 'error', error: cause },
    ]);
  });

  it('encodeStream → decodeStream keeps text, reasoning, calls, signatures and usage', async () => {
    const events: StreamEvent[] = [
      { type: 'reasoning-delta', text: 'hmm' },
      { type: 'text-delta', text: 'On it.', providerMetadata: { gemini: { thoughtSignature: 's1' } } },
      { type: 'tool-call-start', id: 'c1', name: 'f' },
      { type: 'tool-call-delta', id: 'c1', argsTextDelta: '{"a":1}' },
      { type: 'tool-call-end', toolCall: { type: 'tool-call', id: 'c1', name: 'f', args: { a: 1 } } },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: 'STOP',
        usage: { inputTokens: 3, outputTokens: 9, reasoningTokens: 2 },
        id: 'r1',
      },
    ];
    const chunks = await drain(encodeGeminiStream(from(events), { model: 'gemini-2.5-flash' }));
    expect(chunks).toHaveLength(4);
    const folded = await collectStream(decodeGeminiStream(from(chunks)));
    expect(folded).toEqual({
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hmm' },
          { type: 'text', text: 'On it.', providerMetadata: { gemini: { thoughtSignature: 's1' } } },
          // An id on a Gemini wire call reads as issued by Gemini.
          {
            type: 'tool-call',
            id: 'c1',
            name: 'f',
            args: { a: 1 },
            providerMetadata: { gemini: { functionCallId: 'c1' } },
          },
        ],
      },
      finishReason: 'tool_calls',
      rawFinishReason: 'STOP',
      usage: { inputTokens: 3, outputTokens: 9, reasoningTokens: 2 },
      id: 'r1',
      model: 'gemini-2.5-flash',
      warnings: [],
    });
  });

  it('encodeStream turns an error event into a Gemini error chunk', async () => {
    const chunks = await drain(
      encodeGeminiStream(
        from<StreamEvent>([{ type: 'error', error: new APICallError({ message: 'slow down', statusCode: 429 }) }]),
      ),
    );
    expect(chunks).toEqual([{ error: { code: 429, message: 'slow down', status: 'RESOURCE_EXHAUSTED' } }]);
  });
});

describe('empty text parts (audit)', () => {
  // Gemini ends many streams with `{ text: '' }`; sent back on the next turn such a part is a
  // 400 "required oneof field 'data' must have one initialized field".
  const callThenEmptyText = [
    {
      candidates: [
        { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: '北京' } } }] } },
      ],
      responseId: 'r1',
    },
    {
      candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3 },
      responseId: 'r1',
    },
  ];

  it('leaves an empty text part out of the stream and the folded message', async () => {
    const events = await drain(decodeGeminiStream(from(callThenEmptyText)));
    expect(events.filter((event) => event.type === 'text-delta')).toEqual([]);
    const response = await collectStream(decodeGeminiStream(from(callThenEmptyText)));
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.content.map((part) => part.type)).toEqual(['tool-call']);
  });

  it('leaves an empty text part out of a response, but keeps one that carries a thought signature', () => {
    const response = decodeGeminiResponse({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ functionCall: { name: 'f', args: {} } }, { text: '' }, { text: '', thoughtSignature: 'c2ln' }],
          },
          finishReason: 'STOP',
        },
      ],
    });
    expect(response.message.content).toEqual([
      expect.objectContaining({ type: 'tool-call', name: 'f' }),
      { type: 'text', text: '', providerMetadata: { gemini: { thoughtSignature: 'c2ln' } } },
    ]);
    expect(response.warnings).toEqual([]);
  });
});
