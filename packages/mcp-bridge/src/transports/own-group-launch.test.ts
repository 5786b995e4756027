// A stdio server gets a process group of its own (so close() ends its whole tree) but stays in the
// host's session: a session of its own is an autogroup of its own to Linux's scheduler, which
// makes every message wait under load. Where perl cannot do that, `detached` (setsid) as before.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureEntry, groupMembers, processInfo } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import { ownGroupLaunch } from './own-group-launch';

const bridges: McpBridge[] = [];
afterAll(async () => {
  await Promise.all(bridges.map((bridge) => bridge.close()));
});

async function serverOf(entry: Record<string, unknown>) {
  const bridge = await McpBridge.fromConfig({ mcpServers: { pages: entry } });
  bridges.push(bridge);
  const output = await bridge.callTool('pages__alpha', { value: 'v' });
  expect(output.isError).toBeUndefined();
  const pid = bridge.servers[0]?.pid as number;
  return { bridge, pid, info: processInfo(pid) };
}

describe('the process group of a stdio server', () => {
  it('is its own, in the host’s session, under the server’s own pid (perl is on this machine)', async () => {
    const entry = fixtureEntry('paged');
    expect(ownGroupLaunch(entry.command, entry.args, { PATH: process.env['PATH'] }, entry.cwd)).toBeDefined();
    const { bridge, pid, info } = await serverOf(entry);
    const host = processInfo(process.pid);
    expect(info).toMatchObject({ pgid: pid, sid: host?.sid });
    expect(info?.sid).not.toBe(pid);
    await bridge.close();
    expect(groupMembers(pid)).toEqual([]);
  });

  it('is a session of its own (detached) when the server’s environment has a PERL… variable', async () => {
    const entry = { ...fixtureEntry('paged'), env: { PERL5LIB: '/opt/lib/perl' } };
    expect(ownGroupLaunch(entry.command, entry.args, entry.env, entry.cwd)).toBeUndefined();
    const { bridge, pid, info } = await serverOf(entry);
    expect(info).toMatchObject({ pgid: pid, sid: pid });
    await bridge.close();
    expect(groupMembers(pid)).toEqual([]);
  });

  it('is left to spawn for a command that is not found, so its ENOENT reads as before', () => {
    expect(ownGroupLaunch('no-such-mcp-server', [], { PATH: process.env['PATH'] }, undefined)).toBeUndefined();
    expect(ownGroupLaunch('./no-such-server.sh', [], { PATH: '' }, process.cwd())).toBeUndefined();
    expect(ownGroupLaunch('sh', ['-c', 'exit 0'], { PATH: '/bin:/usr/bin' }, undefined)?.args.slice(-4)).toEqual([
      '--',
      'sh',
      '-c',
      'exit 0',
    ]);
  });
});
