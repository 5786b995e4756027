// `interlingua mcp serve` as a real process, reached by clients no one here wrote: the MCP SDK's
// client over stdio and Streamable HTTP, and the MCP Inspector's CLI mode (`--cli`) from npm.
// Behind the aggregator: server-everything, server-filesystem and server-memory over stdio.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, ROOT, run, TSX } from '../umbrella/umbrella-fixtures';

const require = createRequire(import.meta.url);

function binOf(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (Object.values(bin)[0] ?? ''));
}

const INSPECTOR = binOf('@modelcontextprotocol/inspector');
let dir: string;
const env = () =>
  cleanEnv({ TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'), INTERLINGUA_CONFIG_DIR: join(dir, 'config') });
// The aggregator's command line, over a config of its own (each with its own memory file).
const serveArgs = (name: string, ...more: string[]) => [
  '--import',
  TSX,
  CLI,
  'mcp',
  'serve',
  '--mcp',
  writeConfig(name),
  ...more,
];

function writeConfig(name: string): string {
  const config = join(dir, `${name}.mcp.json`);
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'] },
        filesystem: {
          command: process.execPath,
          args: [binOf('@modelcontextprotocol/server-filesystem'), dir],
          roots: [dir],
        },
        memory: {
          command: process.execPath,
          args: [binOf('@modelcontextprotocol/server-memory')],
          env: { MEMORY_FILE_PATH: join(dir, `${name}.memory.jsonl`) },
        },
      },
    }),
  );
  return config;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'interlingua-serve-'));
  writeFileSync(join(dir, 'notes.txt'), 'served through the aggregator\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The Inspector's CLI mode (`--cli`), with its secrets in memory and its files in the temp folder.
// Its connect timeout (15–30 s by default) raised: starting the aggregator from source with three
// servers behind it took longer than that on a busy machine.
function inspector(...args: string[]) {
  return run(process.execPath, [INSPECTOR, '--cli', '--connect-timeout', '120000', ...args], {
    env: cleanEnv({ HOME: dir, MCP_INSPECTOR_SECRET_STORE: 'memory' }),
  });
}

function text(result: object): string {
  const content = 'content' in result && Array.isArray(result.content) ? (result.content as { text?: string }[]) : [];
  return content.map((part) => part.text ?? '').join('');
}

// Each test starts the CLI from source (tsx) and three servers, and the HTTP one four Inspector
// runs besides: a dozen Node processes. They run one after the other, each bounded generously
// (SERVE_TIMEOUT): side by side on a busy 2-core machine, they starved one another past 60 s.
const SERVE_TIMEOUT = 240_000;

describe('interlingua mcp serve', () => {
  it(
    'serves all three servers as one over stdio to the SDK client, and exits when the client leaves',
    async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: serveArgs('stdio'),
        env: env(),
        cwd: ROOT,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'sdk-host', version: '1.0.0' });
      await client.connect(transport, { timeout: SERVE_TIMEOUT }); // not the SDK's 60 s: a busy machine
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toEqual(
          expect.arrayContaining(['everything__echo', 'filesystem__read_text_file', 'memory__create_entities']),
        );
        expect(
          text(
            await client.callTool({ name: 'filesystem__read_text_file', arguments: { path: join(dir, 'notes.txt') } }),
          ),
        ).toBe('served through the aggregator\n');
        await client.callTool({
          name: 'memory__create_entities',
          arguments: { entities: [{ name: 'aggregator', entityType: 'server', observations: ['one entry'] }] },
        });
        expect(text(await client.callTool({ name: 'memory__read_graph', arguments: {} }))).toContain('"aggregator"');
        expect(readFileSync(join(dir, 'stdio.memory.jsonl'), 'utf8')).toContain('aggregator');
      } finally {
        await client.close();
      }
    },
    SERVE_TIMEOUT,
  );

  it(
    'answers the MCP Inspector CLI over stdio: tools/list reaches every server',
    async () => {
      const inspectorConfig = join(dir, 'inspector.json');
      writeFileSync(
        inspectorConfig,
        JSON.stringify({
          mcpServers: { interlingua: { command: process.execPath, args: serveArgs('inspector'), env: env() } },
        }),
      );
      const listed = await inspector('--config', inspectorConfig, '--server', 'interlingua', '--method', 'tools/list');
      expect(listed.code, listed.stderr).toBe(0);
      const names = (JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['everything__echo', 'filesystem__list_directory', 'memory__read_graph']),
      );
    },
    SERVE_TIMEOUT,
  );

  it(
    'serves Streamable HTTP on loopback to the SDK client and the Inspector, whose calls reach every server, until SIGTERM',
    async () => {
      const child: ChildProcess = spawn(process.execPath, serveArgs('http', '--http'), { cwd: ROOT, env: env() });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
            out += chunk;
            const match = /MCP endpoint: (\S+)/.exec(out);
            if (match?.[1] !== undefined) resolve(match[1]);
          });
          child.once('exit', (code) => reject(new Error(`mcp serve exited with ${code}`)));
        });
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
        const client = new Client({ name: 'sdk-http-host', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout: SERVE_TIMEOUT });
        expect(text(await client.callTool({ name: 'everything__echo', arguments: { message: 'over http' } }))).toBe(
          'Echo: over http',
        );
        await client.close();
        // One aggregator, four Inspector runs against it: tools/list, and a tools/call that reaches each server.
        const http = (...args: string[]) => inspector(url, '--transport', 'http', ...args);
        const [listed, echoed, read, graph] = await Promise.all([
          http('--method', 'tools/list'),
          http('--method', 'tools/call', '--tool-name', 'everything__echo', '--tool-arg', 'message=hello inspector'),
          http('--method', 'tools/call', '--tool-name', 'filesystem__list_directory', '--tool-arg', `path=${dir}`),
          http('--method', 'tools/call', '--tool-name', 'memory__read_graph'),
        ]);
        expect(listed.code, listed.stderr).toBe(0);
        const names = (JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
        expect(names).toEqual(
          expect.arrayContaining(['everything__echo', 'filesystem__list_directory', 'memory__search_nodes']),
        );
        expect(JSON.parse(echoed.stdout)).toEqual({ content: [{ type: 'text', text: 'Echo: hello inspector' }] });
        expect(text(JSON.parse(read.stdout))).toContain('[FILE] notes.txt');
        expect(graph.code, graph.stderr).toBe(0);
        expect(JSON.parse(graph.stdout)).toHaveProperty('structuredContent.entities');
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
    SERVE_TIMEOUT,
  );
});
