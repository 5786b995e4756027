import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type Tool as McpTool, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binOf, fixtureEntry, stdioEntry } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import { createMcpAggregatorServer } from './create-mcp-aggregator-server';
import { startMcpHttpServer } from './start-mcp-http-server';

let bridge: McpBridge;
let direct: Client;
const clients: Client[] = [];

beforeAll(async () => {
  bridge = await McpBridge.fromConfig(
    {
      mcpServers: {
        everything: stdioEntry('@modelcontextprotocol/server-everything', ['stdio']),
        changing: fixtureEntry('list-changed'),
        weather: fixtureEntry('slow-weather'),
        doomed: fixtureEntry('paged'),
      },
    },
    { restart: false, roots: false },
  );
  // The same server spoken to directly, to compare what the aggregator forwards with the original.
  direct = new Client({ name: 'direct', version: '1.0.0' });
  await direct.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await direct.close();
  await bridge.close();
});

// A POST whose Host header names another site, as a DNS-rebinding page's request would.
function postWithHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function connectInMemory(pageSize?: number): Promise<Client> {
  const { server } = createMcpAggregatorServer(bridge, pageSize === undefined ? {} : { pageSize });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

async function listEveryPage(client: Client): Promise<{ tools: McpTool[]; names: string[]; pages: number }> {
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined);
  return { tools, names: tools.map((tool) => tool.name), pages };
}

describe('createMcpAggregatorServer', () => {
  it("lists every server's tools under their namespaced names, a page at a time, definitions intact", async () => {
    const client = await connectInMemory(5);
    const { tools: served, names, pages } = await listEveryPage(client);
    const exposed = (await bridge.tools()).map((tool) => tool.name);
    expect(names).toEqual(exposed);
    expect(pages).toBe(Math.ceil(exposed.length / 5));
    expect(names).toEqual(
      expect.arrayContaining(['everything__echo', 'everything__get-structured-content', 'weather__get_weather']),
    );
    const upstream = (await direct.listTools()).tools.find((tool) => tool.name === 'get-structured-content');
    expect(served.find((tool) => tool.name === 'everything__get-structured-content')).toEqual({
      ...upstream,
      name: 'everything__get-structured-content',
    });
    await expect(client.listTools({ cursor: 'made-up' })).rejects.toThrow(/-32602.*Expected a cursor/);
  });

  it('forwards results untouched: every content type, structuredContent, annotations, and tool errors', async () => {
    const client = await connectInMemory();
    const cases: [string, Record<string, unknown>][] = [
      ['get-tiny-image', {}],
      ['get-structured-content', { location: 'New York' }],
      ['get-annotated-message', { messageType: 'error', includeImage: true }],
      ['get-sum', { a: 'not a number', b: 2 }],
    ];
    for (const [name, args] of cases) {
      const original = await direct.callTool({ name, arguments: args });
      const forwarded = await client.callTool({ name: `everything__${name}`, arguments: args });
      expect(forwarded, name).toEqual(original);
    }
    const image = await client.callTool({ name: 'everything__get-tiny-image', arguments: {} });
    expect((image.content as { type: string }[]).map((part) => part.type)).toEqual(['text', 'image', 'text']);
    const structured = await client.callTool({
      name: 'everything__get-structured-content',
      arguments: { location: 'Chicago' },
    });
    expect(structured.structuredContent).toMatchObject({ temperature: expect.any(Number) });
    const failed = await client.callTool({ name: 'everything__get-sum', arguments: { a: 'x', b: 1 } });
    expect(failed.isError).toBe(true);
  });

  it('passes progress through to a client that asked for it', async () => {
    const client = await connectInMemory();
    const progress: { progress: number; total?: number | undefined; message?: string | undefined }[] = [];
    const result = await client.callTool({ name: 'weather__get_weather', arguments: { city: '北京' } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(result.content).toEqual([{ type: 'text', text: '北京今天晴，25°C' }]);
    expect(progress).toEqual(
      [1, 2, 3].map((step) => ({ progress: step, total: 3, message: 'asking the 北京 station' })),
    );
  });

  it('passes list_changed through, and the next tools/list has the new tools', async () => {
    const client = await connectInMemory();
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    expect((await listEveryPage(client)).names).toContain('changing__first');
    await client.callTool({ name: 'changing__first', arguments: {} });
    await changed;
    const { names } = await listEveryPage(client);
    expect(names).toEqual(expect.arrayContaining(['changing__second', 'changing__third']));
    expect(names).not.toContain('changing__first');
  });

  it('serves the resource URIs in tool results and prompts as resources/list does, and reads them back from their server', async () => {
    const client = await connectInMemory();
    const cases: [string, Record<string, unknown>, 'resource_link' | 'resource'][] = [
      ['get-resource-links', { count: 3 }, 'resource_link'],
      ['get-resource-reference', { resourceType: 'Blob', resourceId: 2 }, 'resource'],
    ];
    type Block = { type: string; uri?: string; resource?: { uri: string } };
    const uriOf = (block: Block) => block.uri ?? block.resource?.uri ?? '';
    // Everything but the URI is the server's own; the URI is `server+uri`, as resources/list serves it.
    const served = (block: Block) =>
      block.type === 'resource_link'
        ? { ...block, uri: `everything+${uriOf(block)}` }
        : { ...block, resource: { ...block.resource, uri: `everything+${uriOf(block)}` } };
    // server-everything stamps its dynamic resources with the time to the second: compared without it.
    const untimed = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value, (key, field: unknown) => {
          if (typeof field !== 'string') return field;
          if (key === 'blob')
            return Buffer.from(field, 'base64')
              .toString()
              .replace(/ at .*$/, ' at <time>');
          return key === 'text' ? field.replace(/created at .*$/, 'created at <time>') : field;
        }),
      );
    const readsBack = async (uri: string) => {
      const read = await client.readResource({ uri });
      const directRead = await direct.readResource({ uri: uri.slice('everything+'.length) });
      expect(untimed(read.contents), uri).toEqual(
        untimed(directRead.contents.map((content) => ({ ...content, uri: `everything+${content.uri}` }))),
      );
    };
    for (const [name, args, type] of cases) {
      const original = await direct.callTool({ name, arguments: args });
      const forwarded = await client.callTool({ name: `everything__${name}`, arguments: args });
      const originalBlocks = (original.content as Block[]).filter((block) => block.type === type);
      const forwardedBlocks = (forwarded.content as Block[]).filter((block) => block.type === type);
      expect(originalBlocks.length, name).toBeGreaterThan(0);
      expect(untimed(forwardedBlocks), name).toEqual(untimed(originalBlocks.map(served)));
      for (const block of forwardedBlocks) await readsBack(uriOf(block));
    }
    // A prompt's embedded resource likewise.
    const promptArgs = { resourceType: 'Text', resourceId: '3' };
    const original = await direct.getPrompt({ name: 'resource-prompt', arguments: promptArgs });
    const prompt = await client.getPrompt({ name: 'everything__resource-prompt', arguments: promptArgs });
    const embedded = original.messages.map((message) => message.content as Block);
    expect(embedded.some((block) => block.type === 'resource')).toBe(true);
    expect(untimed(prompt.messages.map((message) => message.content))).toEqual(
      untimed(embedded.map((block) => (block.type === 'resource' ? served(block) : block))),
    );
    for (const block of embedded.filter((candidate) => candidate.type === 'resource')) {
      await readsBack(`everything+${uriOf(block)}`);
    }
  });

  it('answers an unknown tool with a short -32602, and a dead upstream server with an error result, and goes on', async () => {
    const client = await connectInMemory();
    const served = (await listEveryPage(client)).names;
    expect(served.length).toBeGreaterThan(10);
    const unknown = await client.callTool({ name: 'nowhere__tool', arguments: {} }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(unknown).toMatch(
      new RegExp(`-32602.*No tool is served as \`nowhere__tool\` \\(${served.length} tools are; see tools/list\\)\\.$`),
    );
    // Not the list of every tool: none of the served names is in it.
    expect(served.filter((name) => unknown?.includes(name))).toEqual([]);
    // A server's own tool name, where only `server__tool` is served, gets the served name as a hint.
    await expect(client.callTool({ name: 'get-tiny-image', arguments: {} })).rejects.toThrow(
      /No tool is served as `get-tiny-image` \(\d+ tools are; see tools\/list\)\. Did you mean `everything__get-tiny-image`\?/,
    );
    const doomed = bridge.servers.find((server) => server.name === 'doomed');
    const listed = (await listEveryPage(client)).names.find((name) => name.startsWith('doomed__'));
    expect(listed).toBeDefined();
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    process.kill(doomed?.pid ?? 0, 'SIGKILL');
    await changed;
    const result = await client.callTool({ name: listed ?? '', arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/MCP server `doomed` is not available/);
    expect((await client.callTool({ name: 'everything__echo', arguments: { message: 'still here' } })).content).toEqual(
      [{ type: 'text', text: 'Echo: still here' }],
    );
  });
});

describe('startMcpHttpServer', () => {
  it('serves the aggregator over Streamable HTTP to the SDK client, one session per client', async () => {
    const http = await startMcpHttpServer({ createServer: () => createMcpAggregatorServer(bridge) });
    try {
      expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const [first, second] = [new Client({ name: 'a', version: '1' }), new Client({ name: 'b', version: '1' })];
      await first.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      await second.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      clients.push(first, second);
      expect((await first.listTools()).tools.map((tool) => tool.name)).toContain('everything__echo');
      expect(
        (await second.callTool({ name: 'everything__echo', arguments: { message: 'over http' } })).content,
      ).toEqual([{ type: 'text', text: 'Echo: over http' }]);
      // DNS rebinding: a request naming another host is refused on loopback.
      const rebound = await postWithHost(http.url, 'attacker.example');
      expect(rebound).toBe(403);
    } finally {
      await http.close();
    }
  });

  it('refuses to bind beyond loopback without a token, and then requires the bearer token', async () => {
    await expect(
      startMcpHttpServer({ createServer: () => createMcpAggregatorServer(bridge), host: '0.0.0.0' }),
    ).rejects.toThrow(/Expected a bearer token to serve MCP on 0\.0\.0\.0/);
    const token = 'serve-token-7f3a';
    const http = await startMcpHttpServer({
      createServer: () => createMcpAggregatorServer(bridge),
      host: '0.0.0.0',
      token,
    });
    try {
      const url = http.url.replace('0.0.0.0', '127.0.0.1');
      const refused = new Client({ name: 'no-token', version: '1' });
      await expect(refused.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow(
        /Expected `Authorization: Bearer <token>`/,
      );
      const client = new Client({ name: 'token', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      expect((await client.listTools()).tools.length).toBeGreaterThan(5);
    } finally {
      await http.close();
    }
  });
});
