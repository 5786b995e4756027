// Issue 14, item 4: a list_changed that trails a tool result is seen before the next model call.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';

let bridge: McpBridge | undefined;
afterAll(() => bridge?.close());

describe('a list_changed sent after the result of the call that caused it', () => {
  it('is awaited by the next tools(): one ping round trip orders it, every time', async () => {
    const events: McpBridgeEvent[] = [];
    const frames: McpTraceFrame[] = [];
    // The server sends the notification only ahead of the next request it gets: nothing but a
    // round trip after the result can see it in time.
    bridge = await McpBridge.fromConfig(
      { mcpServers: { late: fixtureEntry('list-changed-late') } },
      { onEvent: (event) => events.push(event), onTrace: (frame) => frames.push(frame) },
    );
    expect((await bridge.tools()).map((tool) => tool.name)).toEqual(['late__first']);
    const output = await bridge.callTool('late__first', {});
    expect(output.content).toEqual([{ type: 'text', text: 'switched' }]);
    expect((await bridge.tools()).map((tool) => tool.name)).toEqual(['late__second', 'late__third']);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['tools-changed', 'tools-refreshed']));
    const afterCall = frames
      .slice(frames.findIndex((frame) => 'method' in frame.message && frame.message.method === 'tools/call'))
      .filter((frame) => 'method' in frame.message)
      .map((frame) => `${frame.direction} ${(frame.message as { method: string }).method}`);
    expect(afterCall).toEqual([
      'send tools/call',
      'send ping',
      'receive notifications/tools/list_changed',
      'send tools/list',
    ]);
    // A tools() with no call in between sends nothing at all.
    const count = frames.length;
    await bridge.tools();
    expect(frames.length).toBe(count);
  });
});
