// `interlingua mcp serve` serving the whole protocol (issue 30), as a real process reached by
// clients no one here wrote: the MCP Inspector's CLI lists resources and prompts through it, and an
// upstream server's sampling request reaches the SDK's clients — a 2025-era client as a
// server-to-client request, a 2026-07-28 client as an InputRequiredResult — which answer it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamEntry } from '../mcp-conformance/server-aggregator';
import { CLI, cleanEnv, ROOT, run, TSX } from '../umbrella/umbrella-fixtures';

const require = createRequire(import.meta.url);

function binOf(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (Object.values(bin)[0] ?? ''));
}

const INSPECTOR = binOf('@modelcontextprotocol/inspector');
const SERVE_TIMEOUT = 240_000;
let dir: string;
const env = () =>
  cleanEnv({ TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'), INTERLINGUA_CONFIG_DIR: join(dir, 'config') });

function writeConfig(name: string, servers: Record<string, object>): string {
  const config = join(dir, `${name}.mcp.json`);
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  return config;
}

const serveArgs = (config: string, ...more: string[]) => [
  '--import',
  TSX,
  CLI,
  'mcp',
  'serve',
  '--mcp',
  config,
  ...more,
];

function inspector(...args: string[]) {
  return run(process.execPath, [INSPECTOR, '--cli', '--connect-timeout', '120000', ...args], {
    env: cleanEnv({ HOME: dir, MCP_INSPECTOR_SECRET_STORE: 'memory' }),
  });
}

async function startHttp(config: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, serveArgs(config, '--http'), { cwd: ROOT, env: env() });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /MCP endpoint: (\S+)/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`mcp serve exited with ${code}`)));
  });
  return { url, child };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'interlingua-serve-30-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('interlingua mcp serve, the whole protocol', () => {
  it(
    'answers the MCP Inspector CLI: resources, templates and prompts of two servers, namespaced, read and got through it',
    async () => {
      const inspectorConfig = join(dir, 'inspector.json');
      const config = writeConfig('inspector', {
        everything: { command: process.execPath, args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'] },
        conformance: upstreamEntry(),
      });
      writeFileSync(
        inspectorConfig,
        JSON.stringify({
          mcpServers: { interlingua: { command: process.execPath, args: serveArgs(config), env: env() } },
        }),
      );
      const ask = (...args: string[]) => inspector('--config', inspectorConfig, '--server', 'interlingua', ...args);
      // One after the other: each run starts the aggregator and both servers (a busy machine).
      const resources = await ask('--method', 'resources/list');
      const templates = await ask('--method', 'resources/templates/list');
      const prompts = await ask('--method', 'prompts/list');
      const read = await ask('--method', 'resources/read', '--uri', 'conformance+test://static-text');
      const got = await ask(
        '--method',
        'prompts/get',
        '--prompt-name',
        'conformance__test_prompt_with_arguments',
        '--prompt-args',
        'arg1=一',
        'arg2=two',
      );
      for (const answer of [resources, templates, prompts, read, got]) expect(answer.code, answer.stderr).toBe(0);
      const uris = (JSON.parse(resources.stdout) as { resources: { uri: string }[] }).resources.map((r) => r.uri);
      expect(uris).toEqual(
        expect.arrayContaining(['conformance+test://static-text', 'conformance+test://watched-resource']),
      );
      expect(uris.some((uri) => uri.startsWith('everything+demo://resource/static/'))).toBe(true);
      const templateUris = (
        JSON.parse(templates.stdout) as { resourceTemplates: { uriTemplate: string }[] }
      ).resourceTemplates.map((template) => template.uriTemplate);
      expect(templateUris).toContain('conformance+test://template/{id}/data');
      const names = (JSON.parse(prompts.stdout) as { prompts: { name: string }[] }).prompts.map(
        (prompt) => prompt.name,
      );
      expect(names).toEqual(
        expect.arrayContaining([
          'conformance__test_simple_prompt',
          'conformance__test_prompt_with_image',
          'everything__simple-prompt',
        ]),
      );
      expect(JSON.parse(read.stdout)).toEqual({
        contents: [
          {
            uri: 'conformance+test://static-text',
            mimeType: 'text/plain',
            text: 'This is the content of the static text resource.',
          },
        ],
      });
      expect(JSON.stringify(JSON.parse(got.stdout).messages)).toContain("arg1='一', arg2='two'");
    },
    SERVE_TIMEOUT * 2,
  );

  it(
    'relays an upstream sampling request to the client that called the tool, in both eras, names unchanged for one server',
    async () => {
      const { url, child } = await startHttp(writeConfig('sampling', { conformance: upstreamEntry() }));
      try {
        const seen: string[] = [];
        // A 2025-era client: the request arrives as sampling/createMessage on its session.
        const legacy = new Client({ name: 'legacy-host', version: '1.0.0' }, { capabilities: { sampling: {} } });
        legacy.setRequestHandler(CreateMessageRequestSchema, (request) => {
          const first = request.params.messages[0]?.content as { type: string; text?: string } | undefined;
          seen.push(`legacy: ${first?.text ?? ''}`);
          return {
            role: 'assistant',
            model: 'host-model',
            content: { type: 'text', text: 'Paris, said the legacy host' },
          };
        });
        await legacy.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout: SERVE_TIMEOUT });
        const tools = (await legacy.listTools()).tools.map((tool) => tool.name);
        expect(tools).toContain('test_sampling');
        expect(tools).not.toContain('conformance__test_sampling');
        const answered = await legacy.callTool({ name: 'test_sampling', arguments: { prompt: 'Capital of France?' } });
        expect(answered.content).toEqual([{ type: 'text', text: 'LLM response: Paris, said the legacy host' }]);
        await legacy.close();

        // A 2026-07-28 client: the request arrives as an InputRequiredResult its SDK answers and retries.
        const modern = new ModernClient(
          { name: 'modern-host', version: '1.0.0' },
          { capabilities: { sampling: {} }, versionNegotiation: { mode: 'auto' } },
        );
        modern.setRequestHandler('sampling/createMessage', (request) => {
          const first = request.params.messages[0]?.content as { type: string; text?: string } | undefined;
          seen.push(`modern: ${first?.text ?? ''}`);
          return {
            role: 'assistant',
            model: 'host-model',
            content: { type: 'text', text: 'Paris, said the modern host' },
          };
        });
        await modern.connect(new ModernTransport(new URL(url)));
        expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        const modernAnswer = await modern.callTool({ name: 'test_sampling', arguments: { prompt: 'And of Italy?' } });
        expect(modernAnswer.content).toEqual([{ type: 'text', text: 'LLM response: Paris, said the modern host' }]);
        await modern.close();
        expect(seen).toEqual(['legacy: Capital of France?', 'modern: And of Italy?']);
      } finally {
        await stop(child);
      }
    },
    SERVE_TIMEOUT,
  );
});
