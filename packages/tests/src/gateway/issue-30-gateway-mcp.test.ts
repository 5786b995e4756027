// Issue 30: one deployment carries models and tools — the gateway serves the MCP aggregator at
// /mcp on its own port, behind its keys. Real peers: server-filesystem and server-everything from npm behind it, the
// MCP SDK's clients (v2, 2026-07-28 era; v1, 2025 era) at <gateway>/mcp, the OpenAI SDK at
// /v1/chat/completions of the same port against the testkit's provider server.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { InvalidSettingError } from '@interlingua/core';
import { type Gateway, hashGatewayKey, parseGatewayConfig, readGatewayConfig } from '@interlingua/gateway';
import { textResponse } from '@interlingua/testkit';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createBuiltInGateway, type GatewayMcp, openGatewayMcp } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, ROOT, TSX } from '../umbrella/umbrella-fixtures';
import { type Backends, backendConfig, startBackends } from './gateway-harness';

const require = createRequire(import.meta.url);
const TIMEOUT = 120_000;
const READER = 'sk-reader-key-gateway-mcp-0001';
const LISTER = 'sk-lister-key-gateway-mcp-0002';
const MASTER = 'master-key-gateway-mcp-tests-00';

function binOf(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (Object.values(bin)[0] ?? ''));
}

let dir: string;
let backends: Backends;
let gateway: Gateway;
let mcp: GatewayMcp | undefined;
let url: string;
const logs: Record<string, unknown>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'interlingua-gateway-mcp-'));
  writeFileSync(join(dir, 'notes.txt'), 'served through the gateway\n');
  backends = await startBackends();
  backends.answer = textResponse('ok', { usage: { inputTokens: 4, outputTokens: 2 } });
  // The mcp.json beside the gateway config, named relative to it.
  writeFileSync(
    join(dir, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        fs: { command: process.execPath, args: [binOf('@modelcontextprotocol/server-filesystem'), dir], roots: [dir] },
        everything: { command: process.execPath, args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'] },
      },
    }),
  );
  const configPath = join(dir, 'gateway.json');
  writeFileSync(
    configPath,
    JSON.stringify(
      backendConfig(backends, {
        masterKey: MASTER,
        keys: [
          { name: 'reader', sha256: hashGatewayKey(READER), mcp: { tools: ['fs__read_text_file'] } },
          { name: 'lister', sha256: hashGatewayKey(LISTER), mcp: { servers: ['fs'], tools: ['fs__list_*'] } },
        ],
        mcp: { config: './mcp.json' },
      }),
    ),
  );
  const config = await readGatewayConfig(configPath, { env: {} });
  mcp = await openGatewayMcp(config, { configPath, env: { ...process.env } });
  gateway = createBuiltInGateway(config, {
    ...(mcp === undefined ? {} : { mcp }),
    log: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    registry: { env: {} },
  });
  ({ url } = await gateway.listen({ port: 0 }));
}, TIMEOUT);

afterAll(async () => {
  await gateway?.close();
  await backends?.close();
  rmSync(dir, { recursive: true, force: true });
});

const modernClient = async (key: string | undefined) => {
  const client = new ModernClient({ name: 'gateway-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new ModernTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: key === undefined ? {} : { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
};

const rawCall = (key: string | undefined, tool: string) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: tool, arguments: { path: join(dir, 'notes.txt') } },
    }),
  });

describe('the gateway serving MCP at /mcp', () => {
  it(
    'a key allowed fs__read_text_file only lists and calls only that tool, over the SDK v2 client',
    async () => {
      const client = await modernClient(READER);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        const tools = (await client.listTools()).tools.map((tool) => tool.name);
        expect(tools).toEqual(['fs__read_text_file']);
        const read = await client.callTool({ name: 'fs__read_text_file', arguments: { path: join(dir, 'notes.txt') } });
        expect(read.content).toEqual([{ type: 'text', text: 'served through the gateway\n' }]);
        await expect(client.callTool({ name: 'fs__list_directory', arguments: { path: dir } })).rejects.toThrow();
      } finally {
        await client.close();
      }
      // The audit line names the key and the tool, never the arguments (mcp.logArguments is off).
      const audit = logs.filter((line) => line.msg === 'mcp call');
      expect(audit).toContainEqual(
        expect.objectContaining({ key: 'reader', server: 'fs', tool: 'fs__read_text_file', outcome: 'ok' }),
      );
      expect(audit).toContainEqual(
        expect.objectContaining({ key: 'reader', tool: 'fs__list_directory', outcome: 'denied' }),
      );
      expect(JSON.stringify(audit)).not.toContain('notes.txt');
      expect(JSON.stringify(logs)).not.toContain(READER);
      expect(logs).toContainEqual(expect.objectContaining({ route: 'mcp', key: 'reader', status: 200 }));
    },
    TIMEOUT,
  );

  it(
    'another key gets 403 on that tool and sees only its own; no key gets the gateway’s 401',
    async () => {
      const denied = await rawCall(LISTER, 'fs__read_text_file');
      expect(denied.status).toBe(403);
      expect(await denied.text()).not.toContain('served through the gateway');
      const client = await modernClient(LISTER);
      try {
        const tools = (await client.listTools()).tools.map((tool) => tool.name);
        expect(tools.length).toBeGreaterThan(0);
        expect(tools.every((name) => name.startsWith('fs__list_'))).toBe(true);
      } finally {
        await client.close();
      }
      const none = await rawCall(undefined, 'fs__read_text_file');
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      // A JSON-RPC error, as MCP clients read one (not the OpenAI routes' error shape).
      expect(await none.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringContaining('Expected a gateway key') },
      });
      await expect(modernClient(undefined)).rejects.toThrow();
      const wrong = await rawCall('sk-not-a-key-of-this-gateway', 'fs__read_text_file');
      expect(wrong.status).toBe(401);
    },
    TIMEOUT,
  );

  it(
    'a 2025-era client (SDK v1, sessions) gets the same allow-list; the master key sees every tool',
    async () => {
      const legacy = new Client({ name: 'legacy', version: '1.0.0' });
      await legacy.connect(
        new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${READER}` } },
        }),
      );
      try {
        expect((await legacy.listTools()).tools.map((tool) => tool.name)).toEqual(['fs__read_text_file']);
      } finally {
        await legacy.close();
      }
      const master = await modernClient(MASTER);
      try {
        const tools = (await master.listTools()).tools.map((tool) => tool.name);
        expect(tools).toEqual(expect.arrayContaining(['fs__read_text_file', 'fs__list_directory', 'everything__echo']));
      } finally {
        await master.close();
      }
    },
    TIMEOUT,
  );

  it(
    'a key created through POST /admin/keys takes an allow-list too, checked against the served servers',
    async () => {
      const create = (body: unknown) =>
        fetch(`${url}/admin/keys`, {
          method: 'POST',
          headers: { authorization: `Bearer ${MASTER}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const typo = await create({ name: 'typo', mcp: { servers: ['everythin'] } });
      expect(typo.status).toBe(400);
      expect(((await typo.json()) as { error: { message: string } }).error.message).toContain(
        'body.mcp.servers[0]: expected the name of a served MCP server (fs, everything), got "everythin"; did you mean "everything"?',
      );
      const created = await create({ name: 'echoer', mcp: { tools: ['everything__echo'] } });
      expect(created.status).toBe(201);
      const { key, mcp: allowed } = (await created.json()) as { key: string; mcp: unknown };
      expect(allowed).toEqual({ tools: ['everything__echo'] });
      const client = await modernClient(key);
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['everything__echo']);
        const echoed = await client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } });
        expect(JSON.stringify(echoed.content)).toContain('hi');
      } finally {
        await client.close();
      }
      expect((await rawCall(key, 'fs__read_text_file')).status).toBe(403);
    },
    TIMEOUT,
  );

  it(
    'the same port serves /v1/chat/completions to the same key (OpenAI SDK, testkit provider server)',
    async () => {
      const openai = new OpenAI({ apiKey: READER, baseURL: `${url}/v1`, maxRetries: 0 });
      const answer = await openai.chat.completions.create({
        model: 'openai-backend',
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(answer.choices[0]?.message.content).toBe('ok');
      expect(backends.servers.openai.requests.at(-1)?.headers.authorization).toBe('Bearer sk-backend-openai-0000');
    },
    TIMEOUT,
  );

  it(
    'an open listen stream holds no limits.maxConcurrent slot: with one slot, tool calls still go through beside it, in both eras',
    async () => {
      const config = parseGatewayConfig(
        { masterKey: MASTER, limits: { maxConcurrent: 1 }, mcp: { config: './mcp.json' } },
        { env: {} },
      );
      const opened = await openGatewayMcp(config, { configPath: join(dir, 'gateway.json'), env: { ...process.env } });
      const single = createBuiltInGateway(config, {
        ...(opened === undefined ? {} : { mcp: opened }),
        log: false,
        registry: { env: {} },
      });
      const endpoint = new URL(`${(await single.listen({ port: 0 })).url}/mcp`);
      const path = join(dir, 'notes.txt');
      try {
        // 2026-07-28: subscriptions/listen is a POST whose SSE answer stays open.
        const modern = new ModernClient(
          { name: 'listener', version: '1.0.0' },
          { versionNegotiation: { mode: 'auto' } },
        );
        await modern.connect(
          new ModernTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${MASTER}` } } }),
        );
        const subscription = await modern.listen({ toolsListChanged: true });
        const read = await modern.callTool({ name: 'fs__read_text_file', arguments: { path } });
        expect(read.content).toEqual([{ type: 'text', text: 'served through the gateway\n' }]);
        await subscription.close();
        await modern.close();
        // 2025: the session's GET notification stream stays open beside its POSTs.
        const legacy = new Client({ name: 'legacy-listener', version: '1.0.0' });
        await legacy.connect(
          new StreamableHTTPClientTransport(endpoint, {
            requestInit: { headers: { authorization: `Bearer ${MASTER}` } },
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        const legacyRead = await legacy.callTool({ name: 'fs__read_text_file', arguments: { path } });
        expect(legacyRead.content).toEqual([{ type: 'text', text: 'served through the gateway\n' }]);
        await legacy.close();
      } finally {
        await single.close();
      }
    },
    TIMEOUT,
  );

  it(
    'refuses at start an allow-list naming a server the mcp.json does not have, suggesting the one meant, and stops the servers',
    async () => {
      const config = parseGatewayConfig(
        {
          keys: [{ name: 'typo', sha256: hashGatewayKey('sk-typo-key-0000000'), mcp: { servers: ['fss'] } }],
          mcp: { config: './mcp.json' },
        },
        { env: {} },
      );
      const opened = await openGatewayMcp(config, { configPath: join(dir, 'gateway.json'), env: { ...process.env } });
      expect(opened?.servers).toEqual(['fs', 'everything']);
      let refused: unknown;
      try {
        createBuiltInGateway(config, {
          ...(opened === undefined ? {} : { mcp: opened }),
          log: false,
          registry: { env: {} },
        });
      } catch (error) {
        refused = error;
      }
      expect(InvalidSettingError.isInstance(refused)).toBe(true);
      expect((refused as Error).message).toContain(
        'keys[0].mcp.servers[0]: expected the name of a served MCP server (fs, everything), got "fss"; did you mean "fs"?',
      );
      // The servers started for it are stopped.
      await opened?.mount.close?.();
      expect(opened?.bridge.servers.map((server) => server.state)).toEqual(['closed', 'closed']);
    },
    TIMEOUT,
  );

  it(
    '`interlingua gateway` with an mcp section: the banner names the endpoint, a key calls a tool, SIGTERM stops the servers and exits 0',
    async () => {
      const configPath = join(dir, 'cli-gateway.json');
      writeFileSync(
        configPath,
        JSON.stringify({
          models: { demo: { model: 'demo:echo' } },
          keys: [{ name: 'reader', sha256: hashGatewayKey(READER), mcp: { tools: ['fs__read_text_file'] } }],
          mcp: { config: './mcp.json' },
        }),
      );
      const child = spawn(process.execPath, ['--import', TSX, CLI, 'gateway', '--config', configPath, '--port', '0'], {
        cwd: ROOT,
        env: cleanEnv({ TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'), INTERLINGUA_CONFIG_DIR: join(dir, 'config') }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      let stderr = '';
      const endpoint = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString('utf8');
          const match = /MCP: (http:\/\/\S+) — servers: fs, everything/.exec(stderr);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.once('exit', () => reject(new Error(`the gateway exited early: ${stderr}`)));
      });
      child.stdout.resume();
      expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new ModernClient({ name: 'cli-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(
        new ModernTransport(new URL(endpoint), { requestInit: { headers: { authorization: `Bearer ${READER}` } } }),
      );
      const read = await client.callTool({ name: 'fs__read_text_file', arguments: { path: join(dir, 'notes.txt') } });
      expect(read.content).toEqual([{ type: 'text', text: 'served through the gateway\n' }]);
      await client.close();
      // The MCP servers are child processes: the gateway exits only once its close() stopped them.
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve('still running 60 s after SIGTERM'), 60_000)),
      ]);
      if (typeof code === 'string') child.kill('SIGKILL');
      expect(code).toBe(0);
    },
    TIMEOUT,
  );
});
