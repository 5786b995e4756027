import { collectStream, type JSONObject } from '@interlingua/core';
import { arbitraryArgs } from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIStream } from './decode-openai-stream';

// What the API sends for non-ASCII text: `\uXXXX` escapes, so fragments can split inside one.
const escapeNonAscii = (text: string) =>
  text.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Cuts `text` at the given code-unit offsets: inside escapes, surrogate pairs, anywhere. */
function cut(text: string, offsets: number[]): string[] {
  const points = [...new Set(offsets.map((offset) => offset % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

async function* chunksFor(calls: { id: string; name: string; pieces: string[] }[]): AsyncIterable<unknown> {
  const envelope = { id: 'chatcmpl-p', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1' };
  const delta = (value: object, finish: string | null = null) => ({
    ...envelope,
    choices: [{ index: 0, delta: value, logprobs: null, finish_reason: finish }],
  });
  yield delta({ role: 'assistant', content: null });
  for (const [index, call] of calls.entries()) {
    yield delta({
      tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
    });
    for (const piece of call.pieces) yield delta({ tool_calls: [{ index, function: { arguments: piece } }] });
  }
  yield delta({}, 'tool_calls');
}

describe('decodeOpenAIStream over arbitrary argument splits', () => {
  it('rebuilds every call exactly, however its argument text is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(arbitraryArgs(), fc.boolean(), fc.array(fc.nat(), { maxLength: 12 })), {
          minLength: 1,
          maxLength: 3,
        }),
        async (drafts) => {
          const calls = drafts.map(([args, escaped, offsets], index) => {
            const text = escaped ? escapeNonAscii(JSON.stringify(args)) : JSON.stringify(args);
            return { id: `call_${index}`, name: 'tool', pieces: cut(text, offsets), args };
          });
          const response = await collectStream(decodeOpenAIStream(chunksFor(calls)));
          expect(response.message.content).toEqual(
            calls.map((call) => ({ type: 'tool-call', id: call.id, name: 'tool', args: call.args as JSONObject })),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
