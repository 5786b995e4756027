// Issue 14, items 6–10: the CLI keeps an interrupted answer, explains failed calls, suggests
// flags, honours NO_COLOR / FORCE_COLOR, goes on without a dead MCP server, shows MCP progress.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { stylesFor } from './styles-for';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const weatherServer = fileURLToPath(new URL('../../../../examples/weather-server/server.ts', import.meta.url));
const fixtureServer = fileURLToPath(
  new URL('../../../mcp-bridge/src/__fixtures__/servers/fixture-server.ts', import.meta.url),
);
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

function sink(isTTY = false) {
  const chunks: string[] = [];
  return { chunks, isTTY, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

function mcpConfig(servers: Record<string, unknown>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'interlingua-cli-14-')), 'mcp.json');
  writeFileSync(path, JSON.stringify({ mcpServers: servers }));
  return path;
}
const weather = { command: process.execPath, args: ['--import', tsx, weatherServer] };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
async function serve(handler: (request: IncomingMessage, body: string, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => handler(request, body, response));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Chat Completions stream chunks (openai SDK `ChatCompletionChunk`).
const chunk = (delta: object, finish: string | null = null) => ({
  id: 'chatcmpl-14',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4.1',
  choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
});
const usage = (prompt: number, completion: number) => ({
  id: 'chatcmpl-14',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4.1',
  choices: [],
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
});
const data = (value: object) => `data: ${JSON.stringify(value)}\n\n`;

describe('Ctrl-C during a streamed answer (item 6)', () => {
  it('keeps the answer shown, marked as interrupted, and counts the usage of the cancelled turn', async () => {
    const bodies: { messages: { role: string; content: unknown }[] }[] = [];
    const url = await serve((_request, body, response) => {
      bodies.push(JSON.parse(body));
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (bodies.length === 1) {
        const call = {
          index: 0,
          id: 'call_1',
          type: 'function',
          function: { name: 'weather__get_weather', arguments: '{"city":"北京"}' },
        };
        response.end(
          `${data(chunk({ role: 'assistant', tool_calls: [call] }))}${data(chunk({}, 'tool_calls'))}${data(usage(50, 10))}data: [DONE]\n\n`,
        );
      } else if (bodies.length === 2) {
        response.write(data(chunk({ role: 'assistant', content: '北京今天晴' }))); // …and never ends
      } else {
        response.end(
          `${data(chunk({ role: 'assistant', content: '好的。' }))}${data(chunk({}, 'stop'))}${data(usage(80, 5))}data: [DONE]\n\n`,
        );
      }
    });
    let interrupt: (() => void) | undefined;
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stdout = sink();
    const stderr = sink();
    const done = runCli(
      ['chat', '--model', 'openai:gpt-4.1', '--base-url', `${url}/v1`, '--mcp', mcpConfig({ weather })],
      {
        stdin,
        stdout,
        stderr,
        env: { OPENAI_API_KEY: 'sk-test-14', NO_COLOR: '1' },
        onInterrupt: (handler) => {
          interrupt = handler;
          return () => {
            interrupt = undefined;
          };
        },
      },
    );
    stdin.write('北京天气？\n');
    await expect.poll(() => stdout.text(), { timeout: 60_000 }).toContain('北京今天晴');
    interrupt?.();
    await expect.poll(() => stderr.text(), { timeout: 60_000 }).toContain('(cancelled)');
    stdin.write('再说一遍\n');
    await expect.poll(() => stdout.text(), { timeout: 60_000 }).toContain('好的。');
    stdin.write('/exit\n');
    expect(await done).toBe(0);
    const sent = bodies[2]?.messages ?? [];
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(sent[3]?.content).toBe('北京今天晴 [interrupted by the user]');
    expect(stderr.text()).toContain('(cancelled) usage: 50 in / 10 out');
    expect(stderr.text()).toMatch(/total: 130 in \/ 15 out over 2 turns/);
  }, 120_000);
});

async function chatOnce(args: string[], env: Record<string, string>) {
  const stdout = sink();
  const stderr = sink();
  const code = await runCli(['chat', ...args, 'hi'], {
    stdin: Object.assign(new PassThrough(), { isTTY: true }),
    stdout,
    stderr,
    env,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('a failed model call says what to do (item 7)', () => {
  it('an HTML page: status, content type and title on one line, and a base-URL hint', async () => {
    const url = await serve((_request, _body, response) => {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!DOCTYPE html>\n<html>\n<head><title>404 Not Found</title></head>\n<body>\n${'<p>nothing here</p>\n'.repeat(50)}</body></html>`,
      );
    });
    const result = await chatOnce(['--model', 'openai:gpt-4.1', '--base-url', url], { OPENAI_API_KEY: 'sk-test-14' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: The provider answered 404 with an HTML page "404 Not Found" (text/html; charset=utf-8), not an API response: POST ${url}/chat/completions\n` +
        'hint: Check the base URL (--base-url or OPENAI_BASE_URL): it should point at the API itself — OpenAI-compatible servers usually end in /v1.\n',
    );
  });

  it('another non-JSON body: its first line, and a hint', async () => {
    const url = await serve((_request, _body, response) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('Bad Request: no such route\nat router.go:42');
    });
    const result = await chatOnce(['--model', 'anthropic:claude-sonnet-4-6', '--base-url', url], {
      ANTHROPIC_API_KEY: 'sk-ant-14',
    });
    expect(result.stderr.split('\n')[0]).toBe(
      `error: The provider answered 400 with a text/plain body, not JSON: "Bad Request: no such route at router.go:42" from POST ${url}/v1/messages`,
    );
    expect(result.stderr).toContain(
      "hint: A server that does not speak the provider's API answered: Check the base URL (--base-url or ANTHROPIC_BASE_URL)",
    );
  });

  it('could not reach: names the URL it tried, with credentials redacted', async () => {
    const result = await chatOnce(
      ['--model', 'openai:gpt-4.1', '--base-url', 'http://user:hunter2@127.0.0.1:9/v1?key=sk-in-url'],
      {
        OPENAI_API_KEY: 'sk-test-14',
      },
    );
    expect(result.code).toBe(1);
    // The SDK appends its path after the query here; either way the URL tried is named.
    expect(result.stderr).toMatch(
      /^error: Could not reach the provider at POST http:\/\/%5BREDACTED%5D@127\.0\.0\.1:9\/v1\?key=/,
    );
    expect(result.stderr).toContain('hint: Check the base URL and that the server is running');
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toContain('sk-in-url');
  }, 120_000);
});

describe('flags and colour (item 8)', () => {
  it('--modle suggests --model, in one line', async () => {
    const stderr = sink();
    const code = await runCli(['chat', '--modle', 'openai:gpt-4.1', 'hi'], {
      stdin: new PassThrough(),
      stdout: sink(),
      stderr,
      env: {},
    });
    expect(code).toBe(2);
    expect(stderr.text()).toBe(
      'error: Unknown option --modle; did you mean --model?\nhint: Run `interlingua --help` for the commands and their options.\n',
    );
  });

  it('NO_COLOR set and not empty turns colour off; empty, it does not; FORCE_COLOR turns it on, pipes included', () => {
    const red = (isTTY: boolean, env: Record<string, string>) => stylesFor({ write: () => {}, isTTY }, env).red('x');
    expect(red(true, {})).toBe('\u001b[31mx\u001b[39m');
    expect(red(true, { NO_COLOR: '1' })).toBe('x');
    expect(red(true, { NO_COLOR: '' })).toBe('\u001b[31mx\u001b[39m');
    expect(red(false, {})).toBe('x');
    expect(red(false, { FORCE_COLOR: '1' })).toBe('\u001b[31mx\u001b[39m');
    expect(red(false, { FORCE_COLOR: '' })).toBe('x');
    expect(red(true, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe('\u001b[31mx\u001b[39m');
  });
});

describe('MCP servers in chat (items 9 and 10)', () => {
  it('goes on without a server that cannot start, saying which', async () => {
    const stdout = sink();
    const stderr = sink();
    const config = mcpConfig({ dead: { command: join(tmpdir(), 'no-such-mcp-server-14') }, weather });
    const code = await runCli(['chat', '--offline', '--mcp', config, '北京今天天气怎么样？'], {
      stdin: Object.assign(new PassThrough(), { isTTY: true }),
      stdout,
      stderr,
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(0);
    expect(stderr.text()).toMatch(
      /^MCP server `dead` is not available: Its command `[^`]*no-such-mcp-server-14` was not found.* \(going on without its tools\)$/m,
    );
    expect(stdout.text()).toContain('北京今天晴，25°C');
  }, 120_000);

  it('shows MCP progress of a long tool call on the spinner line', async () => {
    const stderr = sink(true);
    const config = mcpConfig({
      weather: { command: process.execPath, args: ['--import', 'tsx', fixtureServer, 'slow-weather'], cwd: repoRoot },
    });
    const code = await runCli(['chat', '--offline', '--mcp', config, '北京今天天气怎么样？'], {
      stdin: Object.assign(new PassThrough(), { isTTY: true }),
      stdout: sink(),
      stderr,
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(0);
    for (const step of ['1/3', '2/3', '3/3']) {
      expect(stderr.chunks).toContainEqual(
        expect.stringContaining(`running weather__get_weather… ${step} asking the 北京 station`),
      );
    }
  }, 120_000);
});
