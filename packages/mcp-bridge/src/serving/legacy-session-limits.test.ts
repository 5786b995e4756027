// 2025-era sessions of the HTTP endpoint are bounded: one nothing uses for `sessionIdleMs` is
// closed (its client gets 404, as the spec has it for a session the server ended), and a caller past
// `maxSessionsPerCaller` loses its least recently used one. Sessions opened by raw requests, so that
// no client keeps a notification stream open unless the test says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import { type McpHttpServer, startMcpHttpServer } from './start-mcp-http-server';

let bridge: McpBridge;
const servers: McpHttpServer[] = [];

beforeAll(async () => {
  bridge = await McpBridge.fromConfig(
    { mcpServers: { paged: fixtureEntry('paged') } },
    { restart: false, roots: false },
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await bridge.close();
});

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function post(url: string, body: object, session?: string): Promise<Response> {
  const headers = session === undefined ? HEADERS : { ...HEADERS, 'mcp-session-id': session };
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  await response.text();
  return response;
}

async function openSession(url: string): Promise<string> {
  const opened = await post(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'limits', version: '1' } },
  });
  const session = opened.headers.get('mcp-session-id');
  if (session === null) throw new Error(`initialize answered ${opened.status} without a session`);
  await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
  return session;
}

const ping = (url: string, session: string) => post(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, session);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('2025-era sessions over HTTP', () => {
  it('a session unused for sessionIdleMs is closed; one in use is kept', async () => {
    const http = await startMcpHttpServer({ bridge, sessionIdleMs: 300 });
    servers.push(http);
    const [idle, busy] = [await openSession(http.url), await openSession(http.url)];
    for (let step = 0; step < 12; step++) {
      await sleep(100);
      expect((await ping(http.url, busy)).status).toBe(200);
    }
    expect((await ping(http.url, idle)).status).toBe(404);
    expect((await ping(http.url, busy)).status).toBe(200);
  });

  it('an open notification stream keeps its session; once it closes, the session may go idle', async () => {
    const http = await startMcpHttpServer({ bridge, sessionIdleMs: 300 });
    servers.push(http);
    const session = await openSession(http.url);
    const controller = new AbortController();
    const stream = await fetch(http.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': session },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    await sleep(1200);
    expect((await ping(http.url, session)).status).toBe(200);
    controller.abort();
    await stream.body?.cancel().catch(() => undefined);
    await sleep(1200);
    expect((await ping(http.url, session)).status).toBe(404);
  });

  it('past maxSessionsPerCaller, the least recently used session is closed', async () => {
    const http = await startMcpHttpServer({ bridge, maxSessionsPerCaller: 2 });
    servers.push(http);
    const first = await openSession(http.url);
    const second = await openSession(http.url);
    // The first is used again: the second is now the least recently used.
    expect((await ping(http.url, first)).status).toBe(200);
    const third = await openSession(http.url);
    // The second is closed as the third opens (closing ends it whatever comes meanwhile).
    let status = 0;
    for (let tries = 0; tries < 80 && status !== 404; tries++) {
      status = (await ping(http.url, second)).status;
      if (status !== 404) await sleep(25);
    }
    expect(status).toBe(404);
    expect((await ping(http.url, first)).status).toBe(200);
    expect((await ping(http.url, third)).status).toBe(200);
  });
});
