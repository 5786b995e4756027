// Issue 12, item 8: unknown transport failures came out raw (OpenAI: `SyntaxError` for a 200 that
// is not JSON, `TypeError: terminated` for a reset mid-stream) or not retryable (Anthropic's
// reset). Every adapter now wraps them in a retryable APICallError with the original as `cause`.
import { APICallError } from '@interlingua/core';
import { type ProviderServer, raw, sse } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, REQUEST, servePeer, TRANSPORT_PEERS, textOf } from './transport-peers';

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// The failure somewhere in the cause chain, as fetch or the SDK threw it.
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = (error as Error).cause; current !== undefined && chain.length < 8; ) {
    chain.push(current);
    current = (current as Error).cause;
  }
  return chain;
}

describe.each(TRANSPORT_PEERS)('issue 12: $adapter transport failures are typed', (peer) => {
  it('a connection reset mid-stream: the events that arrived, then a retryable APICallError event', async () => {
    server = await servePeer(peer, sse(peer.format, peer.head, { end: 'reset' }));
    const { events, thrown } = await drain(peer.model(server.url).stream(REQUEST));
    expect(thrown).toBeUndefined();
    expect(textOf(events)).toBe(peer.headText);
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    const error = (last as { error: unknown }).error;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
    // The original failure is kept: undici's `TypeError: terminated` (Gemini's SDK wraps it in its own error).
    expect(causes(error).length).toBeGreaterThan(0);
    expect(causes(error).every((cause) => cause instanceof Error)).toBe(true);
  });

  it('a 200 whose body is not JSON: a retryable APICallError with the SyntaxError as cause', async () => {
    server = await servePeer(peer, raw('<html><body>502 Bad Gateway</body></html>'));
    const error = await peer
      .model(server.url)
      .generate(REQUEST)
      .catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true });
    expect(causes(error).some((cause) => cause instanceof SyntaxError)).toBe(true);
  });
});
