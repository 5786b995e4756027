import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { traceLineSchema } from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, ensureBuilt } from './ensure-built';
import { cleanEnv } from './umbrella-fixtures';

// `interlingua gateway` as a real process: the banner, a request served, and SIGTERM draining the
// request in flight before exiting 0; `--trace-file`, and `interlingua trace` opening its file.

const COMPLETION = {
  id: 'chatcmpl-cli',
  object: 'chat.completion',
  created: 1767225600,
  model: 'gpt-4.1',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Drained, not dropped.', refusal: null },
      finish_reason: 'stop',
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
};

let backend: ProviderServer;
let config: string;

beforeAll(async () => {
  ensureBuilt();
  backend = await startProviderServer({
    routes: [
      {
        method: 'POST',
        path: '/v1/chat/completions',
        reply: async () => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          return json(COMPLETION);
        },
      },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-gateway-cli-'));
  config = join(dir, 'gateway.json');
  writeFileSync(
    config,
    `// written by the test\n{ "models": { "slow": { "model": "openai:gpt-4.1", "retries": 0 } },\n  "providers": { "openai": { "baseURL": "${backend.url}/v1", "apiKey": "sk-cli-test-0000" } }, }\n`,
  );
}, 300_000);
afterAll(async () => {
  await backend.close();
});

/** The URL the gateway's banner names, once it is listening. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+) — models: slow/.exec(stderr);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`the gateway exited early: ${stderr}`)));
  });
}

describe('interlingua gateway (built binary)', { timeout: 90_000 }, () => {
  it('serves, and on SIGTERM finishes the request in flight, then exits 0', async () => {
    const child = spawn(process.execPath, [BUILT_CLI, 'gateway', '--config', config, '--port', '0'], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = /listening on (http:\/\/\S+) — models: slow/.exec(stderr);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`the gateway exited early: ${stderr}`)));
    });
    const inFlight = fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'cli-drain-1' },
      body: JSON.stringify({ model: 'slow', messages: [{ role: 'user', content: 'hi' }] }),
    });
    while (backend.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as typeof COMPLETION).choices[0]?.message.content).toBe('Drained, not dropped.');
    expect(await exited).toBe(0);
    expect(stderr).toContain('Shutting down: finishing in-flight requests');
    const line = stdout
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.id === 'cli-drain-1');
    expect(line).toMatchObject({
      status: 200,
      model: 'slow',
      backend: 'openai:gpt-4.1',
      tokens: { input: 9, output: 4 },
    });
    expect(stdout).not.toContain('sk-cli-test-0000');
  });

  it('--trace-file records the exchange and the backend call, and `interlingua trace` opens the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'interlingua-gateway-trace-')), 'gateway.jsonl');
    const child = spawn(
      process.execPath,
      [BUILT_CLI, 'gateway', '--config', config, '--port', '0', '--trace-file', file],
      { env: cleanEnv(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await listeningUrl(child);
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'cli-trace-1',
        authorization: 'Bearer sk-client-secret-0123456789',
      },
      body: JSON.stringify({ model: 'slow', messages: [{ role: 'user', content: '记下来' }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const text = readFileSync(file, 'utf8');
    const lines = text
      .split('\n')
      .filter((row) => row !== '')
      .map((row) => traceLineSchema.parse(JSON.parse(row)));
    expect(lines.map((line) => line.type)).toEqual([
      'trace-start',
      'gateway-request',
      'model-request',
      'model-response',
      'gateway-response',
    ]);
    expect(lines[0]).toMatchObject({ source: 'interlingua gateway' });
    expect(lines.slice(1).every((line) => 'requestId' in line && line.requestId === 'cli-trace-1')).toBe(true);
    expect(lines[1]).toMatchObject({ body: { model: 'slow', messages: [{ content: '记下来' }] } });
    expect(lines[2]).toMatchObject({ provider: 'openai', model: 'gpt-4.1', wire: { body: { model: 'gpt-4.1' } } });
    expect(lines[3]).toMatchObject({
      wire: { status: 200, body: COMPLETION },
      usage: { inputTokens: 9, outputTokens: 4 },
    });
    expect(lines[4]).toMatchObject({
      status: 200,
      body: { choices: [{ message: { content: 'Drained, not dropped.' } }] },
    });
    expect(text).not.toContain('sk-cli-test-0000');
    expect(text).not.toContain('sk-client-secret-0123456789');

    // The trace page serves it, every line valid.
    const page = spawn(process.execPath, [BUILT_CLI, 'trace', file, '--port', '0'], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pageUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        page.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          const match = /^(http:\/\/\S+)\n/.exec(out);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        page.once('exit', () => reject(new Error('the trace page exited early')));
      });
      const served = (await (await fetch(new URL('/trace', pageUrl))).json()) as {
        lines: unknown[];
        problems: unknown[];
      };
      expect(served.problems).toEqual([]);
      expect(served.lines).toHaveLength(lines.length);
    } finally {
      page.kill('SIGTERM');
    }
  });
});
