import { InvalidResponseError, InvalidSettingError } from '@interlingua/core';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';

const bridges: McpBridge[] = [];
afterAll(async () => {
  await Promise.all(bridges.map((bridge) => bridge.close()));
});

async function open(servers: Record<string, unknown>, events: McpBridgeEvent[] = [], options = {}) {
  const bridge = await McpBridge.fromConfig(
    { mcpServers: servers },
    { onServerError: 'skip', onEvent: (event) => events.push(event), ...options },
  );
  bridges.push(bridge);
  return bridge;
}

describe('McpBridge against our fixture servers', () => {
  it('follows nextCursor through 3 pages, names every tool safely and routes without splitting on __', async () => {
    const events: McpBridgeEvent[] = [];
    const bridge = await open({ 'pages.v2': fixtureEntry('paged'), loop: fixtureEntry('repeating-cursor') }, events);
    const tools = await bridge.tools();
    const names = tools.map((tool) => tool.name);
    expect(names.slice(0, 2)).toEqual(['pages_v2__alpha', 'pages_v2__dotted_name']);
    expect(names).toContain('pages_v2__has__double');
    const long = names.filter((name) => name.startsWith('pages_v2__xxx'));
    expect(long).toHaveLength(2);
    expect(long.every((name) => name.length === 64)).toBe(true);
    expect(long[0]).not.toBe(long[1]);
    // The task-only tool on page 3 is left out with a warning.
    expect(names).not.toContain('pages_v2__needs-task');
    expect(events).toContainEqual(expect.objectContaining({ type: 'warning', server: 'pages.v2' }));

    for (const [exposed, original] of [
      ['pages_v2__dotted_name', 'dotted.name'],
      ['pages_v2__has__double', 'has__double'],
      [long[1], `${'x'.repeat(80)}2`],
    ] as const) {
      expect(bridge.serverOf(exposed as string)).toEqual({ server: 'pages.v2', tool: original });
      const output = await bridge.callTool(exposed as string, { value: 'v' });
      expect(JSON.parse(output.content[0]?.type === 'text' ? output.content[0].text : '')).toEqual({
        called: original,
        args: { value: 'v' },
      });
    }

    expect(bridge.serverOf('pages_v2__nope')).toBeUndefined();

    // Resources and prompts paginate the same way.
    const access = bridge.server('pages.v2');
    expect((await access.listResources()).map((resource) => resource.uri)).toEqual([
      'fixture://resource/1',
      'fixture://resource/2',
    ]);
    expect((await access.listPrompts()).map((prompt) => prompt.name)).toEqual(['first', 'second']);
    expect((await access.getPrompt('second')).messages[0]?.content).toEqual({ type: 'text', text: 'prompt second' });

    // A cursor that repeats forever is caught, and only that server fails.
    const loop = bridge.servers.find((server) => server.name === 'loop');
    expect(loop?.state).toBe('failed');
    expect(InvalidResponseError.isInstance(loop?.error)).toBe(true);
    expect(loop?.error?.message).toMatch(/expected a new cursor on each page, got "again" again after 2 pages/);
  });

  it('re-lists after tools/list_changed before handing tools out, and reports it', async () => {
    const events: McpBridgeEvent[] = [];
    const bridge = await open({ changing: fixtureEntry('list-changed') }, events);
    expect((await bridge.tools()).map((tool) => tool.name)).toEqual(['changing__first']);
    const first = await bridge.callTool('changing__first', {});
    expect(first.isError).toBeUndefined();
    await expect.poll(() => events.some((event) => event.type === 'tools-changed')).toBe(true);
    // Still stale: a call through the old route reaches the server, which answers with a JSON-RPC error.
    const stale = await bridge.callTool('changing__first', {}, { toolCallId: 'call_stale' });
    expect(stale).toMatchObject({ isError: true, cause: { reason: 'rpc-error', rpcCode: -32602 } });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'call-error', server: 'changing', tool: 'first', toolCallId: 'call_stale' }),
    );
    expect((await bridge.tools()).map((tool) => tool.name)).toEqual(['changing__second', 'changing__third']);
    expect(events).toContainEqual({ type: 'tools-refreshed', server: 'changing', toolCount: 2 });
    expect(bridge.servers[0]?.toolCount).toBe(2);
  });

  it('times out a call to a server that never answers, as an error result with the cause', async () => {
    const events: McpBridgeEvent[] = [];
    const frames: McpTraceFrame[] = [];
    const sent = (method: string) =>
      frames.filter(
        (frame) => frame.direction === 'send' && 'method' in frame.message && frame.message.method === method,
      );
    const bridge = await open({ silent: fixtureEntry('silent') }, events, {
      callTimeout: 150,
      onTrace: (frame: McpTraceFrame) => frames.push(frame),
    });
    const output = await bridge.callTool('silent__wait', {}, { toolCallId: 'call_wait' });
    expect(output).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Tool `wait` of MCP server `silent` did not answer within 150 ms.' }],
      cause: { reason: 'timeout', server: 'silent', tool: 'wait', rpcCode: -32001 },
    });
    const aborted = await bridge.callTool('silent__wait', {}, { signal: AbortSignal.abort() });
    expect(aborted.cause).toMatchObject({ reason: 'aborted' });
    // One run-long signal shared by calls in flight: aborting it cancels each on the server.
    const run = new AbortController();
    const calls = [1, 2].map(() => bridge.callTool('silent__wait', {}, { signal: run.signal, timeout: 10_000 }));
    await expect.poll(() => sent('tools/call').length).toBe(3);
    run.abort();
    for (const call of calls) expect((await call).cause).toMatchObject({ reason: 'aborted' });
    await expect.poll(() => sent('notifications/cancelled').length).toBe(3);
    // The connection survives a timed-out call.
    expect(bridge.servers[0]?.state).toBe('connected');
  });

  it('skips a server that never answers the handshake; throws instead under onServerError: throw', async () => {
    const mute = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };
    const bridge = await open({ mute }, [], { connectTimeout: 200 });
    expect(bridge.servers[0]).toMatchObject({
      state: 'failed',
      error: {
        message: expect.stringMatching(/did not answer `initialize` within 200 ms \(the bridge's connectTimeout/),
      },
    });
    expect(await bridge.tools()).toEqual([]);
    const error = await McpBridge.fromConfig({ mcpServers: { mute } }, { connectTimeout: 200 }).catch((e) => e);
    expect(InvalidSettingError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(
      /^MCP server `mute` failed to start: Its process did not answer `initialize` within 200 ms/,
    );
  });

  it('refuses two tools that would be exposed under the same name', async () => {
    const error = await McpBridge.fromConfig({
      mcpServers: { 'p.q': fixtureEntry('list-changed'), p_q: fixtureEntry('list-changed') },
    }).catch((e) => e);
    expect(InvalidSettingError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'MCP tools `first` of `p.q` and `first` of `p_q` would both be exposed as `p_q__first`; rename one of the servers in the config.',
    );
  });
});
