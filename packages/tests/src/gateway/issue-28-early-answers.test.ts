import { request as httpRequest } from 'node:http';
import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 28, finding 6: a 413 (or a 401) answered before the body is read was lost to a reset —
// the gateway closed the connection while the client was still sending, and the client saw
// ECONNRESET instead of the answer. Now the answer is written whole, the rest of the body is
// drained (bounded), and only then is the connection closed. Both of Node's clients are used:
// undici (`fetch`) and `node:http`.

const KEY = 'sk-gw-early-answer-0123456789';
const ELEVEN_MB = 11 * 1024 * 1024;

let backends: Backends;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
  // The default limits.maxBodyBytes, 10 MiB: the 11 MB body is over it.
  ({ gateway, url } = await startGateway(
    backendConfig(backends, { keys: [{ name: 'early', sha256: hashGatewayKey(KEY) }] }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

/** An 11 MB JSON request body (valid JSON: a long user message). */
function hugeBody(): string {
  const head = '{"model":"openai-backend","messages":[{"role":"user","content":"';
  const tail = '"}]}';
  return `${head}${'a'.repeat(ELEVEN_MB - head.length - tail.length)}${tail}`;
}

type Answer = { status: number; body: string };

/** Posts with node:http, writing `chunks()` until the answer is complete; resolves the answer, or rejects with the error. */
function postWithNodeHttp(headers: Record<string, string>, chunks: Iterator<Buffer>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const client = httpRequest(`${url}/v1/chat/completions`, { method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      response.on('end', () => {
        answered = true;
        resolve({ status: response.statusCode ?? 0, body: text });
      });
      response.on('error', reject);
    });
    // A write failing after the answer was read is the expected end of a refused upload.
    client.on('error', (error) => {
      if (!answered) reject(error);
    });
    // One piece per turn of the event loop: a client still uploading when the answer arrives.
    const pump = () => {
      if (answered || client.destroyed) return;
      const next = chunks.next();
      if (next.done === true) return void client.end();
      if (client.write(next.value)) setImmediate(pump);
      else client.once('drain', pump);
    };
    pump();
  });
}

function* whole(buffer: Buffer, size = 64 * 1024): Iterator<Buffer> {
  for (let at = 0; at < buffer.length; at += size) yield buffer.subarray(at, at + size);
}

/** An endless body: 64 KiB of spaces, again and again (up to 1 GiB, so a failing test ends). */
function* endless(): Iterator<Buffer> {
  const piece = Buffer.alloc(64 * 1024, ' ');
  for (let sent = 0; sent < 1024 ** 3; sent += piece.length) yield piece;
}

function errorMessage(body: string): string {
  return (JSON.parse(body) as { error: { message: string } }).error.message;
}

describe('answers sent before the body is read reach the client (issue 28, finding 6)', () => {
  it('an 11 MB body with Content-Length: fetch (undici) reads the 413 and its JSON error', async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: hugeBody(),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(errorMessage(await response.text())).toBe(
      'Expected a request body of at most 10485760 bytes (limits.maxBodyBytes).',
    );
  });

  it('an 11 MB body with Content-Length: node:http reads the 413 and its JSON error', async () => {
    const body = Buffer.from(hugeBody());
    const answer = await postWithNodeHttp(
      {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      whole(body),
    );
    expect(answer.status).toBe(413);
    expect(errorMessage(answer.body)).toContain('limits.maxBodyBytes');
  });

  it('an endless chunked body: node:http reads the 413 and its JSON error', async () => {
    const answer = await postWithNodeHttp(
      { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      endless(),
    );
    expect(answer.status).toBe(413);
    expect(errorMessage(answer.body)).toContain('limits.maxBodyBytes');
  });

  it('an endless streamed body: fetch (undici) reads the 413', async () => {
    const piece = new Uint8Array(64 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += piece.length;
        if (sent > 1024 ** 3) controller.close();
        else controller.enqueue(piece);
      },
    });
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(errorMessage(await response.text())).toContain('limits.maxBodyBytes');
  });

  it('a 401 answered before reading a large body is read, not reset', async () => {
    const body = Buffer.from(hugeBody()).subarray(0, 8 * 1024 * 1024);
    const answer = await postWithNodeHttp(
      {
        authorization: 'Bearer sk-wrong-0123456789',
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      whole(body),
    );
    expect(answer.status).toBe(401);
    expect(errorMessage(answer.body)).toContain('key');
  });

  it('the gateway keeps serving afterwards', async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai-backend', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
  });
});
