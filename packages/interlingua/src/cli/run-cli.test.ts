import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { json, startProviderServer } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { formatCost } from '../format-cost';
import { traceLineSchema } from '../trace/trace-line-schema';
import { createSpinner } from './create-spinner';
import { runCli } from './run-cli';

function sink(isTTY = false) {
  const chunks: string[] = [];
  return { chunks, isTTY, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

function weatherConfig(): string {
  const server = fileURLToPath(new URL('../../../../examples/weather-server/server.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const path = join(mkdtempSync(join(tmpdir(), 'interlingua-repl-')), 'mcp.json');
  writeFileSync(
    path,
    JSON.stringify({ mcpServers: { weather: { command: process.execPath, args: ['--import', tsx, server] } } }),
  );
  return path;
}

describe('interlingua chat REPL', () => {
  it('keeps the conversation between turns, so "那上海呢？" becomes a second weather call', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stdout = sink();
    const stderr = sink();
    const done = runCli(['chat', '--offline', '--model', 'gemini:gemini-2.5-flash', '--mcp', weatherConfig()], {
      stdin,
      stdout,
      stderr,
      env: { NO_COLOR: '1' },
    });
    // One line at a time, each after the previous answer is out, as a person types.
    for (const line of ['北京今天天气怎么样？', '那上海呢？']) {
      const answers = stdout.text().split('适合出门。').length;
      stdin.write(`${line}\n`);
      await expect.poll(() => stdout.text().split('适合出门。').length, { timeout: 60_000 }).toBe(answers + 1);
    }
    stdin.write('/exit\n');
    expect(await done).toBe(0);
    expect(stdout.text()).toBe(
      '我需要查一下北京的天气。\n北京今天晴，25°C，适合出门。\n我需要查一下上海的天气。\n上海今天多云，22°C，适合出门。\n',
    );
    const log = stderr.text();
    expect(log).toContain('→ tool call weather__get_weather {"city":"上海"}');
    expect(log.match(/^usage: /gm)).toHaveLength(2);
    expect(log).toMatch(/total: \d+ in \/ \d+ out over 2 turns/);
  }, 120_000);
});

describe('interlingua chat --trace-file', () => {
  it('records the turn as trace lines and prints the cost per turn and in total', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'interlingua-trace-file-')), 'run.jsonl');
    const stdout = sink();
    const stderr = sink();
    const code = await runCli(
      ['chat', '--offline', '--mcp', weatherConfig(), '--trace-file', file, '北京今天天气怎么样？'],
      { stdin: Object.assign(new PassThrough(), { isTTY: true }), stdout, stderr, env: { NO_COLOR: '1' } },
    );
    expect(code).toBe(0);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => traceLineSchema.parse(JSON.parse(line)));
    expect(lines[0]).toMatchObject({ type: 'trace-start', source: 'interlingua chat' });
    const types = lines.map((line) => line.type);
    expect(types.filter((type) => type === 'model-response')).toHaveLength(2);
    expect(types.filter((type) => type === 'tool-call')).toHaveLength(1);
    expect(types.at(-1)).toBe('run-finish');
    const methods = lines.flatMap((line) =>
      line.type === 'mcp' ? [(line.message as { method?: string }).method ?? 'result'] : [],
    );
    // The bridge probes for the 2026-07-28 era first (server/discover); this legacy server refuses
    // it, and the handshake follows.
    expect(methods.slice(0, 6)).toEqual([
      'server/discover',
      'result',
      'initialize',
      'result',
      'notifications/initialized',
      'tools/list',
    ]);
    expect(methods).toContain('tools/call');
    // The offline model answers as claude-sonnet-4-6, so the turn is priced at its rates.
    const finish = lines.at(-1);
    if (finish?.type !== 'run-finish' || finish.cost === 'unknown') throw new Error('expected a priced run');
    expect(stderr.text()).toContain(`, ${formatCost(finish.cost)} (input per step:`);
    expect(stderr.text()).toMatch(/total: \d+ in \/ \d+ out over 1 turn, \$0\.\d+/);
    expect(stderr.text()).toContain(`trace: ${file} (view it with: interlingua trace ${file})`);
  }, 120_000);
});

describe('interlingua chat errors', () => {
  it('a provider error is one line with its status and message, a hint, exit code 1, and no key', async () => {
    const server = await startProviderServer({
      routes: [
        {
          path: '/v1/messages',
          reply: json(
            { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
            { status: 401 },
          ),
        },
      ],
    });
    const stdout = sink();
    const stderr = sink();
    const key = 'sk-ant-wrong-key-0123456789';
    try {
      const code = await runCli(['chat', '--model', 'anthropic:claude-sonnet-4-6', '--base-url', server.url, 'hi'], {
        stdin: Object.assign(new PassThrough(), { isTTY: true }),
        stdout,
        stderr,
        env: { ANTHROPIC_API_KEY: key },
      });
      expect(code).toBe(1);
      expect(server.requests[0]?.headers['x-api-key']).toBe(key);
      expect(stderr.text()).toBe(
        'error: The provider answered 401: invalid x-api-key\nhint: Check the API key in the environment.\n',
      );
      expect(stdout.text()).toBe('');
    } finally {
      await server.close();
    }
  });
});

describe('createSpinner', () => {
  it('writes nothing when the stream is not a terminal', () => {
    const out = sink(false);
    const spinner = createSpinner(out);
    spinner.start('thinking…');
    spinner.stop();
    expect(out.chunks).toEqual([]);
  });

  it('draws on a terminal and clears its line when stopped', () => {
    const out = sink(true);
    const spinner = createSpinner(out);
    spinner.start('thinking…');
    spinner.stop();
    expect(out.chunks).toEqual(['\r⠋ thinking…\u001b[K', '\r\u001b[K']);
  });
});
