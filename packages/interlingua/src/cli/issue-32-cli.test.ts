// Issue 32: a cancelled turn on a model without a known price printed `$0`, where docs/cost.md
// promises "cost unknown, never $0".
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const tty = () => Object.assign(new PassThrough(), { isTTY: true });

function sink() {
  const chunks: string[] = [];
  return { chunks, isTTY: false, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

// A Chat Completions server that starts a streamed answer and never ends it.
async function hangingStream(): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = {
        id: 'chatcmpl-32',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'local-model',
        choices: [{ index: 0, delta: { role: 'assistant', content: 'Thinking about it' }, finish_reason: null }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a cancelled turn on an unpriced model (issue 32)', () => {
  it('says cost unknown, never $0', async () => {
    const url = await hangingStream();
    let interrupt: (() => void) | undefined;
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stdout = sink();
    const stderr = sink();
    const done = runCli(['chat', '--model', 'openai-compatible:local-model', '--base-url', `${url}/v1`], {
      stdin,
      stdout,
      stderr,
      env: { NO_COLOR: '1' },
      onInterrupt: (handler) => {
        interrupt = handler;
        return () => {
          interrupt = undefined;
        };
      },
    });
    stdin.write('hello\n');
    await expect.poll(() => stdout.text(), { timeout: 60_000 }).toContain('Thinking about it');
    interrupt?.();
    await expect.poll(() => stderr.text(), { timeout: 60_000 }).toContain('(cancelled)');
    stdin.write('/exit\n');
    expect(await done).toBe(0);
    const cancelled = stderr
      .text()
      .split('\n')
      .find((line) => line.includes('(cancelled)'));
    expect(cancelled).toContain('cost unknown');
    expect(stderr.text()).not.toContain('$0');
    expect(stderr.text()).toMatch(/total: .* over 1 turn, cost unknown/);
  }, 90_000);
});

describe('what the docs say the CLI prints (issue 32)', () => {
  it('gateway --help lists every route, the Responses API and the admin routes included', async () => {
    const stdout = sink();
    const code = await runCli(['gateway', '--help'], { stdin: tty(), stdout, stderr: sink(), env: {} });
    expect(code).toBe(0);
    for (const route of [
      'POST /v1/chat/completions',
      'POST /v1/responses',
      'GET /v1/models',
      'POST /v1/messages',
      '/v1/messages/count_tokens',
      ':generateContent',
      ':streamGenerateContent',
      'GET /v1beta/models',
      'POST /admin/keys',
      'GET /admin/keys',
      '/admin/keys/{name}/revoke',
      '/admin/keys/{name}/reset-budget',
      '/healthz',
      '/readyz',
      '/metrics',
    ]) {
      expect(stdout.text()).toContain(route);
    }
  });

  it("docs/cli.md's error samples are what the CLI prints", async () => {
    const doc = readFileSync(new URL('../../../../docs/cli.md', import.meta.url), 'utf8');
    const block = doc.slice(doc.indexOf('## Errors and exit codes'));
    const samples = [...block.matchAll(/^\$ interlingua (chat --model \S+ hi)\nerror: (.*)\nhint: (.*)$/gm)];
    // The samples that need no server: an unknown provider and a missing key.
    const offline = samples.filter((sample) => !sample[1]?.includes('--base-url'));
    expect(offline.length).toBe(2);
    for (const [, command, error, hint] of offline) {
      const stderr = sink();
      const code = await runCli((command ?? '').split(' '), {
        stdin: tty(),
        stdout: sink(),
        stderr,
        env: { NO_COLOR: '1' },
      });
      expect(code).toBe(2);
      expect(stderr.text()).toContain(`error: ${error}\nhint: ${hint}\n`);
    }
  });
});

describe('--trace-file into a folder that does not exist (issue 32)', () => {
  it('is an input problem: one line, exit 2', async () => {
    const stderr = sink();
    const code = await runCli(['chat', '--offline', '--trace-file', '/nonexistent-32/dir/run.jsonl', 'hi'], {
      stdin: tty(),
      stdout: sink(),
      stderr,
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(2);
    expect(stderr.text()).toContain('error: Cannot open /nonexistent-32/dir/run.jsonl: no such file or folder.');
    expect(stderr.text()).not.toContain('ENOENT');
  }, 120_000);
});

describe("a failed MCP server's stderr (issue 32)", () => {
  const long = `fatal: ${'x'.repeat(300)}`;
  const script = `console.error(${JSON.stringify(long)}); console.error('second line'); process.exit(3)`;
  const config = () => {
    const path = join(mkdtempSync(join(tmpdir(), 'interlingua-cli-32-')), 'mcp.json');
    writeFileSync(path, JSON.stringify({ mcpServers: { noisy: { command: process.execPath, args: ['-e', script] } } }));
    return path;
  };

  it('tools prints the reason whole and the last stderr lines under it', async () => {
    const stdout = sink();
    const code = await runCli(['tools', '--mcp', config()], {
      stdin: tty(),
      stdout,
      stderr: sink(),
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(1);
    expect(stdout.text()).toContain('exited with code 3 before it answered `initialize`.\n');
    expect(stdout.text()).toContain(`  stderr │ ${long}\n  stderr │ second line\n`);
  }, 120_000);

  it('chat says the server is not available, then its stderr lines', async () => {
    const stderr = sink();
    const code = await runCli(['chat', '--offline', '--mcp', config(), 'hi'], {
      stdin: tty(),
      stdout: sink(),
      stderr,
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(0);
    expect(stderr.text()).toContain('MCP server `noisy` is not available: ');
    expect(stderr.text()).toContain(`  stderr │ ${long}\n  stderr │ second line\n`);
  }, 120_000);
});

describe('typos in --model (issue 32)', () => {
  it('a provider typo names the nearest provider, exit 2', async () => {
    const stderr = sink();
    const code = await runCli(['chat', '--model', 'antropic:claude-sonnet-4-6', 'hi'], {
      stdin: tty(),
      stdout: sink(),
      stderr,
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(2);
    expect(stderr.text()).toContain('error: Unknown provider "antropic". Did you mean "anthropic"?');
  });

  it('a model id typo is a warning naming the known id, and the chat goes on', async () => {
    const stderr = sink();
    const stdout = sink();
    const code = await runCli(['chat', '--offline', '--model', 'anthropic:claude-sonet-4-6', 'hi'], {
      stdin: tty(),
      stdout,
      stderr,
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(0);
    expect(stderr.text()).toContain(
      'warning: "claude-sonet-4-6" is not a model the capability data knows for anthropic; did you mean "claude-sonnet-4-6"?',
    );
    expect(stdout.text()).not.toBe('');
  }, 120_000);
});
