import { describe, expect, it } from 'vitest';
import { McpRequestRelayHub } from './mcp-request-relay-hub';

const sampling = { method: 'sampling/createMessage' as const, params: { maxTokens: 5, messages: [] } };
const roots = { method: 'roots/list' as const, params: undefined };

function round(requestState: unknown, inputResponses?: Record<string, unknown>) {
  return { requestState, inputResponses, signal: new AbortController().signal };
}

describe('McpRequestRelayHub', () => {
  it('turns what an upstream asks during a call into one round of input requests, and resumes the call with the answers', async () => {
    const hub = new McpRequestRelayHub();
    const upstreamSignal = new AbortController().signal;
    const first = await hub.run('up', 'owner', round(undefined), async () => {
      // Two requests at once, as an upstream's own round sends them.
      const [sampled, listed] = await Promise.all([
        hub.relay('up', sampling, upstreamSignal),
        hub.relay('up', roots, upstreamSignal),
      ]);
      return { sampled, listed };
    });
    expect(first.done).toBe(false);
    if (first.done) return;
    expect(Object.values(first.inputRequests)).toEqual([sampling, roots]);
    const [samplingKey, rootsKey] = Object.keys(first.inputRequests);
    const second = await hub.run(
      'up',
      'owner',
      round(first.requestState, { [samplingKey ?? '']: { content: 'hi' }, [rootsKey ?? '']: { roots: [] } }),
      () => Promise.reject(new Error('not started again')),
    );
    expect(second).toEqual({ done: true, value: { sampled: { content: 'hi' }, listed: { roots: [] } } });
  });

  it('refuses a requestState it did not hand out (or handed out for another server), and a request with no call in flight', async () => {
    const hub = new McpRequestRelayHub();
    await expect(hub.run('up', 'owner', round('made-up'), async () => 1)).rejects.toMatchObject({ code: -32602 });
    const first = await hub.run('up', 'owner', round(undefined), () =>
      hub.relay('up', roots, new AbortController().signal),
    );
    if (first.done) throw new Error('expected input requests');
    await expect(hub.run('other', 'owner', round(first.requestState), async () => 1)).rejects.toMatchObject({
      code: -32602,
    });
    await expect(hub.relay('idle', roots, new AbortController().signal)).rejects.toThrow(/No client request to `idle`/);
  });

  it('fails the upstream request when the client never answers', async () => {
    const hub = new McpRequestRelayHub(50);
    let asked: Promise<unknown> | undefined;
    const first = await hub.run('up', 'owner', round(undefined), () => {
      asked = hub.relay('up', roots, new AbortController().signal);
      return asked;
    });
    expect(first.done).toBe(false);
    await expect(asked).rejects.toThrow(/did not answer the input requests in time/);
    if (!first.done) {
      await expect(hub.run('up', 'owner', round(first.requestState), async () => 1)).rejects.toMatchObject({
        code: -32602,
      });
    }
  });

  it("gives a server's request only to a flight whose client can answer it, and refuses it when none can", async () => {
    const hub = new McpRequestRelayHub();
    const signal = new AbortController().signal;
    // A client without the roots capability: a roots/list (server-everything's, on a timer after its
    // handshake) is refused to the upstream, and the call it would have failed goes on.
    const plain = await hub.run('up', 'plain', { ...round(undefined), capabilities: { sampling: {} } }, async () => {
      await expect(hub.relay('up', roots, signal)).rejects.toMatchObject({ code: -32601 });
      return 'answered';
    });
    expect(plain).toEqual({ done: true, value: 'answered' });
    // Two flights in the air: the request goes to the newest one whose client declared roots.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const withRoots = hub.run('up', 'rooted', { ...round(undefined), capabilities: { roots: {} } }, async () => {
      await held;
      return 'first';
    });
    const without = hub.run('up', 'bare', { ...round(undefined), capabilities: {} }, async () => {
      void hub.relay('up', roots, signal).catch(() => undefined);
      release();
      return 'second';
    });
    const [rooted, bare] = await Promise.all([withRoots, without]);
    expect(bare).toEqual({ done: true, value: 'second' });
    expect(rooted.done).toBe(false);
    if (!rooted.done) expect(Object.values(rooted.inputRequests)).toEqual([roots]);
  });
});
