// Issue 14, item 1: `close()` ends the whole process tree of a stdio server, within a bound.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { binOf, descendantsOf, groupMembers, isAlive } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const mcpBridgeDir = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('../__fixtures__/servers/fixture-server.ts', import.meta.url));
// Short waits: the server below ignores stdin EOF, so only the signals end it.
const closeTimeout = 300;

async function pidsOf(bridge: McpBridge): Promise<{ server: number; child: number }> {
  const output = await bridge.callTool('stubborn__pids', {});
  const part = output.content[0];
  return JSON.parse(part?.type === 'text' ? part.text : '{}') as { server: number; child: number };
}

async function expectTreeEndsOnClose(entry: Record<string, unknown>) {
  const bridge = await McpBridge.fromConfig({ mcpServers: { stubborn: entry } }, { closeTimeout });
  const leader = bridge.servers[0]?.pid as number;
  const { server, child } = await pidsOf(bridge);
  // The launcher (npx, sh), the server under it and the server's own child share one group.
  const before = groupMembers(leader);
  expect(before).toEqual(expect.arrayContaining([leader, server, child]));
  expect(descendantsOf(process.pid)).toEqual(expect.arrayContaining([leader, server, child]));
  await bridge.close();
  expect(groupMembers(leader)).toEqual([]);
  for (const pid of before) expect(isAlive(pid)).toBe(false);
  expect(descendantsOf(process.pid).filter((pid) => before.includes(pid))).toEqual([]);
  return before.length;
}

describe('McpBridge.close() ends the whole tree of a stdio server that ignores stdin EOF', () => {
  it('started through npx (npx → tsx → the server → its child)', async () => {
    const count = await expectTreeEndsOnClose({
      command: 'npx',
      args: ['--no', 'tsx', fixture, 'stubborn'],
      cwd: repoRoot,
    });
    expect(count).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('started through sh -c', async () => {
    const count = await expectTreeEndsOnClose({
      command: 'sh',
      args: ['-c', `"${process.execPath}" --import tsx "${fixture}" stubborn; echo done`],
      cwd: repoRoot,
    });
    expect(count).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('real server-everything after toggle-simulated-logging, through npx', async () => {
    // Resolved from this package's node_modules/.bin: nothing is fetched.
    expect(binOf('@modelcontextprotocol/server-everything')).toMatch(/server-everything/);
    const bridge = await McpBridge.fromConfig(
      {
        mcpServers: {
          everything: { command: 'npx', args: ['--no', 'mcp-server-everything', 'stdio'], cwd: mcpBridgeDir },
        },
      },
      { closeTimeout },
    );
    const leader = bridge.servers[0]?.pid as number;
    const toggled = await bridge.callTool('everything__toggle-simulated-logging', {});
    expect(toggled.isError).toBeUndefined();
    const before = groupMembers(leader);
    expect(before.length).toBeGreaterThanOrEqual(2); // npx and the server it started
    await bridge.close();
    expect(groupMembers(leader)).toEqual([]);
    for (const pid of before) expect(isAlive(pid)).toBe(false);
  }, 120_000);
});
