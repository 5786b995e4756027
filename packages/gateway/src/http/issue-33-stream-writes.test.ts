import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeListener, type GatewayApp } from './create-node-listener';

// Issue 33: a streamed answer's chunks that arrive in one tick go out in one write (one HTTP
// chunk, which the client reads as one `data` event); a chunk that arrives alone is sent at once,
// not held for the next one; a client that stops reading stops the stream.

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** Serves `app` on a free loopback port. */
async function serve(app: GatewayApp): Promise<{ url: string }> {
  server = createServer(createNodeListener(app, { maxBodyBytes: 1024, onComplete: () => undefined }));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions` };
}

/** POSTs to `url`; calls `onData` with the text so far on every read; resolves with the whole body. */
function post(url: string, onData: (text: string) => void = () => undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (piece: string) => {
        text += piece;
        onData(text);
      });
      incoming.on('end', () => resolve(text));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end('{}');
  });
}

describe('createNodeListener: stream writes (issue 33)', () => {
  it('writes 50 chunks that are ready together in two HTTP chunks at most, not 50', async () => {
    const chunks = Array.from({ length: 50 }, (_, index) => `data: {"n":${index}}\n\n`);
    async function* stream(): AsyncIterable<string> {
      // Every chunk is ready at once: each `next()` settles in a microtask of the same turn.
      for (const chunk of chunks) yield chunk;
    }
    const { url } = await serve(async () => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      stream: stream(),
    }));
    let reads = 0;
    const body = await post(url, () => {
      reads += 1;
    });
    expect(body).toBe(chunks.join(''));
    // Node's client emits one `data` per HTTP chunk, however the bytes arrived: the first chunk,
    // then the 49 others together — or all in one, where Node's per-tick cork joins them (Node 24).
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2);
  });

  it('sends a chunk that arrives alone before the next one exists', async () => {
    // The second chunk is made only once the client has read the first: were the first held
    // back until more arrived, this would never finish.
    let firstRead!: () => void;
    const clientHasFirst = new Promise<void>((resolve) => {
      firstRead = resolve;
    });
    async function* stream(): AsyncIterable<string> {
      yield 'data: {"first":true}\n\n';
      await clientHasFirst;
      yield 'data: [DONE]\n\n';
    }
    const { url } = await serve(async () => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      stream: stream(),
    }));
    const body = await post(url, (text) => {
      if (text.includes('"first":true')) firstRead();
    });
    expect(body).toBe('data: {"first":true}\n\ndata: [DONE]\n\n');
  });

  it('hands the first chunk of a tick to the socket before the rest of the tick is worked on', async () => {
    // Node corks a response's socket on a write until the next tick, so the first chunk (and the
    // headers with it) would wait for the work on every other event of the same upstream read —
    // the time to first byte grew with the burst. When the stream resumes after its first chunk
    // (in the same tick, before any I/O), that chunk must already be out of the response: the
    // socket not corked, nothing of it left in the socket's buffer.
    let socket: Socket | undefined;
    const seen: { corked: number; buffered: number }[] = [];
    async function* stream(): AsyncIterable<string> {
      yield 'data: {"first":true}\n\n';
      seen.push({ corked: socket?.writableCorked ?? -1, buffered: socket?.writableLength ?? -1 });
      yield 'data: {"second":true}\n\n';
      yield 'data: [DONE]\n\n';
    }
    const { url } = await serve(async () => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      stream: stream(),
    }));
    server?.once('connection', (connection: Socket) => {
      socket = connection;
    });
    const body = await post(url);
    expect(body).toBe('data: {"first":true}\n\ndata: {"second":true}\n\ndata: [DONE]\n\n');
    expect(seen).toEqual([{ corked: 0, buffered: 0 }]);
  });

  it('goes on after a gathered write that had to wait, when the next chunk comes after the drain', async () => {
    // 32 KiB gathered (more than the response buffers before `write` says to wait), then a chunk
    // made only once the client read it all: the drain came before that chunk, not after it.
    const big = `data: ${'y'.repeat(32_768)}\n\n`;
    let clientRead!: () => void;
    const clientHasBig = new Promise<void>((resolve) => {
      clientRead = resolve;
    });
    async function* stream(): AsyncIterable<string> {
      yield big;
      await clientHasBig;
      await new Promise((resolve) => setImmediate(resolve));
      yield 'data: [DONE]\n\n';
    }
    const { url } = await serve(async () => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      stream: stream(),
    }));
    const body = await post(url, (text) => {
      if (text.length >= big.length) clientRead();
    });
    expect(body).toBe(`${big}data: [DONE]\n\n`);
  });

  it('still waits for drain when the client reads slowly (backpressure)', async () => {
    // 64 MiB in 64 KiB chunks: far more than loopback's kernel buffers hold (autotuned to a few
    // MiB; 4 MiB fitted whole on Node 22), so `write` must say to wait and the producer stop.
    const piece = `data: ${'x'.repeat(65_536 - 8)}\n\n`;
    const chunks = 1024;
    let produced = 0;
    async function* stream(): AsyncIterable<string> {
      for (let index = 0; index < chunks; index++) {
        produced += 1;
        yield piece;
      }
    }
    const { url } = await serve(async () => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      stream: stream(),
    }));
    let paused = false;
    // How many chunks were made when the client paused, and after the producer had time to run on.
    const seen: number[] = [];
    const body = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(url, { method: 'POST', agent: false }, (incoming) => {
        let size = 0;
        incoming.on('data', (data: Buffer) => {
          size += data.length;
          if (paused) return;
          // The client stops reading after its first bytes; the producer must stop too.
          paused = true;
          incoming.pause();
          seen.push(produced);
          setTimeout(() => {
            seen.push(produced);
            incoming.resume();
          }, 50);
        });
        incoming.on('end', () => resolve(size));
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
    expect(seen[1]).toBeLessThan(chunks);
    expect(body).toBe(piece.length * chunks);
  });
});
