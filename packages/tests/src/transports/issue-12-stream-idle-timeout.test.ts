// Issue 12, item 7: a stream that stalls after its headers was bounded only by the caller's
// signal on OpenAI and Anthropic. The adapter's `timeout` (refined by `streamIdleTimeout`) now
// bounds each wait for the next chunk on every adapter, with a retryable error event after what arrived.
import { APICallError, type StreamEvent } from '@interlingua/core';
import { type ProviderServer, sse } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, REQUEST, servePeer, TRANSPORT_PEERS, textOf } from './transport-peers';

// A small idle bound keeps the tests fast. The start of a call gets a generous `timeout`, so a
// loaded machine cannot fail it before the stream opens; the test timeout only turns a hang into a failure.
const BOUND_MS = 200;
const START_MS = 60_000;
const HANG_GUARD = { timeout: 15_000 };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectIdleTimeout(event: StreamEvent | undefined): void {
  expect(event?.type).toBe('error');
  const error = (event as { error: unknown }).error;
  expect(APICallError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
  expect((error as Error).message).toContain(`within ${BOUND_MS} ms (streamIdleTimeout)`);
  expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
}

describe.each(TRANSPORT_PEERS)('issue 12: a stalled $adapter stream ends on time', (peer) => {
  it(
    'stalled right after the headers: `timeout` alone bounds the wait, an error event says so',
    HANG_GUARD,
    async () => {
      server = await servePeer(peer, sse(peer.format, [], { end: 'hang' }));
      // Without streamIdleTimeout, the wait for a chunk is bounded by `timeout` (here 1.5 s, ample for the start).
      const { events, thrown } = await drain(peer.model(server.url, { timeout: 1_500 }).stream(REQUEST));
      expect(thrown).toBeUndefined();
      expect(events).toHaveLength(1);
      // The bound that fired is `timeout`'s: the idle bound it sets, or (Gemini over @google/genai)
      // the SDK's own per-attempt timeout, armed a moment earlier — either way a retryable error event.
      const error = (events[0] as { type: string; error?: unknown }).error;
      expect(events[0]?.type).toBe('error');
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
      expect((error as Error).message).toContain('within 1500 ms');
      // Not retried mid-stream: the caller decides (the error says it may).
      expect(server.requests).toHaveLength(1);
    },
  );

  it('stalled after some events: what arrived is kept, then the error event', HANG_GUARD, async () => {
    server = await servePeer(peer, sse(peer.format, peer.head, { end: 'hang' }));
    const model = peer.model(server.url, { timeout: START_MS, streamIdleTimeout: BOUND_MS });
    const { events, thrown } = await drain(model.stream(REQUEST));
    expect(thrown).toBeUndefined();
    expect(textOf(events)).toBe(peer.headText);
    expectIdleTimeout(events.at(-1));
    expect(events.filter((event) => event.type === 'error')).toHaveLength(1);
  });

  it('`streamIdleTimeout` refines `timeout` for the waits between chunks', HANG_GUARD, async () => {
    server = await servePeer(peer, sse(peer.format, peer.head, { end: 'hang' }));
    const model = peer.model(server.url, { timeout: START_MS, streamIdleTimeout: BOUND_MS });
    const { events } = await drain(model.stream(REQUEST));
    expect(textOf(events)).toBe(peer.headText);
    expectIdleTimeout(events.at(-1));
  });

  it('a complete stream is not cut by the bound', HANG_GUARD, async () => {
    server = await servePeer(peer, sse(peer.format, peer.head, { splitEvery: 9 }));
    const { events } = await drain(
      peer.model(server.url, { timeout: START_MS, streamIdleTimeout: BOUND_MS }).stream(REQUEST),
    );
    // The head has no finish: the stream ends as cut off, not as timed out.
    expect(textOf(events)).toBe(peer.headText);
    const error = (events.at(-1) as { error?: Error }).error;
    expect(error?.message).not.toMatch(/streamIdleTimeout/);
  });
});
