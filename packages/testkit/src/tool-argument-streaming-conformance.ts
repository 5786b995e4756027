import type { ChatRequest, Codec, StreamEvent } from '@interlingua/core';
import { expect, it } from 'vitest';
import type { CodecFixture } from './load-codec-fixtures';

async function* toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  yield* items;
}

/**
 * The conformance cases of streamed tool arguments (issue 31): the `tool-call-delta` text of a
 * call, joined, is the JSON of the arguments its `tool-call-end` carries (a UI that shows the
 * call as it is written shows the call that is run), in every stream fixture; and a request asking
 * for `toolArgumentStreaming` encodes, streamed or not.
 */
export function registerToolArgumentStreamingConformance(
  codec: Codec<unknown, unknown, unknown>,
  fixtures: readonly CodecFixture[],
  model: string,
): void {
  it('streams argument text that is the arguments of the ended call, in every stream fixture', async () => {
    for (const fixture of fixtures) {
      if (fixture.chunks === undefined) continue;
      const texts = new Map<string, string>();
      const events: StreamEvent[] = [];
      for await (const event of codec.decodeStream(toAsync(fixture.chunks))) events.push(event);
      for (const event of events) {
        if (event.type === 'tool-call-delta') texts.set(event.id, (texts.get(event.id) ?? '') + event.argsTextDelta);
        if (event.type !== 'tool-call-end' || event.toolCall.argsError !== undefined) continue;
        const text = texts.get(event.toolCall.id) ?? '';
        if (text.trim() !== '') expect(JSON.parse(text), fixture.name).toEqual(event.toolCall.args);
      }
    }
  });

  it('encodes a request asking for toolArgumentStreaming, streamed or not', () => {
    const request: ChatRequest = {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Save a note.' }] }],
      tools: [{ name: 'save_note', description: 'Saves a note.', inputSchema: { type: 'object', properties: {} } }],
      toolArgumentStreaming: true,
    };
    for (const stream of [false, true]) expect(() => codec.encodeRequest(request, { model, stream })).not.toThrow();
  });
}
