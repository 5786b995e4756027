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
