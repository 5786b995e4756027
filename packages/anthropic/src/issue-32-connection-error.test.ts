import { createServer } from 'node:net';
import { APICallError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { createAnthropic } from './create-anthropic';

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
  it('generate and stream: the URL and the root cause are in the message', async () => {
    const port = await closedPort();
    const model = createAnthropic({ baseURL: `http://127.0.0.1:${port}`, apiKey: 'sk-ant-test-32', maxRetries: 0 })(
      'claude-sonnet-4-6',
    );
    const stream = async () => {
      for await (const _event of model.stream(request)) {
        // drained
      }
    };
    for (const call of [() => model.generate(request), stream]) {
      const error = await call().catch((thrown: unknown) => thrown);
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain(
        `The connection to Anthropic at http://127.0.0.1:${port}/v1/messages failed: `,
      );
      expect((error as Error).message).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
      expect((error as Error).message).not.toContain('sk-ant-test-32');
    }
  });
});
