// Issue 12, item 9: a turn whose stream ended in an error event after the provider reported usage
// showed no usage at all; the CLI now prints the tokens that were billed.
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sse, startProviderServer } from '@interlingua/testkit';
import { expect, it } from 'vitest';
import { runCli } from './run-cli';

// The streaming guide's mid-stream `overloaded_error` after `message_start` (25 input tokens, 1 output).
const overloaded = readFileSync(
  fileURLToPath(new URL('../../../anthropic/src/__fixtures__/anthropic-ping-error.1.chunks.txt', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));

it('issue 12: a turn that failed mid-stream still prints the usage it billed, then the error', async () => {
  const server = await startProviderServer({ routes: [{ path: '/v1/messages', reply: sse('anthropic', overloaded) }] });
  const chunks: string[] = [];
  const stdout: string[] = [];
  try {
    const code = await runCli(['chat', '--model', 'anthropic:claude-sonnet-4-6', '--base-url', server.url, 'hi'], {
      stdin: Object.assign(new PassThrough(), { isTTY: true }),
      stdout: { write: (text: string) => stdout.push(text) },
      stderr: { write: (text: string) => chunks.push(text) },
      env: { ANTHROPIC_API_KEY: 'sk-ant-test-0123456789', NO_COLOR: '1' },
    });
    expect(code).toBe(1);
    expect(stdout.join('')).toBe('Hello\n');
    // The tokens billed, and their cost (from the capability price data).
    expect(chunks.join('')).toMatch(/^usage: 25 in \/ 1 out, \$0\.\d+\n/m);
    expect(chunks.join('')).toContain(
      'error: The provider reported overloaded_error: Overloaded\nhint: The provider is having trouble: retry later.\n',
    );
  } finally {
    await server.close();
  }
});

it('a stream the server broke off after answering 200 is not reported as an unreachable server', async () => {
  // The overloaded fixture's first events, then the connection is reset: the server was reached, then dropped.
  const started = overloaded.filter((event) => event.type !== 'error');
  const server = await startProviderServer({
    routes: [{ path: '/v1/messages', reply: sse('anthropic', started, { end: 'reset' }) }],
  });
  const chunks: string[] = [];
  try {
    const code = await runCli(['chat', '--model', 'anthropic:claude-sonnet-4-6', '--base-url', server.url, 'hi'], {
      stdin: Object.assign(new PassThrough(), { isTTY: true }),
      stdout: { write: () => true },
      stderr: { write: (text: string) => chunks.push(text) },
      env: { ANTHROPIC_API_KEY: 'sk-ant-test-0123456789', NO_COLOR: '1' },
    });
    expect(code).toBe(1);
    const stderr = chunks.join('');
    expect(stderr).toContain(
      `error: The provider answered 200 at POST ${server.url}/v1/messages, then the response stopped:`,
    );
    expect(stderr).toContain('hint: The server was reached but stalled or dropped the connection');
    expect(stderr).not.toContain('Could not reach the provider');
  } finally {
    await server.close();
  }
});
