// Keys and governance of the aggregator over HTTP (issue 30): each key sees and calls only its
// servers and tools, in both eras, through the official SDK clients, in front of real upstream
// servers (server-filesystem, server-memory); a call it may not make is HTTP 403, a wrong key 401,
// a key over its rate 429; every call writes one audit line naming the key and the tool, never
// the arguments or the key; a 2025 session cannot be taken over with another key.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  createMcpAggregatorServer,
  hashMcpKey,
  type McpAuditLine,
  McpBridge,
  type McpHttpServer,
  startMcpHttpServer,
} from '@interlingua/mcp-bridge';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const TIMEOUT = 120_000;

function binOf(name: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (Object.values(bin)[0] ?? ''));
}

const KEYS = {
  reader: 'reader-key-3f9a1c77e2',
  memo: 'memo-key-81bd44e09f',
  limited: 'limited-key-5c2e90aa14',
  master: 'master-key-0d7b6e31c8a5',
};

let dir: string;
let secretFile: string;
let bridge: McpBridge;
let http: McpHttpServer;
const audit: McpAuditLine[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'interlingua-keys-30-'));
  secretFile = join(dir, 'notes-4471.txt');
  writeFileSync(secretFile, 'the notes');
  bridge = await McpBridge.fromConfig({
    mcpServers: {
      // The bridge offers roots, which server-filesystem takes for its allowed folders.
      fs: { command: process.execPath, args: [binOf('@modelcontextprotocol/server-filesystem'), dir], roots: [dir] },
      everything: { command: process.execPath, args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'] },
      memory: {
        command: process.execPath,
        args: [binOf('@modelcontextprotocol/server-memory')],
        env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
      },
    },
  });
  http = await startMcpHttpServer({
    bridge,
    keys: {
      masterKey: KEYS.master,
      keys: [
        { name: 'reader', sha256: hashMcpKey(KEYS.reader), tools: ['fs__read_text_file'] },
        { name: 'memo', sha256: hashMcpKey(KEYS.memo), servers: ['memory'], tools: ['memory__read_*'] },
        { name: 'limited', sha256: hashMcpKey(KEYS.limited), requestsPerMinute: 2 },
      ],
    },
    audit: (line) => audit.push(line),
  });
}, TIMEOUT);

afterAll(async () => {
  await http?.close();
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function modernClient(key: string): Promise<ModernClient> {
  const client = new ModernClient({ name: 'modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new ModernTransport(new URL(http.url), { requestInit: { headers: auth(key) } }));
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  return client;
}

async function legacyClient(key: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'legacy', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: auth(key) } });
  await client.connect(transport);
  return { client, transport };
}

function post(key: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return fetch(http.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(key === undefined ? {} : auth(key)),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const readCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'fs__read_text_file', arguments: { path: secretFile } },
});

describe('keys and governance of the aggregator over HTTP', () => {
  it(
    'a key allowed fs__read_text_file only sees and calls only that tool, in the 2026-07-28 era',
    async () => {
      const client = await modernClient(KEYS.reader);
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['fs__read_text_file']);
        const read = await client.callTool({ name: 'fs__read_text_file', arguments: { path: secretFile } });
        expect(read.content).toEqual([{ type: 'text', text: 'the notes' }]);
        await expect(
          client.callTool({ name: 'fs__write_file', arguments: { path: secretFile, content: 'overwritten' } }),
        ).rejects.toThrow(/403|Forbidden/);
        expect(readFileSync(secretFile, 'utf8')).toBe('the notes');
      } finally {
        await client.close();
      }
    },
    TIMEOUT,
  );

  it(
    'the same key, in the 2025 era through the 1.x SDK client: one tool listed and called, a tool of another server refused',
    async () => {
      const { client } = await legacyClient(KEYS.reader);
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['fs__read_text_file']);
        const read = await client.callTool({ name: 'fs__read_text_file', arguments: { path: secretFile } });
        expect(read.content).toEqual([{ type: 'text', text: 'the notes' }]);
        await expect(client.callTool({ name: 'memory__read_graph', arguments: {} })).rejects.toThrow(/403|Forbidden/);
      } finally {
        await client.close();
      }
    },
    TIMEOUT,
  );

  it(
    'another key gets HTTP 403 with a JSON-RPC error for that tool, and its own list names no fs tool',
    async () => {
      const refused = await post(KEYS.memo, readCall(7));
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
      expect(body.error.message).toContain('fs__read_text_file');
      expect(body.error.message).not.toMatch(/write_file|memory__/);
      const client = await modernClient(KEYS.memo);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names.length).toBeGreaterThan(0);
        expect(names.every((name) => name.startsWith('memory__read_'))).toBe(true);
        await expect(
          client.callTool({ name: 'memory__delete_entities', arguments: { entityNames: ['x'] } }),
        ).rejects.toThrow(/403|Forbidden/);
        expect((await client.callTool({ name: 'memory__read_graph', arguments: {} })).isError).not.toBe(true);
      } finally {
        await client.close();
      }
    },
    TIMEOUT,
  );

  it(
    'resources and prompts of a server the key may not use are neither listed nor read',
    async () => {
      const master = await modernClient(KEYS.master);
      const memo = await modernClient(KEYS.memo);
      try {
        const uris = (await master.listResources()).resources.map((resource) => resource.uri);
        const resource = uris.find((uri) => uri.startsWith('everything+'));
        expect(resource).toBeDefined();
        const prompts = (await master.listPrompts()).prompts.map((prompt) => prompt.name);
        expect(prompts).toContain('everything__simple-prompt');
        // Its own server's resources, nothing of the others'.
        const memoUris = (await memo.listResources()).resources.map((listed) => listed.uri);
        expect(memoUris.length).toBeGreaterThan(0);
        expect(memoUris.every((uri) => uri.startsWith('memory+'))).toBe(true);
        expect((await memo.listPrompts()).prompts.map((prompt) => prompt.name)).not.toContain(
          'everything__simple-prompt',
        );
        const read = await post(KEYS.memo, {
          jsonrpc: '2.0',
          id: 4,
          method: 'resources/read',
          params: { uri: resource },
        });
        expect(read.status).toBe(403);
        const got = await post(KEYS.memo, {
          jsonrpc: '2.0',
          id: 5,
          method: 'prompts/get',
          params: { name: 'everything__simple-prompt' },
        });
        expect(got.status).toBe(403);
        expect(audit).toContainEqual(
          expect.objectContaining({ key: 'memo', server: 'everything', method: 'prompts/get', outcome: 'denied' }),
        );
      } finally {
        await master.close();
        await memo.close();
      }
    },
    TIMEOUT,
  );

  it('no key or a wrong key is 401, and its body names no key', async () => {
    for (const key of [undefined, 'not-a-key-of-this-server', `${KEYS.reader}x`]) {
      const answer = await post(key, readCall(1));
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      const text = await answer.text();
      expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
      expect(text).not.toContain('not-a-key');
    }
    const client = new ModernClient({ name: 'nobody', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await expect(
      client.connect(new ModernTransport(new URL(http.url), { requestInit: { headers: auth('wrong-key') } })),
    ).rejects.toThrow();
  });

  it('a key over its requests per minute gets 429 with Retry-After and a JSON-RPC error body', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let index = 0; index < 3; index += 1) {
      last = await post(KEYS.limited, readCall(index));
      statuses.push(last.status);
      if (index < 2) await last.body?.cancel();
    }
    expect(statuses.slice(0, 2).every((status) => status !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await last?.json()).toMatchObject({
      id: 2,
      jsonrpc: '2.0',
      error: { message: expect.stringContaining('2 a minute') },
    });
    // Another key's bucket is its own.
    expect((await post(KEYS.memo, { jsonrpc: '2.0', id: 1, method: 'ping' })).status).not.toBe(429);
    expect(audit).toContainEqual(
      expect.objectContaining({ key: 'limited', tool: 'fs__read_text_file', outcome: 'rate_limited' }),
    );
  });

  it('writes one audit line per call naming the key, server and tool, without arguments or keys', () => {
    const ok = audit.filter((line) => line.key === 'reader' && line.outcome === 'ok');
    expect(ok).toHaveLength(2);
    expect(ok[0]).toMatchObject({ server: 'fs', tool: 'fs__read_text_file', method: 'tools/call' });
    expect(typeof ok[0]?.durationMs).toBe('number');
    expect(Number.isNaN(Date.parse(ok[0]?.time ?? ''))).toBe(false);
    expect(audit).toContainEqual(
      expect.objectContaining({ key: 'memo', server: 'fs', tool: 'fs__read_text_file', outcome: 'denied' }),
    );
    expect(audit).toContainEqual(expect.objectContaining({ key: 'reader', tool: 'fs__write_file', outcome: 'denied' }));
    const text = JSON.stringify(audit);
    expect(text).not.toContain(secretFile);
    expect(text).not.toContain('overwritten');
    for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
    expect(audit.every((line) => !('arguments' in line))).toBe(true);
  });

  it(
    'a 2025 session belongs to the key that opened it: another key on it is refused, even the master key',
    async () => {
      const { client, transport } = await legacyClient(KEYS.reader);
      try {
        const session = transport.sessionId ?? '';
        expect(session).not.toBe('');
        const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
        const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
        for (const key of [KEYS.memo, KEYS.master]) {
          const hijack = await post(key, list, headers);
          expect(hijack.status).toBe(404);
          expect(await hijack.text()).not.toContain('fs__read_text_file');
        }
        // The session is still its owner's.
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['fs__read_text_file']);
      } finally {
        await client.close();
      }
    },
    TIMEOUT,
  );

  it('a request that opens no session leaves no server behind', async () => {
    let created = 0;
    let disposed = 0;
    const counted = await startMcpHttpServer({
      createServer: (_context, caller) => {
        created += 1;
        const built = createMcpAggregatorServer(bridge, { caller });
        return {
          server: built.server,
          dispose: () => {
            disposed += 1;
            built.dispose();
          },
        };
      },
    });
    try {
      for (const id of [1, 2, 3]) {
        const answer = await fetch(counted.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
        });
        expect(answer.status).toBe(400);
        await answer.body?.cancel();
      }
      expect(created).toBe(3);
      expect(disposed).toBe(3);
    } finally {
      await counted.close();
    }
  });

  it(
    'the master key sees every server',
    async () => {
      const client = await modernClient(KEYS.master);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toEqual(expect.arrayContaining(['fs__read_text_file', 'fs__write_file', 'memory__read_graph']));
      } finally {
        await client.close();
      }
    },
    TIMEOUT,
  );

  it(
    'without keys: anyone on loopback, every tool; bound to 0.0.0.0 it refuses to start',
    async () => {
      await expect(startMcpHttpServer({ bridge, host: '0.0.0.0' })).rejects.toThrow(/not a loopback address/);
      const open = await startMcpHttpServer({ bridge });
      try {
        const client = new ModernClient({ name: 'anyone', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
        await client.connect(new ModernTransport(new URL(open.url)));
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toEqual(expect.arrayContaining(['fs__read_text_file', 'memory__read_graph']));
        await client.close();
      } finally {
        await open.close();
      }
    },
    TIMEOUT,
  );
});
