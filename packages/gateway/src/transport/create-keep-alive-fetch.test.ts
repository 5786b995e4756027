import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isConnectionError } from '@interlingua/core/adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeepAliveFetch, type KeepAliveFetch } from './create-keep-alive-fetch';

// A real node:http server that records what arrived and on which socket.
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string; socket: number };
type Handler = (incoming: IncomingMessage, outgoing: ServerResponse, seen: Seen) => void | Promise<void>;

let server: Server | undefined;
let fetcher: KeepAliveFetch | undefined;
afterEach(async () => {
  fetcher?.close();
  fetcher = undefined;
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  }
});

async function serve(handler: Handler, keepAliveTimeout = 30_000, tls?: { key: string; cert: string }) {
  const sockets: Socket[] = [];
  const requests: Seen[] = [];
  const closed: number[] = [];
  const listener = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    const seen: Seen = {
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      headers: incoming.headers,
      body: '',
      socket: sockets.indexOf(incoming.socket),
    };
    requests.push(seen);
    if (incoming.headers['x-read-body'] !== 'later') {
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      seen.body = Buffer.concat(chunks).toString('utf8');
    }
    await handler(incoming, outgoing, seen);
  };
  server =
    tls === undefined
      ? createServer({ keepAliveTimeout }, listener)
      : createTlsServer({ keepAliveTimeout, ...tls }, listener);
  server.on(tls === undefined ? 'connection' : 'secureConnection', (socket: Socket) => {
    const index = sockets.push(socket) - 1;
    socket.on('close', () => closed.push(index));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fetcher = createKeepAliveFetch(tls === undefined ? {} : { ca: tls.cert });
  return { url, sockets, requests, closed, fetch: fetcher };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('createKeepAliveFetch', () => {
  it('sends method, headers and body; answers status, headers (every set-cookie) and body', async () => {
    const peer = await serve((_incoming, outgoing) => {
      outgoing.writeHead(201, 'Made', [
        ['content-type', 'application/json'],
        ['set-cookie', 'a=1; Path=/'],
        ['set-cookie', 'b=2; Path=/'],
        ['x-request-id', 'req_1'],
      ]);
      outgoing.end(JSON.stringify({ ok: true }));
    });
    const response = await peer.fetch(`${peer.url}/v1/chat?x=1`, {
      method: 'post',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sk-test' },
      body: JSON.stringify({ model: 'gpt-4.1' }),
    });
    expect(peer.requests[0]).toMatchObject({ method: 'POST', url: '/v1/chat?x=1', body: '{"model":"gpt-4.1"}' });
    expect(peer.requests[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer sk-test',
      'content-length': '19',
    });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${peer.url}/v1/chat?x=1`);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('takes a Headers object, a Request, bytes and URLSearchParams', async () => {
    const peer = await serve((_incoming, outgoing, seen) => {
      outgoing.end(`${seen.headers['content-type'] ?? ''}|${seen.body}`);
    });
    const headers = new Headers({ 'x-a': '1' });
    headers.append('x-a', '2');
    const fromHeaders = await peer.fetch(peer.url, { method: 'POST', headers, body: new TextEncoder().encode('raw') });
    expect(await fromHeaders.text()).toBe('|raw');
    expect(peer.requests[0]?.headers['x-a']).toBe('1, 2');
    const fromRequest = await peer.fetch(new Request(peer.url, { method: 'POST', body: 'from a request' }));
    expect(await fromRequest.text()).toBe('text/plain;charset=UTF-8|from a request');
    const form = await peer.fetch(peer.url, { method: 'POST', body: new URLSearchParams({ q: 'a b' }) });
    expect(await form.text()).toBe('application/x-www-form-urlencoded;charset=UTF-8|q=a+b');
  });

  it('reuses one keep-alive connection for calls one after another', async () => {
    const peer = await serve((_incoming, outgoing) => {
      outgoing.end('ok');
    });
    for (let call = 0; call < 5; call++) {
      const response = await peer.fetch(peer.url, { method: 'POST', body: `call ${call}` });
      expect(await response.text()).toBe('ok');
    }
    expect(peer.requests.map((seen) => seen.body)).toEqual(['call 0', 'call 1', 'call 2', 'call 3', 'call 4']);
    expect(peer.sockets).toHaveLength(1);
    expect(peer.requests.every((seen) => seen.socket === 0)).toBe(true);
  });

  it('streams the response: the first chunk is read before the server writes the second', async () => {
    const firstRead = deferred();
    const peer = await serve(async (_incoming, outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      outgoing.write('data: 1\n\n');
      await firstRead.promise;
      outgoing.end('data: 2\n\n');
    });
    const response = await peer.fetch(peer.url, { method: 'POST', body: '{}' });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(text((await reader.read()).value)).toBe('data: 1\n\n');
    firstRead.resolve();
    expect(text((await reader.read()).value)).toBe('data: 2\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('streams the request body (duplex: half): the server reads chunk 1 before chunk 2 exists', async () => {
    const firstArrived = deferred();
    const peer = await serve(async (incoming, outgoing) => {
      const parts: string[] = [];
      for await (const chunk of incoming) {
        parts.push(String(chunk));
        if (parts.length === 1) firstArrived.resolve();
      }
      outgoing.end(parts.join('+'));
    });
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = controller;
      },
    });
    push.enqueue(new TextEncoder().encode('one'));
    const answer = peer.fetch(peer.url, {
      method: 'POST',
      headers: { 'x-read-body': 'later' },
      body,
      duplex: 'half',
    } as RequestInit);
    await firstArrived.promise;
    push.enqueue(new TextEncoder().encode('two'));
    push.close();
    expect(await (await answer).text()).toBe('one+two');
    expect(peer.requests[0]?.headers['transfer-encoding']).toBe('chunked');
  });

  it('an abort before the answer rejects with the AbortError, and the server sees the connection close', async () => {
    const peer = await serve(() => undefined); // never answers
    const controller = new AbortController();
    const answer = peer.fetch(peer.url, { method: 'POST', body: '{}', signal: controller.signal });
    while (peer.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    while (peer.closed.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(peer.closed).toEqual([0]);
    // An already aborted signal sends nothing.
    await expect(peer.fetch(peer.url, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(peer.requests).toHaveLength(1);
  });

  it('an abort mid-stream errors the body with the signal reason and closes the connection', async () => {
    const peer = await serve((_incoming, outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      outgoing.write('data: 1\n\n'); // and never ends
    });
    const controller = new AbortController();
    const response = await peer.fetch(peer.url, { method: 'POST', body: '{}', signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(text((await reader.read()).value)).toBe('data: 1\n\n');
    const pending = reader.read();
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'stop' });
    while (peer.closed.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(peer.closed).toEqual([0]);
  });

  it('a refused connection rejects with TypeError("fetch failed"), the Node error as cause', async () => {
    const peer = await serve(() => undefined);
    const url = peer.url;
    server?.close();
    server = undefined;
    const error = await peer.fetch(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
    expect(isConnectionError(error)).toBe(true);
  });

  it('a backend that drops the connection mid-body errors the stream with TypeError("terminated")', async () => {
    const peer = await serve((_incoming, outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      outgoing.write('data: 1\n\n', () => setTimeout(() => outgoing.socket?.destroy(), 10));
    });
    const response = await peer.fetch(peer.url, { method: 'POST', body: '{}' });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(text((await reader.read()).value)).toBe('data: 1\n\n');
    const error = await reader.read().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'terminated' });
    expect(isConnectionError(error)).toBe(true);
  });

  it('a backend that closes idle connections: the next call opens a new one', async () => {
    const peer = await serve((_incoming, outgoing) => {
      outgoing.end('ok');
    }, 50);
    expect(await (await peer.fetch(peer.url, { method: 'POST', body: '1' })).text()).toBe('ok');
    while (peer.closed.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await (await peer.fetch(peer.url, { method: 'POST', body: '2' })).text()).toBe('ok');
    expect(peer.requests.map((seen) => [seen.body, seen.socket])).toEqual([
      ['1', 0],
      ['2', 1],
    ]);
  });

  it('a reused socket the backend drops before answering is retried once on a new one; a new socket is not', async () => {
    let drop = false;
    const peer = await serve((incoming, outgoing) => {
      if (drop) {
        drop = false;
        incoming.socket.destroy();
        return;
      }
      outgoing.end('ok');
    });
    expect(await (await peer.fetch(peer.url, { method: 'POST', body: 'first' })).text()).toBe('ok');
    drop = true;
    expect(await (await peer.fetch(peer.url, { method: 'POST', body: 'second' })).text()).toBe('ok');
    expect(peer.requests.map((seen) => [seen.body, seen.socket])).toEqual([
      ['first', 0],
      ['second', 0],
      ['second', 1],
    ]);
    // On a fresh connection the same drop is a failure the caller sees.
    fetcher?.close();
    fetcher = createKeepAliveFetch();
    drop = true;
    const error = await fetcher(peer.url, { method: 'POST', body: 'third' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TypeError', message: 'fetch failed', cause: { code: 'ECONNRESET' } });
    expect(peer.requests.filter((seen) => seen.body === 'third')).toHaveLength(1);
  });

  it('does not follow redirects, decodes gzip, and gives a 204 no body', async () => {
    const peer = await serve((incoming, outgoing) => {
      if (incoming.url === '/moved') {
        outgoing.writeHead(302, { location: '/elsewhere' });
        outgoing.end();
      } else if (incoming.url === '/gzip') {
        outgoing.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
        outgoing.end(gzipSync('{"packed":true}'));
      } else {
        outgoing.writeHead(204);
        outgoing.end();
      }
    });
    const moved = await peer.fetch(`${peer.url}/moved`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/elsewhere');
    expect(peer.requests.map((seen) => seen.url)).toEqual(['/moved']);
    const packed = await peer.fetch(`${peer.url}/gzip`);
    expect(peer.requests[1]?.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(await packed.json()).toEqual({ packed: true });
    const empty = await peer.fetch(`${peer.url}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('a call that waits longer than the idle timeout for its answer is not cut', async () => {
    const peer = await serve(async (_incoming, outgoing) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      outgoing.end('late but whole');
    });
    fetcher?.close();
    fetcher = createKeepAliveFetch({ idleTimeoutMs: 50 });
    const response = await fetcher(peer.url, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('late but whole');
  });

  it('https: trusts the extra CA, keeps one TLS connection, refuses an unknown certificate', async () => {
    // A throwaway self-signed certificate for 127.0.0.1 (Debian's openssl), made per run.
    const dir = mkdtempSync(join(tmpdir(), 'keep-alive-fetch-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const tls = {
        key: readFileSync(join(dir, 'key.pem'), 'utf8'),
        cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      };
      const peer = await serve(
        (_incoming, outgoing, seen) => {
          outgoing.end(`secure ${seen.body}`);
        },
        30_000,
        tls,
      );
      for (const call of ['1', '2', '3']) {
        expect(await (await peer.fetch(peer.url, { method: 'POST', body: call })).text()).toBe(`secure ${call}`);
      }
      expect(peer.sockets).toHaveLength(1);
      // Without the CA the certificate is refused as fetch refuses it: a TypeError with the TLS error as cause.
      const strict = createKeepAliveFetch();
      const error = await strict(peer.url).catch((caught: unknown) => caught);
      strict.close();
      expect(error).toMatchObject({
        name: 'TypeError',
        message: 'fetch failed',
        cause: { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
