// Issue 31, item 4: Vertex AI's streamed arguments (`partialArgs`, `willContinue`) become
// `tool-call-delta` events as they arrive, and the stream folds to exactly the call the
// non-streamed answer holds — for every split of the arguments into pieces and of the pieces
// into chunks. The deltas joined are the arguments' JSON, a prefix of it at every step.
import { collectStream, type JSONObject, type JSONValue, type StreamEvent } from '@interlingua/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GeminiPartialArg } from './assemble-gemini-partial-args';
import { decodeGeminiResponse } from './decode-gemini-response';
import { decodeGeminiStream } from './decode-gemini-stream';

const RESPONSE_ID = 'W7AeadyaH4-Gk9EPt5Wd6Qk';
const SIGNATURE = 'CiwBjz1rX5zLqY0uTm3kVbHn2Jc8sWfQe7dXaR4gPz1oLk9vMhN6tUyBc2Fs';
// The arguments of `vertex-stream-partial-args.1`, plus a nested object, an escape and a non-ASCII text.
const ARGS: JSONObject = {
  title: 'Packing list for Tokyo',
  items: ['rain jacket', 'umbrella'],
  trip: { city: '東京 "Tokyo"\n', nights: 2 },
  days: 3,
  urgent: false,
  note: null,
};

type Leaf = { path: string; value: string | number | boolean | null };

// The leaves of the arguments in document order, each with its RFC 9535 path.
function leaves(value: JSONValue, path = '$'): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item as JSONValue, `${path}.${key}`));
  return [{ path, value }];
}

// A leaf as pieces: a string cut at `cuts` (continued with willContinue), any other value whole.
function piecesOf(leaf: Leaf, cuts: readonly number[]): GeminiPartialArg[] {
  const { path, value } = leaf;
  if (typeof value === 'number') return [{ jsonPath: path, numberValue: value }];
  if (typeof value === 'boolean') return [{ jsonPath: path, boolValue: value }];
  if (value === null) return [{ jsonPath: path, nullValue: null }];
  const at = [...new Set(cuts.filter((cut) => cut > 0 && cut < value.length))].sort((a, b) => a - b);
  const bounds = [0, ...at, value.length];
  return bounds.slice(1).map((end, index) => ({
    jsonPath: path,
    stringValue: value.slice(bounds[index], end),
    ...(index < bounds.length - 2 ? { willContinue: true } : {}),
  }));
}

const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, ...extra }],
  usageMetadata: { promptTokenCount: 52, candidatesTokenCount: 24, totalTokenCount: 76 },
  modelVersion: 'gemini-3-pro-preview',
  responseId: RESPONSE_ID,
});

// The stream Vertex sends: a signed first part with the name, the pieces grouped `per` a chunk, an empty closing call.
function streamOf(pieces: GeminiPartialArg[], per: number): unknown[] {
  const chunks: unknown[] = [
    chunk([{ functionCall: { name: 'save_note', willContinue: true }, thoughtSignature: SIGNATURE }]),
  ];
  for (let start = 0; start < pieces.length; start += per)
    chunks.push(chunk([{ functionCall: { partialArgs: pieces.slice(start, start + per), willContinue: true } }]));
  chunks.push(chunk([{ functionCall: {} }], { finishReason: 'STOP' }));
  return chunks;
}

async function* fromArray(chunks: unknown[]): AsyncIterable<unknown> {
  yield* chunks;
}

// The same answer unstreamed: one whole call.
const whole = decodeGeminiResponse(
  chunk([{ functionCall: { name: 'save_note', args: ARGS }, thoughtSignature: SIGNATURE }], { finishReason: 'STOP' }),
);

async function check(pieces: GeminiPartialArg[], per: number): Promise<void> {
  const events: StreamEvent[] = [];
  for await (const event of decodeGeminiStream(fromArray(streamOf(pieces, per)))) events.push(event);
  const response = await collectStream(events);
  expect(response.message).toEqual(whole.message);
  const deltas = events.flatMap((event) => (event.type === 'tool-call-delta' ? [event.argsTextDelta] : []));
  expect(deltas.join('')).toBe(JSON.stringify(ARGS));
  // Streamed, not held back: the call starts first, and text arrives with the pieces.
  expect(events[0]?.type).toBe('tool-call-start');
  expect(deltas.length).toBeGreaterThanOrEqual(Math.min(pieces.length, Math.ceil(pieces.length / per)));
}

describe('Vertex AI streamed arguments as tool-call deltas', () => {
  const all = leaves(ARGS);

  it('fold to the non-streamed call for every single cut of every string, one piece per chunk', async () => {
    for (const [index, leaf] of all.entries()) {
      if (typeof leaf.value !== 'string') continue;
      for (let cut = 1; cut < leaf.value.length; cut++) {
        const pieces = all.flatMap((other, at) => piecesOf(other, at === index ? [cut] : []));
        await check(pieces, 1);
      }
    }
  });

  it('fold to the non-streamed call for any cuts and any grouping of pieces into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.nat({ max: 30 }), { maxLength: 6 }), { minLength: all.length, maxLength: all.length }),
        fc.integer({ min: 1, max: 5 }),
        async (cuts, per) => {
          const pieces = all.flatMap((leaf, index) => piecesOf(leaf, cuts[index] ?? []));
          await check(pieces, per);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('stops streaming text (the call still ends whole) when a piece goes back to a value already left', async () => {
    const pieces: GeminiPartialArg[] = [
      { jsonPath: '$.title', stringValue: 'Packing' },
      { jsonPath: '$.days', numberValue: 3 },
      // Rewrites the title after the stream moved on: the text sent so far cannot be extended.
      { jsonPath: '$.title', stringValue: 'Packing list' },
    ];
    const events: StreamEvent[] = [];
    for await (const event of decodeGeminiStream(fromArray(streamOf(pieces, 1)))) events.push(event);
    const deltas = events.flatMap((event) => (event.type === 'tool-call-delta' ? [event.argsTextDelta] : []));
    expect(deltas.join('')).toBe('{"title":"Packing","days":3');
    const response = await collectStream(events);
    expect(response.message.content).toMatchObject([{ type: 'tool-call', args: { title: 'Packing list', days: 3 } }]);
  });
});
