// The gateway's raw mount seam (issue 30: the MCP endpoint on the gateway's port): a mount is
// served after the gateway's own key checks, limits and shutdown, with its error shape, one log
// line per request, and a long-lived stream that holds no `limits.maxConcurrent` slot.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidSettingError } from '@interlingua/core';
import { type Gateway, type GatewayMount, hashGatewayKey, type Principal } from '@interlingua/gateway';
import { textResponse } from '@interlingua/testkit';
import { createBuiltInGateway } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends } from './gateway-harness';

const MASTER = 'master-key-for-mount-tests-000';
const TEAM = 'sk-team-key-mount-test-0001';
const OTHER = 'sk-other-key-mount-test-0002';

/** A mount that streams SSE: `GET` stays open until closed, `POST` answers once `gate` opens. */
function sseMount() {
  const seen: { method: string; principal: Principal }[] = [];
  const open = new Set<ServerResponse>();
  let gate: Promise<void> = Promise.resolve();
  let closed = 0;
  const mount: GatewayMount = {
    name: 'sse',
    path: '/sse',
    rpm: (principal) => (principal.name === 'team' ? 3 : undefined),
    async handle(request: IncomingMessage, response: ServerResponse, principal: Principal) {
      seen.push({ method: request.method ?? '', principal });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ who: principal.name ?? null })}\n\n`);
      if (request.method === 'GET') {
        open.add(response);
        response.once('close', () => open.delete(response));
        return;
      }
      for await (const _chunk of request) {
        // The body is the mount's to read.
      }
      await gate;
      response.end('data: done\n\n');
    },
    async close() {
      closed++;
      for (const response of open) response.end();
    },
  };
  return {
    mount,
    seen,
    open,
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    get closed() {
      return closed;
    },
  };
}

let backends: Backends;
beforeAll(async () => {
  backends = await startBackends();
  backends.answer = textResponse('ok', { usage: { inputTokens: 4, outputTokens: 2 } });
});
afterAll(() => backends.close());

let running: Gateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(extra: Parameters<typeof backendConfig>[1], mounts: readonly GatewayMount[]) {
  const logs: Record<string, unknown>[] = [];
  const gateway = createBuiltInGateway(backendConfig(backends, extra), {
    log: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    registry: { env: {} },
    mounts,
  });
  running = gateway;
  const { url } = await gateway.listen({ port: 0 });
  return { gateway, url, logs };
}

const keyed = {
  masterKey: MASTER,
  keys: [
    { name: 'team', sha256: hashGatewayKey(TEAM), rpm: 100 },
    { name: 'other', sha256: hashGatewayKey(OTHER) },
  ],
};

const post = (url: string, key?: string, init: RequestInit = {}) =>
  fetch(`${url}/sse`, {
    method: 'POST',
    body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    ...init,
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
  });

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('gateway mounts', () => {
  it('authenticates before the mount runs: no key and a wrong key get the gateway’s 401, the mount never sees them', async () => {
    const sse = sseMount();
    const { url, logs } = await start(keyed, [sse.mount]);
    const none = await post(url);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(none.headers.get('x-request-id')).toMatch(/\S/);
    expect(await none.json()).toMatchObject({
      error: { message: expect.stringContaining('Expected a gateway key') },
    });
    const wrong = await post(url, 'sk-not-a-key-of-this-gateway');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('sk-not-a-key');
    expect(sse.seen).toEqual([]);

    const ok = await post(url, TEAM);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('data: {"who":"team"}\n\ndata: done\n\n');
    // The key as the other formats send it is the same key.
    const viaHeader = await fetch(`${url}/sse`, { method: 'POST', headers: { 'x-api-key': OTHER }, body: '{}' });
    expect(await viaHeader.text()).toContain('"who":"other"');
    const master = await post(url, MASTER);
    expect(await master.text()).toContain('"who":"master"');
    expect(sse.seen.map(({ principal }) => principal.kind)).toEqual(['key', 'key', 'master']);
    await until(() => logs.filter((line) => line.route === 'sse').length === 5);
    const lines = logs.filter((line) => line.route === 'sse');
    expect(lines.map((line) => [line.key ?? null, line.status])).toEqual([
      [null, 401],
      [null, 401],
      ['team', 200],
      ['other', 200],
      ['master', 200],
    ]);
    expect(JSON.stringify(logs)).not.toContain(TEAM);
  });

  it('refuses a revoked key', async () => {
    const sse = sseMount();
    const { url } = await start(keyed, [sse.mount]);
    expect((await post(url, OTHER)).status).toBe(200);
    const revoked = await fetch(`${url}/admin/keys/other/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MASTER}` },
    });
    expect(revoked.status).toBe(200);
    const refused = await post(url, OTHER);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { message: 'The key "other" was revoked.' } });
  });

  it('limits a key’s requests per minute on the mount in its own bucket: 429 with Retry-After, the models unaffected', async () => {
    const sse = sseMount();
    const { url } = await start(keyed, [sse.mount]);
    for (let index = 0; index < 3; index++) expect((await post(url, TEAM)).status).toBe(200);
    const limited = await post(url, TEAM);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      error: {
        type: 'requests',
        message: expect.stringContaining('Rate limit of the key "team" on /sse: 3 requests per minute'),
      },
    });
    // Another key has no mount rpm; the key's model rpm (100) is its own bucket.
    expect((await post(url, OTHER)).status).toBe(200);
    const chat = await new OpenAI({ apiKey: TEAM, baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create({
      model: 'openai-backend',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(chat.choices[0]?.message.content).toBe('ok');
  });

  it('counts a mount’s requests in limits.maxConcurrent, but not a long-lived GET stream', async () => {
    const sse = sseMount();
    const { url } = await start({ ...keyed, limits: { maxConcurrent: 1 } }, [sse.mount]);
    // A notification stream stays open: it takes no slot.
    const stream = await fetch(`${url}/sse`, { headers: { authorization: `Bearer ${TEAM}` } });
    expect(stream.status).toBe(200);
    await until(() => sse.open.size === 1);
    const release = sse.hold();
    const held = post(url, OTHER);
    await until(() => sse.seen.length === 2);
    // The one slot is the POST's: another POST and a model call are refused until it ends.
    const refused = await post(url, OTHER);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    await expect(
      new OpenAI({ apiKey: OTHER, baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create({
        model: 'openai-backend',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toMatchObject({ status: 503 });
    release();
    expect(await (await held).text()).toContain('data: done');
    expect((await post(url, OTHER)).status).toBe(200);
    await stream.body?.cancel();
  });

  it('refuses a body declared over limits.maxBodyBytes with the gateway’s 413', async () => {
    const sse = sseMount();
    const { url } = await start({ ...keyed, limits: { maxBodyBytes: 64 } }, [sse.mount]);
    const large = await post(url, TEAM, { body: 'x'.repeat(200) });
    expect(large.status).toBe(413);
    expect(sse.seen).toEqual([]);
  });

  it('without keys serves anyone on loopback, but refuses a foreign Host or Origin (DNS rebinding)', async () => {
    const sse = sseMount();
    const { url } = await start({}, [sse.mount]);
    const ok = await post(url);
    expect(await ok.text()).toContain('"who":null');
    expect(sse.seen[0]?.principal).toEqual({ kind: 'anonymous', name: undefined });
    // fetch sets Host itself: a raw request sends the one a rebound name would.
    const { request } = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const target = new URL(`${url}/sse`);
        const sent = request(
          {
            host: target.hostname,
            port: target.port,
            path: '/sse',
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        sent.once('error', reject);
        sent.end('{}');
      });
    expect(await status({ host: 'attacker.example:4000' })).toBe(403);
    expect(await status({ host: `localhost:${new URL(url).port}`, origin: 'http://attacker.example' })).toBe(403);
    expect(await status({ host: `localhost:${new URL(url).port}`, origin: 'http://localhost:5173' })).toBe(200);
    expect(sse.seen.length).toBe(2);
  });

  it('close() ends the mount’s open streams and closes it', async () => {
    const sse = sseMount();
    const { gateway, url } = await start(keyed, [sse.mount]);
    const stream = await fetch(`${url}/sse`, { headers: { authorization: `Bearer ${TEAM}` } });
    await until(() => sse.open.size === 1);
    const body = stream.text();
    await gateway.close();
    expect(await body).toBe('data: {"who":"team"}\n\n');
    expect(sse.closed).toBe(1);
  });

  it('refuses a mount on a route’s path', () => {
    const sse = sseMount();
    expect(() =>
      createBuiltInGateway(backendConfig(backends), {
        registry: { env: {} },
        log: false,
        mounts: [{ ...sse.mount, path: '/v1/models' }],
      }),
    ).toThrow(InvalidSettingError);
  });
});
