// Issue 12, item 9: when a stream ended in an error event, the usage already reported (Anthropic's
// `message_start`, Gemini's `usageMetadata`) was lost. It now rides on the `error` event, on the
// error `collectStream` throws, in the agent's totals, and on an abort thrown mid-stream.
import { fileURLToPath } from 'node:url';
import { AgentAbortedError, type AgentResult, streamAgent } from '@interlingua/agent';
import { AbortedError, APICallError, collectStream, type InterlinguaError } from '@interlingua/core';
import { loadCodecFixtures, type ProviderServer, sse } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, REQUEST, servePeer, TRANSPORT_PEERS } from './transport-peers';

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const anthropic = TRANSPORT_PEERS.find((peer) => peer.adapter === 'anthropic');
if (anthropic === undefined) throw new Error('no anthropic peer');
// The streaming guide's mid-stream `overloaded_error` after `message_start` (25 input tokens, 1 output).
const overloaded = loadCodecFixtures(
  fileURLToPath(new URL('../../../anthropic/src/__fixtures__', import.meta.url)),
).find((fixture) => fixture.name === 'anthropic-ping-error.1')?.chunks;
const billed = { inputTokens: 25, outputTokens: 1, cachedInputTokens: 0, cacheWriteTokens: 0 };

describe('issue 12: the tokens billed before a stream failed are kept', () => {
  it('Anthropic overloaded_error after message_start: the error event carries the usage', async () => {
    server = await servePeer(anthropic, sse('anthropic', overloaded ?? []));
    const { events } = await drain(anthropic.model(server.url).stream(REQUEST));
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'error', usage: billed });
    expect((last as { error: unknown }).error).toMatchObject({
      code: 'API_CALL_ERROR',
      providerErrorType: 'overloaded_error',
      isRetryable: true,
    });
  });

  it('collectStream throws the error with the usage on it', async () => {
    server = await servePeer(anthropic, sse('anthropic', overloaded ?? []));
    const error = await collectStream(anthropic.model(server.url).stream(REQUEST)).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as InterlinguaError).usage).toEqual(billed);
  });

  it("the agent's usage totals count them, though the failed call makes no step", async () => {
    server = await servePeer(anthropic, sse('anthropic', overloaded ?? []));
    let result: AgentResult | undefined;
    for await (const event of streamAgent({ model: anthropic.model(server.url), messages: REQUEST.messages })) {
      if (event.type === 'finish') result = event.result;
    }
    expect(result?.finishReason).toBe('error');
    expect(result?.steps).toEqual([]);
    expect(result?.usage).toEqual(billed);
  });

  it('an abort mid-stream: the AbortedError and the AgentAbortedError carry the usage', async () => {
    server = await servePeer(anthropic, sse('anthropic', anthropic.head, { end: 'hang' }));
    const controller = new AbortController();
    const model = anthropic.model(server.url);
    const thrown = await (async () => {
      for await (const event of model.stream(REQUEST, { signal: controller.signal })) {
        if (event.type === 'text-delta') controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(AbortedError.isInstance(thrown)).toBe(true);
    expect((thrown as InterlinguaError).usage).toEqual(anthropic.headUsage);

    const run = new AbortController();
    const agentError = await (async () => {
      for await (const event of streamAgent({ model, messages: REQUEST.messages, signal: run.signal })) {
        if (event.type === 'text-delta') run.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(AgentAbortedError.isInstance(agentError)).toBe(true);
    expect((agentError as AgentAbortedError).usage).toEqual(anthropic.headUsage);
  });

  describe.each(TRANSPORT_PEERS)('$adapter', (peer) => {
    it('a reset after usage was reported: the error event carries it (none when none was reported)', async () => {
      server = await servePeer(peer, sse(peer.format, peer.head, { end: 'reset' }));
      const { events } = await drain(peer.model(server.url).stream(REQUEST));
      const last = events.at(-1);
      expect(last?.type).toBe('error');
      expect((last as { usage?: unknown }).usage).toEqual(peer.headUsage);
    });

    it('a stall after usage was reported: the timeout error event carries it', { timeout: 60_000 }, async () => {
      server = await servePeer(peer, sse(peer.format, peer.head, { end: 'hang' }));
      const { events } = await drain(peer.model(server.url, { streamIdleTimeout: 200 }).stream(REQUEST));
      const last = events.at(-1);
      expect(last?.type).toBe('error');
      expect((last as { usage?: unknown }).usage).toEqual(peer.headUsage);
    });
  });
});
