// What the aggregator sends upstream for `prompts/get` and `resources/read`: the name (or URI) and
// the arguments it routes — never the client's `_meta` (its progress token, keys of its own) or a
// field it made up. The `echo-params` fixture answers with the params it received.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { GetPromptResultSchema, ReadResourceResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import { createMcpAggregatorServer } from './create-mcp-aggregator-server';

let bridge: McpBridge;
let client: Client;

beforeAll(async () => {
  bridge = await McpBridge.fromConfig(
    { mcpServers: { echo: fixtureEntry('echo-params') } },
    { restart: false, roots: false },
  );
  const { server } = createMcpAggregatorServer(bridge);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'params', version: '1.0.0' });
  await client.connect(clientSide);
}, 60_000);

afterAll(async () => {
  await client.close();
  await bridge.close();
});

const clientMeta = { progressToken: 'client-token-1', 'com.example/tenant': 'acme' };

describe('the params the aggregator forwards', () => {
  it('prompts/get: the name and arguments only', async () => {
    const result = await client.request(
      {
        method: 'prompts/get',
        params: { name: 'first', arguments: { topic: 'tides' }, _meta: clientMeta, invented: 'field' },
      },
      GetPromptResultSchema,
    );
    const content = result.messages[0]?.content as { text: string };
    const received = JSON.parse(content.text) as Record<string, unknown>;
    expect(received).toMatchObject({ name: 'first', arguments: { topic: 'tides' } });
    expect(received).not.toHaveProperty('invented');
    expect(JSON.stringify(received._meta ?? {})).not.toMatch(/client-token-1|acme/);
  });

  it('resources/read: the URI only', async () => {
    const result = await client.request(
      { method: 'resources/read', params: { uri: 'fixture://resource/1', _meta: clientMeta, invented: 'field' } },
      ReadResourceResultSchema,
    );
    const received = JSON.parse((result.contents[0] as { text: string }).text) as Record<string, unknown>;
    expect(received).toMatchObject({ uri: 'fixture://resource/1' });
    expect(received).not.toHaveProperty('invented');
    expect(JSON.stringify(received._meta ?? {})).not.toMatch(/client-token-1|acme/);
  });
});
