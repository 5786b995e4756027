// `interlingua mcp serve --http` with keys from the mcp.json's `serve` section (issue 30), as a
// real process: a key allowed `fs__read_text_file` sees and calls only that tool through the SDK's
// client, and the process writes the call's audit line to stderr; without keys it will not bind
// beyond loopback, and a misspelt field of `serve` names the one meant.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, ROOT, runCli, TSX } from '../umbrella/umbrella-fixtures';

const require = createRequire(import.meta.url);
const TIMEOUT = 240_000;
const READER_KEY = 'cli-reader-key-9e13b7d2';
const MASTER_KEY = 'cli-master-key-40c8e5f1a9';

function binOf(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (Object.values(bin)[0] ?? ''));
}

let dir: string;
const env = () =>
  cleanEnv({
    TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'),
    INTERLINGUA_CONFIG_DIR: join(dir, 'config'),
    INTERLINGUA_MCP_MASTER_KEY: MASTER_KEY,
  });

function writeConfig(name: string, serve?: object): string {
  const config = join(dir, `${name}.mcp.json`);
  const fs = { command: process.execPath, args: [binOf('@modelcontextprotocol/server-filesystem'), dir], roots: [dir] };
  const memory = {
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-memory')],
    env: { MEMORY_FILE_PATH: join(dir, `${name}.memory.jsonl`) },
  };
  writeFileSync(config, JSON.stringify({ mcpServers: { fs, memory }, ...(serve === undefined ? {} : { serve }) }));
  return config;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'interlingua-serve-keys-30-'));
  writeFileSync(join(dir, 'plan-2291.txt'), 'the plan');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('interlingua mcp serve --http with keys', () => {
  it(
    'a key allowed fs__read_text_file only sees and calls that tool; stderr gets its audit line, without arguments',
    async () => {
      const config = writeConfig('keys', {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
        masterKey: '${env:INTERLINGUA_MCP_MASTER_KEY}',
        keys: [
          {
            name: 'reader',
            sha256: createHash('sha256').update(READER_KEY).digest('hex'),
            tools: ['fs__read_text_file'],
          },
        ],
      });
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', TSX, CLI, 'mcp', 'serve', '--mcp', config, '--http', '--host', '0.0.0.0'],
        { cwd: ROOT, env: env() },
      );
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
            out += chunk;
            const match = /MCP endpoint: (\S+)/.exec(out);
            if (match?.[1] !== undefined) resolve(match[1].replace('0.0.0.0', '127.0.0.1'));
          });
          child.once('exit', (code) => reject(new Error(`mcp serve exited with ${code}: ${stderr}`)));
        });
        const noKey = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(noKey.status).toBe(401);
        const client = new ModernClient({ name: 'reader', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
        await client.connect(
          new ModernTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${READER_KEY}` } } }),
        );
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['fs__read_text_file']);
        const path = join(dir, 'plan-2291.txt');
        const read = await client.callTool({ name: 'fs__read_text_file', arguments: { path } });
        expect(read.content).toEqual([{ type: 'text', text: 'the plan' }]);
        await client.close();
        const lines = stderr
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(lines).toContainEqual(
          expect.objectContaining({
            type: 'mcp-audit',
            key: 'reader',
            server: 'fs',
            tool: 'fs__read_text_file',
            outcome: 'ok',
          }),
        );
        expect(stderr).not.toContain('plan-2291');
        expect(stderr).not.toContain(READER_KEY);
        expect(stderr).not.toContain(MASTER_KEY);
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
    TIMEOUT,
  );

  it(
    'refuses to bind 0.0.0.0 without keys, and names the field meant by a misspelt one',
    async () => {
      const open = await runCli(['mcp', 'serve', '--mcp', writeConfig('open'), '--http', '--host', '0.0.0.0'], {
        env: env(),
      });
      expect(open.code).toBe(2);
      expect(open.stderr).toMatch(/not a loopback address/);
      const misspelt = writeConfig('misspelt', {
        keys: [{ name: 'reader', sha256: 'a'.repeat(64), tool: ['fs__read_text_file'] }],
      });
      const wrong = await runCli(['mcp', 'serve', '--mcp', misspelt, '--http'], { env: env() });
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(/serve\.keys\[0\]\.tool.*did you mean `tools`/);
    },
    TIMEOUT,
  );
});
