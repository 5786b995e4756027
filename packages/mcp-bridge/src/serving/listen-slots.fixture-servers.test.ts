// Open `subscriptions/listen` streams are counted per key: past `maxListensPerCaller` a key's next
// listen is refused (-32603, as the SDK refuses past its own limit), another key is not affected,
// and a closed stream gives its slot back.
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import { hashMcpKey } from './mcp-serve-keys';
import { type McpHttpServer, startMcpHttpServer } from './start-mcp-http-server';

const FIRST = 'listen-first-key-1c9e4a';
const SECOND = 'listen-second-key-7b2d10';
let bridge: McpBridge;
let http: McpHttpServer;
const clients: ModernClient[] = [];

beforeAll(async () => {
  bridge = await McpBridge.fromConfig(
    { mcpServers: { paged: fixtureEntry('paged') } },
    { restart: false, roots: false },
  );
  http = await startMcpHttpServer({
    bridge,
    maxListensPerCaller: 1,
    keys: {
      keys: [
        { name: 'first', sha256: hashMcpKey(FIRST) },
        { name: 'second', sha256: hashMcpKey(SECOND) },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await http.close();
  await bridge.close();
});

async function connect(key: string): Promise<ModernClient> {
  const client = new ModernClient({ name: 'listener', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new ModernTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  clients.push(client);
  return client;
}

describe('listen streams per key', () => {
  it('refuses a key past its limit, not another key, and gives the slot back when a stream closes', async () => {
    const first = await connect(FIRST);
    const open = await first.listen({ toolsListChanged: true });
    await expect(first.listen({ toolsListChanged: true })).rejects.toThrow(
      /Subscription limit reached: a key may hold 1/,
    );

    const second = await connect(SECOND);
    const other = await second.listen({ toolsListChanged: true });

    await open.close();
    let again: Awaited<ReturnType<ModernClient['listen']>> | undefined;
    for (let tries = 0; tries < 80 && again === undefined; tries++) {
      again = await first.listen({ toolsListChanged: true }).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 25));
        return undefined;
      });
    }
    expect(again).toBeDefined();
    await again?.close();
    await other.close();
  });
});
