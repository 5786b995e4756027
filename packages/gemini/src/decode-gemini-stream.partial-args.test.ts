import { collectStream, InvalidResponseError, type StreamEvent } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiStream } from './decode-gemini-stream';

// Issue 13, item 4: Vertex AI streams the arguments of a call in pieces (`partialArgs`, with
// `willContinue`) when `streamFunctionCallArguments` is on; the decoder used to end the stream
// at the first piece (a functionCall without a name). The shapes: @google/genai 3.3
// `FunctionCall.partialArgs` / `willContinue`, `PartialArg`; the fixture
// `vertex-stream-partial-args.1.chunks.txt` has a whole stream.

async function* from<T>(items: T[]): AsyncIterable<T> {
  yield* items;
}
async function drain(chunks: unknown[]): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of decodeGeminiStream(from(chunks))) out.push(event);
  return out;
}
const chunk = (parts: unknown[], finishReason?: string) => ({
  candidates: [{ content: { role: 'model', parts }, ...(finishReason === undefined ? {} : { finishReason }) }],
});
const start = { functionCall: { name: 'save_note', willContinue: true }, thoughtSignature: 'c2lnLTE=' };
const piece = (jsonPath: string, stringValue: string, more = true) => ({
  functionCall: {
    partialArgs: [{ jsonPath, stringValue, ...(more ? { willContinue: true } : {}) }],
    willContinue: true,
  },
});

describe('decodeGeminiStream: function arguments streamed in pieces', () => {
  it('emits the call once, whole, when its last part arrives — as if Gemini had sent it in one part', async () => {
    const pieces = [
      chunk([start]),
      chunk([piece('$.title', 'Pack', true)]),
      chunk([piece('$.title', 'ing', false)]),
      chunk([{ functionCall: {} }], 'STOP'),
    ];
    const whole = [
      chunk(
        [{ functionCall: { name: 'save_note', args: { title: 'Packing' } }, thoughtSignature: 'c2lnLTE=' }],
        'STOP',
      ),
    ];
    const events = await drain(pieces);
    expect(events.filter((event) => event.type.startsWith('tool-call')).map((event) => event.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
    ]);
    expect(await collectStream(from(events))).toEqual(await collectStream(from(await drain(whole))));
    const response = await collectStream(from(events));
    expect(response.message.content).toEqual([
      expect.objectContaining({
        type: 'tool-call',
        name: 'save_note',
        args: { title: 'Packing' },
        providerMetadata: { gemini: { thoughtSignature: 'c2lnLTE=' } },
      }),
    ]);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('a piece may repeat the name and id, and the last piece may carry values itself', async () => {
    const events = await drain([
      chunk([
        {
          functionCall: {
            name: 'f',
            id: 'fc-1',
            partialArgs: [{ jsonPath: '$.city', stringValue: 'San' }],
            willContinue: true,
          },
        },
      ]),
      chunk(
        [
          {
            functionCall: {
              name: 'f',
              id: 'fc-1',
              partialArgs: [{ jsonPath: '$.days', numberValue: 3 }],
              willContinue: false,
            },
          },
        ],
        'STOP',
      ),
    ]);
    const end = events.find((event) => event.type === 'tool-call-end');
    expect(end).toEqual({
      type: 'tool-call-end',
      toolCall: {
        type: 'tool-call',
        id: 'fc-1',
        name: 'f',
        args: { city: 'San', days: 3 },
        providerMetadata: { gemini: { functionCallId: 'fc-1' } },
      },
    });
  });

  it('ends the stream with an InvalidResponseError at a piece out of sequence, before any call of it', async () => {
    const cases: [unknown[], RegExp][] = [
      // A piece with no call open: the symptom of the issue, now a clear error.
      [[chunk([piece('$.title', 'x')])], /chunk 1 .*Expected a functionCall with a name/],
      [
        [chunk([start]), chunk([{ text: 'Done.' }], 'STOP')],
        /chunk 2 .*next piece of the call to "save_note".*got a part without a functionCall/,
      ],
      [
        [chunk([start]), chunk([{ functionCall: { name: 'other', args: {} } }], 'STOP')],
        /got a functionCall to "other" before that call ended/,
      ],
      [
        [chunk([start]), chunk([{ functionCall: { partialArgs: [{ jsonPath: 'title', stringValue: 'x' }] } }], 'STOP')],
        /partialArgs\[0\]: Expected a JSON path/,
      ],
      [
        [chunk([start]), chunk([piece('$.title', 'x')], 'STOP')],
        /Expected the call to "save_note" to end .* before the Gemini stream finished/,
      ],
    ];
    for (const [chunks, message] of cases) {
      const events = await drain(chunks);
      expect(events.some((event) => event.type.startsWith('tool-call'))).toBe(false);
      const last = events.at(-1);
      expect(last?.type).toBe('error');
      const error = last?.type === 'error' ? last.error : undefined;
      expect(InvalidResponseError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('skips the empty text part Gemini may put beside the last piece', async () => {
    const events = await drain([chunk([start]), chunk([{ text: '' }, { functionCall: {} }], 'STOP')]);
    expect(events.map((event) => event.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'finish',
    ]);
  });
});
