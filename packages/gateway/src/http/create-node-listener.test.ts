import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeListener, type GatewayApp, type RequestOutcome } from './create-node-listener';
import type { GatewayReply } from './gateway-exchange';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** Serves `app` on a free loopback port; resolves the URL and a promise of each request's outcome. */
async function serve(app: GatewayApp): Promise<{ url: string; outcome: Promise<RequestOutcome> }> {
  let settle!: (outcome: RequestOutcome) => void;
  const outcome = new Promise<RequestOutcome>((resolve) => {
    settle = resolve;
  });
  server = createServer(createNodeListener(app, { maxBodyBytes: 1024, onComplete: (_record, done) => settle(done) }));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`, outcome };
}

/** A streamed answer that records whether its end ran (where the gateway settles a call). */
function trackedStream(): { reply: GatewayReply; ended: Promise<string[]> } {
  const seen: string[] = [];
  let finish!: (seen: string[]) => void;
  const ended = new Promise<string[]>((resolve) => {
    finish = resolve;
  });
  async function* stream(): AsyncIterable<string> {
    try {
      seen.push('started');
      yield 'data: {"a":1}\n\n';
      seen.push('second chunk asked for');
      yield 'data: [DONE]\n\n';
    } finally {
      seen.push('ended');
      finish(seen);
    }
  }
  return { reply: { status: 200, headers: { 'content-type': 'text/event-stream' }, stream: stream() }, ended };
}

describe('createNodeListener: a client that leaves before the first byte', () => {
  it('still runs the end of a stream answered after it left, so the call is settled', async () => {
    let answer!: (reply: GatewayReply) => void;
    let called!: () => void;
    const appCalled = new Promise<void>((resolve) => {
      called = resolve;
    });
    let signal!: AbortSignal;
    const { url, outcome } = await serve((request) => {
      called();
      signal = request.signal;
      expect(request.signal.aborted).toBe(false);
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const client = httpRequest(url, { method: 'POST' });
    client.on('error', () => undefined);
    client.end('{}');
    await appCalled;
    client.destroy();
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    let logged = false;
    void outcome.then(() => {
      logged = true;
    });

    // The backend stream had started before the client left; its answer arrives afterwards.
    const { reply, ended } = trackedStream();
    answer(reply);
    expect(await ended).toEqual(['started', 'ended']);
    // The outcome (the log line) waits for the stream's end, where the call is settled.
    expect(logged).toBe(false);
    expect(await outcome).toMatchObject({ aborted: true, status: 499 });
  });

  it('reports the outcome only once the record is settled', async () => {
    let settle!: () => void;
    const { url, outcome } = await serve(async (_request, record) => {
      record.settled = new Promise((resolve) => {
        settle = resolve;
      });
      return { status: 200, headers: {}, body: 'ok' };
    });
    const response = await fetch(url, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('ok');
    let reported = false;
    void outcome.then(() => {
      reported = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reported).toBe(false);
    settle();
    expect(await outcome).toMatchObject({ status: 200, aborted: false });
  });

  it('writes the whole stream to a client that stays (the control)', async () => {
    const { reply, ended } = trackedStream();
    const { url } = await serve(async () => reply);
    const body = await new Promise<string>((resolve, reject) => {
      const client = httpRequest(url, { method: 'POST' }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () => resolve(text));
      });
      client.on('error', reject);
      client.end('{}');
    });
    expect(body).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
    expect(await ended).toEqual(['started', 'second chunk asked for', 'ended']);
  });
});
