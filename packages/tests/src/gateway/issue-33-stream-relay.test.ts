import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway } from './gateway-harness';

// Issue 33: a stream relayed through the gateway (OpenAI in, OpenAI backend over the lean
// transport) keeps its events 1:1 however the backend's bytes are cut, and a client that stops
// reading stops the backend's writes (the relay holds no unbounded buffer).

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-up', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A Chat Completions backend that answers a stream with `write(outgoing)`, on a free loopback port. */
async function backend(write: (outgoing: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      write(outgoing);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gatewayConfig(baseURL: string) {
  return {
    models: { up: { model: 'openai:gpt-4.1', retries: 0 } },
    providers: { openai: { baseURL, apiKey: 'sk-backend-openai-0000' } },
  };
}

describe('the gateway relays a stream (issue 33)', () => {
  it('keeps the events 1:1 when the backend cuts its bytes in the middle of events and characters', async () => {
    const words = Array.from({ length: 40 }, (_, index) => `wörd${index}€ `);
    const wire = Buffer.from(
      [
        chunk({ role: 'assistant', content: '' }),
        ...words.map((word) => chunk({ content: word })),
        chunk({}, 'stop'),
        'data: [DONE]\n\n',
      ].join(''),
    );
    const url = await backend(async (outgoing) => {
      // Cuts every 37 bytes: inside `data:` lines, JSON strings and the UTF-8 of ö and €, each
      // piece its own read (a pause between writes).
      for (let at = 0; at < wire.length; at += 37) {
        outgoing.write(wire.subarray(at, at + 37));
        await pause(2);
      }
      outgoing.end();
    });
    const { gateway, url: gatewayURL } = await startGateway(gatewayConfig(url));
    try {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: `${gatewayURL}/v1`, maxRetries: 0 });
      const stream = await client.chat.completions.create({
        model: 'up',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      });
      const contents: string[] = [];
      let finish: string | null | undefined;
      for await (const part of stream) {
        const choice = part.choices[0];
        if (choice?.delta.content) contents.push(choice.delta.content);
        if (choice?.finish_reason) finish = choice.finish_reason;
        expect(part.model).toBe('up');
      }
      expect(contents).toEqual(words);
      expect(finish).toBe('stop');
    } finally {
      await gateway.close();
    }
  });

  it('stops the backend writing while the client does not read (backpressure end to end)', async () => {
    // 64 MiB of content in 64 KiB events: far more than the sockets' buffers on both hops, the
    // transport's and the listener's; the backend writes while `write` says it may.
    const piece = chunk({ content: 'x'.repeat(65_536) });
    const total = 1024;
    let written = 0;
    let ended = false;
    const url = await backend((outgoing) => {
      const next = () => {
        while (written < total) {
          written += 1;
          if (!outgoing.write(piece)) {
            outgoing.once('drain', next);
            return;
          }
        }
        outgoing.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
        ended = true;
      };
      outgoing.on('close', () => outgoing.off('drain', next));
      next();
    });
    const { gateway, url: gatewayURL } = await startGateway(gatewayConfig(url));
    try {
      const seen: number[] = [];
      const received = await new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ model: 'up', messages: [{ role: 'user', content: 'Hi' }], stream: true });
        const outgoing = httpRequest(
          `${gatewayURL}/v1/chat/completions`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, agent: false },
          (incoming) => {
            let size = 0;
            let paused = false;
            incoming.on('data', (data: Buffer) => {
              size += data.length;
              if (paused) return;
              // The client stops reading after its first bytes; the backend must stop writing.
              paused = true;
              incoming.pause();
              setTimeout(() => {
                seen.push(written);
                setTimeout(() => {
                  seen.push(written);
                  incoming.resume();
                }, 200);
              }, 300);
            });
            incoming.on('end', () => resolve(size));
            incoming.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
      // While the client did not read, the backend was held well short of the end, and stayed held.
      expect(seen[0]).toBeLessThan(total);
      expect(seen[1]).toBe(seen[0]);
      expect(ended).toBe(true);
      expect(received).toBeGreaterThan(piece.length * total);
    } finally {
      await gateway.close();
    }
  });
});
