// Resource subscriptions served on, in both eras: a 2025-era session's `resources/subscribe` and a
// 2026-07-28 client's `subscriptions/listen` both reach the upstream server (the `subscribe`
// fixture: it records every subscribe/unsubscribe it receives and reports an update on `touch`),
// counted across clients — the upstream hears one subscribe however many hold the URI, and the
// unsubscribe only when the last one lets go — and a key watches only the servers it may read.
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import type { McpAuditLine } from './mcp-audit-line';
import { hashMcpKey } from './mcp-serve-keys';
import { notifyListenStreams } from './notify-listen-streams';
import { type McpHttpServer, startMcpHttpServer } from './start-mcp-http-server';

const MASTER = 'watch-master-key-5d21c7';
const ALPHA_ONLY = 'watch-alpha-key-83be0f';
const URI = 'fixture://resource/1';
const SERVED = `alpha+${URI}`;

let bridge: McpBridge;
let http: McpHttpServer;
let stopNotifying: () => void;
const audits: McpAuditLine[] = [];

beforeAll(async () => {
  bridge = await McpBridge.fromConfig(
    // `plain` offers resources without subscriptions.
    { mcpServers: { alpha: fixtureEntry('subscribe'), beta: fixtureEntry('subscribe'), plain: fixtureEntry('paged') } },
    { restart: false, roots: false },
  );
  http = await startMcpHttpServer({
    bridge,
    audit: (line) => audits.push(line),
    keys: { masterKey: MASTER, keys: [{ name: 'alpha-only', sha256: hashMcpKey(ALPHA_ONLY), servers: ['alpha'] }] },
  });
  stopNotifying = notifyListenStreams(bridge, http.notify);
}, 60_000);

afterAll(async () => {
  stopNotifying();
  await http.close();
  await bridge.close();
});

type Upstream = { subscribed: string[]; log: string[] };

async function upstream(server: string, tool = 'subscriptions', value = ''): Promise<Upstream> {
  const result = (await bridge.server(server).request('tools/call', { name: tool, arguments: { value } })) as {
    content: { text: string }[];
  };
  return JSON.parse(result.content[0]?.text ?? '{}') as Upstream;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const headers = (key: string) => ({ requestInit: { headers: { authorization: `Bearer ${key}` } } });

async function legacyClient(updates: string[]) {
  const client = new Client({ name: 'legacy', version: '1.0.0' });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updates.push(notification.params.uri);
  });
  const transport = new StreamableHTTPClientTransport(new URL(http.url), headers(MASTER));
  await client.connect(transport);
  return { client, transport };
}

async function modernClient(key: string, updates: string[]) {
  const client = new ModernClient({ name: 'modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    updates.push(notification.params.uri);
  });
  await client.connect(new ModernTransport(new URL(http.url), headers(key)));
  return client;
}

describe('resource subscriptions through the aggregator', () => {
  it('2025-era sessions: one upstream subscribe for two sessions, the unsubscribe when the last lets go', async () => {
    const [first, second] = [[] as string[], [] as string[]];
    const a = await legacyClient(first);
    const b = await legacyClient(second);
    try {
      await a.client.subscribeResource({ uri: SERVED });
      await b.client.subscribeResource({ uri: SERVED });
      expect((await upstream('alpha')).log).toEqual([`subscribe ${URI}`]);

      await upstream('alpha', 'touch', URI);
      await until(
        async () => [first.length, second.length],
        ([x, y]) => x === 1 && y === 1,
        'both updates',
      );
      expect([first, second]).toEqual([[SERVED], [SERVED]]);

      // The first session lets go: the second still holds the URI, so the upstream keeps it.
      await a.client.unsubscribeResource({ uri: SERVED });
      expect(await upstream('alpha')).toEqual({ subscribed: [URI], log: [`subscribe ${URI}`] });
      await upstream('alpha', 'touch', URI);
      await until(
        async () => second.length,
        (count) => count === 2,
        'the second update',
      );
      expect(first).toEqual([SERVED]);

      // The second session ends without unsubscribing: its hold goes with it.
      await b.transport.terminateSession();
      const after = await until(
        () => upstream('alpha'),
        (state) => state.subscribed.length === 0,
        'the upstream unsubscribe',
      );
      expect(after.log).toEqual([`subscribe ${URI}`, `unsubscribe ${URI}`]);
    } finally {
      await Promise.allSettled([a.client.close(), b.client.close()]);
    }
  });

  it('a 2026-07-28 listen asks the upstream while its stream is open, and hears the update', async () => {
    const updates: string[] = [];
    const client = await modernClient(MASTER, updates);
    const before = (await upstream('alpha')).log.length;
    try {
      const subscription = await client.listen({ resourceSubscriptions: [SERVED] });
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([SERVED]);
      expect(await upstream('alpha')).toMatchObject({ subscribed: [URI] });

      await upstream('alpha', 'touch', URI);
      await until(
        async () => updates.length,
        (count) => count === 1,
        'the update on the listen stream',
      );
      expect(updates).toEqual([SERVED]);

      await subscription.close();
      const after = await until(
        () => upstream('alpha'),
        (state) => state.subscribed.length === 0,
        'the upstream unsubscribe',
      );
      expect(after.log.slice(before)).toEqual([`subscribe ${URI}`, `unsubscribe ${URI}`]);
    } finally {
      await client.close();
    }
  });

  it('a key may not listen for a server it may not read: 403, and that server is never asked', async () => {
    const updates: string[] = [];
    const client = await modernClient(ALPHA_ONLY, updates);
    try {
      await expect(client.listen({ resourceSubscriptions: [`beta+${URI}`] })).rejects.toThrow(
        /may not use `beta\+fixture:\/\/resource\/1`/,
      );
      expect((await upstream('beta')).log).toEqual([]);
      expect(audits).toContainEqual(
        expect.objectContaining({
          key: 'alpha-only',
          method: 'subscriptions/listen',
          tool: `beta+${URI}`,
          server: 'beta',
          outcome: 'denied',
        }),
      );
      // Its own server's resources it may watch.
      const subscription = await client.listen({ resourceSubscriptions: [SERVED] });
      expect(await upstream('alpha')).toMatchObject({ subscribed: [URI] });
      await subscription.close();
    } finally {
      await client.close();
    }
  });

  it('what an upstream refuses is left out of the acknowledgement; more than 1000 URIs is -32602', async () => {
    const client = await modernClient(MASTER, []);
    try {
      const subscription = await client.listen({
        resourceSubscriptions: [SERVED, 'plain+fixture://resource/1', 'nowhere+x://y'],
      });
      // `nowhere+` names no server: nothing to ask, and the SDK's router acknowledges it as asked.
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([SERVED, 'nowhere+x://y']);
      await subscription.close();
      const many = Array.from({ length: 1001 }, (_, index) => `alpha+fixture://resource/${index}`);
      await expect(client.listen({ resourceSubscriptions: many })).rejects.toThrow(
        /at most 1000 resourceSubscriptions/,
      );
      await until(
        () => upstream('alpha'),
        (state) => state.subscribed.length === 0,
        'the closed listen let go',
      );
    } finally {
      await client.close();
    }
  });

  it('a restarted server is asked again for what is still held', async () => {
    const own = await McpBridge.fromConfig(
      { mcpServers: { alpha: fixtureEntry('subscribe') } },
      { roots: false, restart: { initialDelayMs: 50 } },
    );
    const state = async () => {
      const result = (await own.server('alpha').request('tools/call', { name: 'subscriptions', arguments: {} })) as {
        content: { text: string }[];
      };
      return JSON.parse(result.content[0]?.text ?? '{}') as Upstream;
    };
    try {
      const release = await own.server('alpha').watchResource(URI);
      const pid = own.servers[0]?.pid as number;
      process.kill(pid, 'SIGKILL');
      await until(
        async () => own.servers[0],
        (status) => status?.state === 'connected' && status.pid !== pid,
        'the restart',
      );
      // The new process's own log: one subscribe, sent on reconnect.
      expect((await until(state, (now) => now.subscribed.length > 0, 'the subscribe after the restart')).log).toEqual([
        `subscribe ${URI}`,
      ]);
      await release();
      expect(await state()).toEqual({ subscribed: [], log: [`subscribe ${URI}`, `unsubscribe ${URI}`] });
    } finally {
      await own.close();
    }
  });
});
