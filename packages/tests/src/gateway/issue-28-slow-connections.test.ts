import { connect, type Socket } from 'node:net';
import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import { sse } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 28, finding 5: slow and hostile connections were bounded only by Node's defaults
// (300 s for a request, no cap). Each client below would keep its connection for a minute or
// more; the gateway, configured with short timeouts, must close it. The assertions are "closed
// before the client gave up", with upper bounds many times the settings: never timings.

const KEY = 'sk-gw-slow-client-0123456789';
const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;
/** How long a test waits for the gateway to close a connection before calling it left open. */
const GIVE_UP_MS = 20_000;

let backends: Backends;
let gateway: Gateway;
let port: number;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
  let url: string;
  ({ gateway, url } = await startGateway(
    backendConfig(backends, {
      keys: [{ name: 'slow', sha256: hashGatewayKey(KEY) }],
      http: {
        headersTimeoutMs: HEADERS_TIMEOUT_MS,
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
      },
    }),
  ));
  port = Number(new URL(url).port);
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

type Watched = { socket: Socket; received: () => string; closed: Promise<'closed' | 'still open'> };

/** Opens a raw connection; `closed` says whether the gateway closed it before `GIVE_UP_MS`. */
async function open(): Promise<Watched> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<'closed' | 'still open'>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), GIVE_UP_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
  });
  return { socket, received: () => text, closed };
}

/** Writes `pieces` one by one every `everyMs` until the socket closes (a slowloris client). */
function dribble(socket: Socket, pieces: string[], everyMs: number): () => void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || socket.writableEnded) return clearInterval(timer);
    socket.write(pieces[index % pieces.length] as string);
    index++;
  }, everyMs);
  return () => clearInterval(timer);
}

const body = JSON.stringify({ model: 'openai-backend', messages: [{ role: 'user', content: 'x'.repeat(2_000) }] });

describe('slow clients are cut (issue 28, finding 5)', () => {
  it('dribbled headers: closed after http.headersTimeoutMs with a 408', async () => {
    const client = await open();
    client.socket.write('POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    const stop = dribble(client.socket, ['x-slow-1: a\r\n', 'x-slow-2: b\r\n'], 200);
    try {
      expect(await client.closed).toBe('closed');
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      stop();
      client.socket.destroy();
    }
  });

  it('a connection that never sends a byte is closed too', async () => {
    const client = await open();
    expect(await client.closed).toBe('closed');
    client.socket.destroy();
  });

  it('a dribbled body with a valid key: closed after http.requestTimeoutMs', async () => {
    const client = await open();
    client.socket.write(
      `POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${KEY}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    const stop = dribble(client.socket, body.split(''), 100);
    try {
      expect(await client.closed).toBe('closed');
      // Nothing was answered but Node's 408: the body never arrived whole.
      expect(client.received()).not.toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      stop();
      client.socket.destroy();
    }
  });

  it('a dribbled body after a 401: the 401 is read, then the connection is closed', async () => {
    const client = await open();
    client.socket.write(
      `POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer sk-wrong-0123456789\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    const stop = dribble(client.socket, body.split(''), 100);
    try {
      expect(await client.closed).toBe('closed');
      expect(client.received()).toMatch(/^HTTP\/1\.1 401 /);
      expect(client.received().toLowerCase()).toContain('connection: close');
      expect(client.received()).toContain('invalid_api_key');
    } finally {
      stop();
      client.socket.destroy();
    }
  });

  it('an idle keep-alive connection: closed after http.keepAliveTimeoutMs', async () => {
    const client = await open();
    client.socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    expect(await client.closed).toBe('closed');
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received().toLowerCase()).toContain(`keep-alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  });

  it('a streamed answer is not cut by requestTimeoutMs: it bounds receiving the request only', async () => {
    let release!: () => void;
    const later = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunk = (content: string, finish: string | null) => ({
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'm',
      choices: [{ index: 0, delta: { content }, finish_reason: finish }],
    });
    backends.answer = () =>
      sse('openai', [chunk('first ', null), chunk('second', 'stop')], { hold: { after: 1, until: later } });
    // The second half comes well after requestTimeoutMs (and after several connection checks).
    const timer = setTimeout(release, REQUEST_TIMEOUT_MS * 2);
    try {
      const client = new OpenAI({ apiKey: KEY, baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
      const stream = await client.chat.completions.create({
        model: 'openai-backend',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      });
      let text = '';
      for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
      expect(text).toBe('first second');
    } finally {
      clearTimeout(timer);
      backends.answer = GATEWAY_SCENARIOS[0]!.response;
    }
  });
});

describe('the connection cap (issue 28, finding 5)', () => {
  it('closes a connection past http.maxConnections at once, and serves the open ones', async () => {
    const capped = await startGateway(backendConfig(backends, { http: { maxConnections: 2 } }));
    const cappedPort = Number(new URL(capped.url).port);
    const sockets: Socket[] = [];
    const openRaw = async () => {
      const socket = connect(cappedPort, '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      return socket;
    };
    try {
      const first = await openRaw();
      await openRaw();
      const third = await openRaw();
      const verdict = await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('still open'), GIVE_UP_MS);
        third.once('close', () => {
          clearTimeout(timer);
          resolve('closed');
        });
      });
      expect(verdict).toBe('closed');
      // The first two are still served.
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        first.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (text.includes('\r\n\r\n')) resolve(text);
        });
        first.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const socket of sockets) socket.destroy();
      await capped.gateway.close();
    }
    expect(await capped.gateway.metrics.render()).toMatch(/interlingua_gateway_connections_dropped_total [1-9]/);
  });

  it('listen() options override the config, and are checked', async () => {
    const overridden = await startGateway(backendConfig(backends));
    try {
      await expect(
        overridden.gateway.listen({ port: 0, headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 }),
      ).rejects.toThrow('listen(): headersTimeoutMs: expected headersTimeoutMs to be at most requestTimeoutMs');
      await expect(overridden.gateway.listen({ port: 0, maxConnections: 0 })).rejects.toThrow('maxConnections');
    } finally {
      await overridden.gateway.close();
    }
  });
});
