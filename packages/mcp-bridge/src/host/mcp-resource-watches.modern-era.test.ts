// `watchResource` against a server that speaks only 2026-07-28 (@modelcontextprotocol/server 2.4,
// whose `subscriptions/listen` router passes an update only to the streams that name its URI): the
// bridge keeps one listen stream naming every URI held, replaces it when the set changes, and keeps
// a URI while any holder does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModernServer, startModernServer } from '../__fixtures__/servers/modern-http-server';
import { McpBridge } from './mcp-bridge';

let modern: ModernServer;
let bridge: McpBridge;
const updates: string[] = [];

beforeAll(async () => {
  modern = await startModernServer({ legacy: 'reject', resources: true });
  bridge = await McpBridge.fromConfig({ mcpServers: { notes: { url: modern.url } } }, { restart: false, roots: false });
  bridge.subscribe((event) => {
    if (event.type === 'resource-updated') updates.push(`${event.server} ${event.uri}`);
  });
  await bridge.server('notes').watchResource('note://marker');
}, 60_000);

afterAll(async () => {
  await bridge.close();
  await modern.close();
});

// A marker URI held throughout: the bridge has one stream, naming every URI held, so the marker's
// update arriving means the updates published before it have had their turn on that stream.
async function updatesAfter(...uris: string[]): Promise<string[]> {
  const start = updates.length;
  for (const uri of uris) modern.updateResource(uri);
  modern.updateResource('note://marker');
  for (let tries = 0; tries < 200 && !updates.slice(start).includes('notes note://marker'); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const seen = updates.slice(start);
  expect(seen.at(-1)).toBe('notes note://marker');
  return seen.slice(0, -1);
}

describe('McpBridge.server(name).watchResource on a 2026-07-28 server', () => {
  it('listens for exactly the URIs held, counted by holder', async () => {
    expect(bridge.servers[0]?.era).toBe('modern');
    expect(await updatesAfter('note://1', 'note://2')).toEqual([]);

    const second = await bridge.server('notes').watchResource('note://2');
    expect(await updatesAfter('note://1', 'note://2')).toEqual(['notes note://2']);

    const [firstA, firstB] = [
      await bridge.server('notes').watchResource('note://1'),
      await bridge.server('notes').watchResource('note://1'),
    ];
    // The stream was replaced by one naming both: each update once.
    expect(await updatesAfter('note://1', 'note://2')).toEqual(['notes note://1', 'notes note://2']);

    await second();
    await firstA();
    expect(await updatesAfter('note://1', 'note://2')).toEqual(['notes note://1']);

    await firstB();
    // Letting go twice does not take another holder's hold.
    await firstB();
    expect(await updatesAfter('note://1', 'note://2')).toEqual([]);
  });
});
