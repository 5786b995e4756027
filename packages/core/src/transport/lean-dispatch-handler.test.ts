import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError } from '../errors/aborted-error';
import { LeanHTTPClient, type LeanHTTPClientOptions } from './lean-http-client';
import { readSSEJSON } from './read-sse-json';

// LeanHTTPClient over undici's `dispatch`, against a real `node:http` server: what the handler
// does with the bytes (backpressure, an abort mid-body, a failed answer's text, a cut body).

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const routes = new Map<string, Route>();
// Resolved when the connection of the latest request to a route closes.
const closedConnections = new Map<string, Promise<void>>();
let server: Server;
let client: LeanHTTPClient;

type Failure = { kind: string; url: string; text?: string; status?: number; header?: string | null; cause?: unknown };

const errors: LeanHTTPClientOptions['errors'] = {
  status: (status, text, headers) => ({ kind: 'status', status, text, header: headers.get('x-request-id') }),
  connection: () => ({ kind: 'connection' }),
  timeout: () => ({ kind: 'timeout' }),
  abort: (cause) => ({ kind: 'abort', cause }),
};

function newClientOptions(): LeanHTTPClientOptions {
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    headers: { 'content-type': 'application/json' },
    maxRetries: 0,
    errors,
    // What `errors` built keeps its kind; anything else is a body that could not be read or parsed.
    mapError: (error, url) =>
      typeof error === 'object' && error !== null && 'kind' in error
        ? { ...error, url }
        : { kind: 'body', cause: error, url },
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    closedConnections.set(
      path,
      once(request.socket, 'close').then(() => undefined),
    );
    request.resume();
    request.on('end', () => routes.get(path)?.(request, response));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  client = new LeanHTTPClient(newClientOptions());
});
afterAll(async () => {
  await client.close();
  server.closeAllConnections();
  server.close();
});

async function failureOf(call: Promise<unknown>): Promise<Failure> {
  return call.then(
    () => ({ kind: 'none', url: '' }),
    (error: unknown) => error as Failure,
  );
}

describe('LeanHTTPClient over dispatch', () => {
  it('holds the backend’s writes while the consumer holds the stream, then relays every byte in order', async () => {
    const chunkBytes = 64 * 1024;
    const total = 64 * 1024 * 1024;
    let written = 0;
    routes.set('/v1/big', async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let index = 0; written < total; index++) {
        const ok = response.write(Buffer.alloc(chunkBytes, index % 251));
        written += chunkBytes;
        if (!ok) await once(response, 'drain');
      }
      response.end();
    });
    const stream = await client.requestStream({ path: '/big', body: '{}' });
    const iterator = (stream.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // Hold the stream until the backend's writes have stalled (no progress for 300 ms).
    for (let last = -1; written !== last; await delay(300)) last = written;
    // Without backpressure the client would have read all 64 MiB; the kernel's socket buffers hold a few.
    expect(written).toBeLessThan(total / 2);
    let received = (first.value as Uint8Array).byteLength;
    let inOrder = true;
    for (let result = await iterator.next(); result.done !== true; result = await iterator.next()) {
      const chunk = result.value;
      // Each 64 KiB the server wrote is filled with its index mod 251.
      // Never an empty chunk.
      if (chunk[0] !== Math.floor(received / chunkBytes) % 251) inOrder = false;
      received += chunk.byteLength;
    }
    stream.release();
    expect({ received, inOrder }).toEqual({ received: total, inOrder: true });
  }, 60_000);

  it('ends a stream mid-body when the caller aborts: the read throws AbortedError and the connection is dropped', async () => {
    routes.set('/v1/stalls', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"n":1}\n\n');
    });
    const controller = new AbortController();
    const stream = await client.requestStream({ path: '/stalls', body: '{}', signal: controller.signal });
    const events = readSSEJSON(stream.body, {
      timeoutMs: 60_000,
      provider: 'Test',
      signal: controller.signal,
      abort: stream.abort,
      onEnd: stream.release,
    });
    expect((await events.next()).value).toEqual({ n: 1 });
    const pending = events.next();
    controller.abort(new Error('caller gone'));
    const error = await pending.catch((thrown: unknown) => thrown);
    expect(AbortedError.isInstance(error)).toBe(true);
    expect((error as AbortedError).cause).toEqual(new Error('caller gone'));
    await closedConnections.get('/v1/stalls');
  }, 30_000);

  it('ends a JSON call mid-body when the caller aborts: the typed abort error, and the connection is dropped', async () => {
    let wrote: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    routes.set('/v1/half', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"choices":[', () => wrote());
    });
    const controller = new AbortController();
    const call = client.requestJSON({ path: '/half', body: '{}', signal: controller.signal });
    // Abort once the head and the first bytes have been sent, while the body is unfinished.
    await written;
    await delay(100);
    controller.abort(new Error('caller gone'));
    const failure = await failureOf(call);
    expect(failure).toMatchObject({ kind: 'abort', cause: new Error('caller gone') });
    await closedConnections.get('/v1/half');
  }, 30_000);

  it("hands a failed answer's body text and headers to the typed error", async () => {
    routes.set('/v1/bad', (_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json', 'x-request-id': 'req_7' });
      // Two writes: the text is the whole body, gathered across chunks.
      response.write('{"error":{"message":"Expected');
      setTimeout(() => response.end(' a model."}}'), 20);
    });
    expect(await failureOf(client.requestJSON({ path: '/bad', body: '{}' }))).toEqual({
      kind: 'status',
      status: 400,
      text: '{"error":{"message":"Expected a model."}}',
      header: 'req_7',
      url: `${client.url('/bad')}`,
    });
    expect(await failureOf(client.requestStream({ path: '/bad', body: '{}' }))).toMatchObject({
      kind: 'status',
      text: '{"error":{"message":"Expected a model."}}',
    });
  }, 30_000);

  it('throws the typed body error, unretried, for a 2xx body cut mid-JSON or not JSON', async () => {
    let calls = 0;
    routes.set('/v1/cut', (_request, response) => {
      calls++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"choices":[{"index":0,');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    routes.set('/v1/not-json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"choices":[');
    });
    const retrying = new LeanHTTPClient({ ...newClientOptions(), maxRetries: 2 });
    const cut = await failureOf(retrying.requestJSON({ path: '/cut', body: '{}' }));
    expect(cut).toMatchObject({ kind: 'body', url: retrying.url('/cut') });
    expect(cut.cause).toBeInstanceOf(Error);
    expect(calls).toBe(1);
    const notJSON = await failureOf(retrying.requestJSON({ path: '/not-json', body: '{}' }));
    expect(notJSON).toMatchObject({ kind: 'body' });
    expect(notJSON.cause).toBeInstanceOf(SyntaxError);
    await retrying.close();
  }, 30_000);

  it('reads a UTF-8 body split inside a character, and drops a byte order mark as undici does', async () => {
    const text = JSON.stringify({ text: 'Grüße, 世界' });
    routes.set('/v1/utf8', (_request, response) => {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
      response.writeHead(200, { 'content-type': 'application/json' });
      // Cut inside 'ü' (two bytes).
      const cut = bytes.indexOf(0xc3) + 1;
      response.write(bytes.subarray(0, cut));
      setTimeout(() => response.end(bytes.subarray(cut)), 20);
    });
    await expect(client.requestJSON({ path: '/utf8', body: '{}' })).resolves.toEqual(JSON.parse(text));
  }, 30_000);
});
