// Issue 14, item 2: a result over the stdio limit is a clear error and the server lives on;
// what goes to the model is capped by `maxResultBytes`, with a note saying how much was cut.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent } from './mcp-bridge-event';

const bridges: McpBridge[] = [];
afterAll(() => Promise.all(bridges.map((bridge) => bridge.close())));

async function open(options: Parameters<typeof McpBridge.fromConfig>[1] = {}) {
  const events: McpBridgeEvent[] = [];
  const bridge = await McpBridge.fromConfig(
    { mcpServers: { big: fixtureEntry('big') } },
    { ...options, onEvent: (event) => events.push(event) },
  );
  bridges.push(bridge);
  return { bridge, events };
}

function textOf(output: { content: { type: string; text?: string }[] }): string {
  return output.content.map((part) => part.text ?? '').join('');
}

describe('tool results larger than one stdio message may be', () => {
  it('an 11 MB result: an error naming its size and the 10 MiB limit; the same server answers the next call', async () => {
    const { bridge, events } = await open();
    const pid = bridge.servers[0]?.pid;
    const output = await bridge.callTool('big__big', { value: '11MB' }, { toolCallId: 'call_big' });
    expect(output).toMatchObject({ isError: true, cause: { reason: 'result-too-large', server: 'big', tool: 'big' } });
    expect(textOf(output)).toMatch(
      /^Tool `big` of MCP server `big` answered with 11 MiB \(11,534,\d{3} bytes\), more than the 10 MiB \(10,485,760 bytes\) one message may have \(the bridge's `maxMessageBytes`\)/,
    );
    expect(textOf(output)).toContain('the server is still connected');
    const echo = await bridge.callTool('big__echo', { value: 'after' });
    expect(textOf(echo)).toBe('echo after');
    expect(bridge.servers[0]).toMatchObject({ state: 'connected', pid, restarts: 0 });
    expect(events.map((event) => event.type)).not.toContain('server-disconnected');
  }, 120_000);

  it('the limit is a bridge option', async () => {
    const { bridge } = await open({ maxMessageBytes: 200_000, maxResultBytes: Number.POSITIVE_INFINITY });
    const fits = await bridge.callTool('big__big', { value: '150000' });
    expect(textOf(fits)).toHaveLength(150_000);
    const over = await bridge.callTool('big__big', { value: '300000' });
    expect(textOf(over)).toMatch(
      /answered with 293(?:\.\d)? KiB \(300,\d{3} bytes\), more than the 195\.3 KiB \(200,000 bytes\)/,
    );
    expect(textOf(await bridge.callTool('big__echo', { value: 'still here' }))).toBe('echo still here');
  });
});

describe('maxResultBytes caps what goes to the model', () => {
  it('a 3 MB result is cut to the default 100,000 bytes, with a note saying how much was left out, and an event', async () => {
    const { bridge, events } = await open();
    const output = await bridge.callTool('big__big', { value: '3MB' }, { toolCallId: 'call_3mb' });
    expect(output.isError).toBeUndefined();
    const [kept, note] = output.content;
    expect(kept).toEqual({ type: 'text', text: 'x'.repeat(100_000) });
    expect(note).toEqual({
      type: 'text',
      text: "[Result cut: 3,045,728 of its 3,145,728 bytes of text were left out, over the bridge's maxResultBytes of 100,000. Ask for less (a narrower query, a page, a range) to see the rest.]",
    });
    expect(events).toContainEqual({
      type: 'result-truncated',
      server: 'big',
      tool: 'big',
      toolCallId: 'call_3mb',
      textBytes: 3_145_728,
      cutBytes: 3_045_728,
    });
  });

  it('a smaller cap is an option, and a result within it passes untouched', async () => {
    const { bridge, events } = await open({ maxResultBytes: 1000 });
    expect((await bridge.callTool('big__big', { value: '1000' })).content).toEqual([
      { type: 'text', text: 'x'.repeat(1000) },
    ]);
    const cut = await bridge.callTool('big__big', { value: '1500' });
    expect(cut.content[0]).toEqual({ type: 'text', text: 'x'.repeat(1000) });
    expect(textOf({ content: [cut.content[1] as { type: string; text?: string }] })).toMatch(
      /^\[Result cut: 500 of its 1,500 bytes/,
    );
    expect(events.filter((event) => event.type === 'result-truncated')).toHaveLength(1);
    await expect(McpBridge.fromConfig({ mcpServers: {} }, { maxResultBytes: 0 })).rejects.toThrow(
      'Expected `maxResultBytes` to be a positive number, got 0.',
    );
  });
});
