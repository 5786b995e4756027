import { hang, json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAbortDeadline } from '../abort/abort-deadline';
import { LeanHTTPClient, type LeanHTTPClientOptions } from './lean-http-client';

// Each lean attempt is bounded by the client's `timeout`, unless the caller's signal is marked
// (`setAbortDeadline`) as aborted by its owner no later: then the owner's timer is the only one.

type Failure = { kind: string; url: string };

const TIMEOUT_MS = 300;

let server: ProviderServer;
let client: LeanHTTPClient;

beforeAll(async () => {
  server = await startProviderServer({
    routes: [
      { path: '/v1/hang', reply: () => hang() },
      { path: '/v1/ok', reply: () => json({ ok: true }) },
    ],
  });
  const errors: LeanHTTPClientOptions['errors'] = {
    status: (status) => ({ kind: `status ${status}` }),
    connection: () => ({ kind: 'connection' }),
    timeout: () => ({ kind: 'timeout' }),
    abort: () => ({ kind: 'abort' }),
  };
  client = new LeanHTTPClient({
    baseURL: `${server.url}/v1`,
    headers: { 'content-type': 'application/json' },
    timeout: TIMEOUT_MS,
    maxRetries: 0,
    errors,
    mapError: (error, url) => ({ ...(error as object), url }),
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

// A caller's signal, aborted by its own timer after `abortAfterMs`, marked with `markedMs` when given.
function callerSignal(abortAfterMs: number, markedMs?: number): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('caller deadline')), abortAfterMs);
  if (markedMs !== undefined) setAbortDeadline(controller.signal, performance.now() + markedMs);
  return { signal: controller.signal, stop: () => clearTimeout(timer) };
}

async function failureOf(call: Promise<unknown>): Promise<Failure> {
  return call.then(
    () => ({ kind: 'none', url: '' }),
    (error: unknown) => error as Failure,
  );
}

describe('LeanHTTPClient attempt deadline', () => {
  it('answers a JSON call under a marked signal', async () => {
    const caller = callerSignal(10_000, 0);
    await expect(client.requestJSON({ path: '/ok', body: '{}', signal: caller.signal })).resolves.toEqual({ ok: true });
    caller.stop();
  });

  it('times out by its own timer when the caller is unmarked or marked later', async () => {
    for (const marked of [undefined, TIMEOUT_MS * 20]) {
      const caller = callerSignal(TIMEOUT_MS * 20, marked);
      for (const call of [
        client.requestJSON({ path: '/hang', body: '{}', signal: caller.signal }),
        client.requestStream({ path: '/hang', body: '{}', signal: caller.signal }),
      ]) {
        expect(await failureOf(call)).toEqual({ kind: 'timeout', url: `${server.url}/v1/hang` });
      }
      caller.stop();
    }
  }, 30_000);

  it("adds no timer when the caller's signal is marked due no later: the caller's abort ends the call", async () => {
    // Marked due at once but aborted only after twice the client's timeout: with a timer of its own the
    // client would end the call as a timeout first.
    const caller = callerSignal(TIMEOUT_MS * 2, 0);
    const calls = [
      client.requestJSON({ path: '/hang', body: '{}', signal: caller.signal }),
      client.requestStream({ path: '/hang', body: '{}', signal: caller.signal }),
    ];
    for (const call of calls) expect(await failureOf(call)).toEqual({ kind: 'abort', url: `${server.url}/v1/hang` });
    const before = server.requests.length;
    await expect(server.closed(before - 1)).resolves.toEqual(expect.any(Number));
    await expect(server.closed(before - 2)).resolves.toEqual(expect.any(Number));
  }, 30_000);
});
