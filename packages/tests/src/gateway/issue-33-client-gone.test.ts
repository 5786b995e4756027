import { type ClientRequest, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Gateway } from '@interlingua/gateway';
import { hang, json, type RecordedRequest } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, backendReply, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// The gateway links each backend attempt to its client without an AbortSignal listener (a watch
// on the request's `clientGone`), and makes the request's own signal only when read. These pin
// what that must keep: a client that leaves after the attempt started still ends the backend
// call (JSON too, and on a fallback's attempt), a timed-out attempt moves to the next backend
// without ending the request, and finished requests leave no timer behind.

// See gateway-lifecycle.test.ts: "at once" on the shared, loaded machine.
const DISCONNECT_BOUND_MS = 250;
// Long enough that a backend closed within DISCONNECT_BOUND_MS was closed by the client leaving.
const SLOW_TIMEOUT_MS = 5_000;
const TIMEOUT_MS = 800;

const text = GATEWAY_SCENARIOS[0]!;
let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

const modelOf = (request: RecordedRequest) => String((request.body as { model?: unknown }).model);

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = (format, stream, request) => {
    switch (modelOf(request)) {
      case 'hangs':
      case 'claude-hangs':
        return hang();
      case 'down':
        return json({ error: { message: 'Internal failure', type: 'server_error' } }, { status: 500 });
      default:
        return backendReply(format, text.response, stream);
    }
  };
  ({ gateway, url, logs } = await startGateway(
    backendConfig(backends, {
      models: {
        held: { model: 'openai:hangs', retries: 0, timeoutMs: SLOW_TIMEOUT_MS },
        'timeout-then-fallback': {
          model: 'openai:hangs',
          retries: 0,
          timeoutMs: TIMEOUT_MS,
          fallbacks: ['anthropic:claude-sonnet-4-6'],
        },
        'failure-then-held': { model: 'openai:down', retries: 0, fallbacks: ['held-anthropic'] },
        'held-anthropic': { model: 'anthropic:claude-hangs', retries: 0, timeoutMs: SLOW_TIMEOUT_MS },
      },
      // No cooldown in between: every test's first backend is tried.
      cooldown: { failures: 1_000, windowMs: 60_000, cooldownMs: 60_000 },
    }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

/** Posts a chat request over a raw socket (destroying it closes the connection at once). */
function post(model: string, stream: boolean): ClientRequest {
  const request = httpRequest(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  request.on('error', () => undefined);
  request.end(JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hi' }] }));
  return request;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const logOf = async (model: string, count: number) => {
  await until(() => logs.filter((line) => line.model === model).length >= count);
  return logs.filter((line) => line.model === model).at(-1) as Record<string, unknown>;
};

describe('a client that leaves after the backend attempt started', () => {
  for (const stream of [false, true]) {
    it(`${stream ? 'a stream' : 'a JSON call'} before the answer: the backend's connection is closed at once, logged 499`, async () => {
      const server = backends.servers.openai;
      const index = server.requests.length;
      const seen = logs.filter((line) => line.model === 'held').length;
      const connection = post('held', stream);
      await until(() => server.requests.length > index);
      const leftAt = performance.now();
      connection.destroy();
      const closedAt = await server.closed(index);
      expect(closedAt - leftAt).toBeLessThan(DISCONNECT_BOUND_MS);
      const line = await logOf('held', seen + 1);
      expect(line.status).toBe(499);
      expect(line.backend).toBe('openai:hangs');
    }, 30_000);
  }

  it("on a fallback's attempt (the first backend failed): the fallback's connection is closed at once", async () => {
    const first = backends.servers.openai;
    const fallback = backends.servers.anthropic;
    const firstIndex = first.requests.length;
    const index = fallback.requests.length;
    const seen = logs.filter((line) => line.model === 'failure-then-held').length;
    const connection = post('failure-then-held', false);
    await until(() => fallback.requests.length > index);
    expect(first.requests.length).toBe(firstIndex + 1);
    const leftAt = performance.now();
    connection.destroy();
    const closedAt = await fallback.closed(index);
    expect(closedAt - leftAt).toBeLessThan(DISCONNECT_BOUND_MS);
    const line = await logOf('failure-then-held', seen + 1);
    expect(line.status).toBe(499);
  }, 30_000);
});

describe('an attempt that times out', () => {
  for (const stream of [false, true]) {
    it(`${stream ? 'a stream' : 'a JSON call'}: the next backend answers, and the timed-out call's connection is closed`, async () => {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0, timeout: 20_000 });
      const timedOut = backends.servers.openai;
      const index = timedOut.requests.length;
      const messages = [{ role: 'user' as const, content: 'hi' }];
      let answer = '';
      if (stream) {
        const chunks = await client.chat.completions.create({ model: 'timeout-then-fallback', messages, stream: true });
        for await (const chunk of chunks) answer += chunk.choices[0]?.delta.content ?? '';
      } else {
        const completion = await client.chat.completions.create({ model: 'timeout-then-fallback', messages });
        answer = completion.choices[0]?.message.content ?? '';
      }
      expect(answer).toBe('你好！有什么可以帮你？');
      expect(timedOut.requests.length).toBe(index + 1);
      await expect(timedOut.closed(index)).resolves.toEqual(expect.any(Number));
      const line = await logOf('timeout-then-fallback', 1 + (stream ? 1 : 0));
      expect(line.status).toBe(200);
      expect(line.fallback).toBe('anthropic:claude-sonnet-4-6');
    }, 30_000);
  }
});

/** Posts a chat request over a raw socket and resolves its whole answer. */
function answerOf(model: string, stream: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = post(model, stream);
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
}

describe('AbortControllers per request', () => {
  it("a JSON request whose client stays makes at most one (the attempt's), none for the client's signal", async () => {
    // Counted in this process, where the gateway runs; the client is a raw socket (no controller of
    // its own), and the provider server makes none.
    const Original = globalThis.AbortController;
    let made = 0;
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        made++;
      }
    };
    try {
      await answerOf('openai-backend', false);
      made = 0;
      const requests = 20;
      for (let index = 0; index < requests; index++) {
        const answer = await answerOf('openai-backend', false);
        expect(answer.status).toBe(200);
      }
      expect(made).toBeLessThanOrEqual(requests);
    } finally {
      globalThis.AbortController = Original;
    }
  }, 30_000);
});

describe('finished requests', () => {
  it('leave no timer behind: JSON, streams, a timed-out attempt and a client that left', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0, timeout: 20_000 });
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const round = async () => {
      await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          if (index % 2 === 0) {
            await client.chat.completions.create({ model: 'openai-backend', messages });
            return;
          }
          const chunks = await client.chat.completions.create({ model: 'openai-backend', messages, stream: true });
          for await (const _chunk of chunks);
        }),
      );
      await client.chat.completions.create({ model: 'timeout-then-fallback', messages });
      const server = backends.servers.openai;
      const index = server.requests.length;
      const connection = post('held', false);
      await until(() => server.requests.length > index);
      connection.destroy();
      await server.closed(index);
    };
    // The first round opens the pools' connections (their own timers); the second must add none.
    await round();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = timers();
    await round();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(timers()).toBeLessThanOrEqual(before);
  }, 60_000);
});
