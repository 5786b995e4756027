import { createServer } from 'node:net';
import { APICallError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { createOpenAI } from './create-openai';

// Issue 32: a connection failure read `APICallError: Connection error.`, with no URL and the root
// cause three `cause`s deep.

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const request = { messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };

describe('a server that cannot be reached (issue 32)', () => {
  it.each(['chat-completions', 'responses'] as const)(
    '%s: the URL and the root cause are in the message',
    async (api) => {
      const port = await closedPort();
      const openai = createOpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test-32', maxRetries: 0 });
      const model = api === 'responses' ? openai.responses('gpt-4.1') : openai('gpt-4.1');
      const path = api === 'responses' ? 'responses' : 'chat/completions';
      for (const call of [
        () => model.generate(request),
        async () => {
          for await (const _ of model.stream(request)) {
          }
        },
      ]) {
        const error = await call().catch((thrown: unknown) => thrown);
        expect(APICallError.isInstance(error)).toBe(true);
        expect((error as Error).message).toContain(
          `The connection to OpenAI at http://127.0.0.1:${port}/v1/${path} failed: `,
        );
        expect((error as Error).message).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
        expect((error as Error).message).not.toContain('sk-test-32');
      }
    },
  );
});
