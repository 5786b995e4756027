// The caller's signal reaches the SDK as is on its first call, linked on any later one; either way
// an abort cancels the call in flight on the server, and only that call.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';
import type { McpTraceFrame } from './mcp-bridge-event';

const frames: McpTraceFrame[] = [];
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
process.on('warning', onWarning);
let bridge: McpBridge | undefined;
afterAll(async () => {
  process.off('warning', onWarning);
  await bridge?.close();
});

const sent = (method: string) =>
  frames.filter((frame) => frame.direction === 'send' && 'method' in frame.message && frame.message.method === method);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a call’s signal', () => {
  it('cancels the call in flight; aborted after its call was answered, it sends no notifications/cancelled', async () => {
    bridge = await McpBridge.fromConfig(
      { mcpServers: { pages: fixtureEntry('paged'), silent: fixtureEntry('silent') } },
      { onTrace: (frame) => frames.push(frame) },
    );
    // A signal per call, as the agent gives each tool call: answered, then aborted.
    const done = new AbortController();
    const output = await bridge.callTool('pages__alpha', { value: 'v' }, { signal: done.signal });
    expect(output.isError).toBeUndefined();
    done.abort();
    // One signal for a run: 15 calls one after the other, then aborted, with nothing in flight.
    const run = new AbortController();
    for (let index = 0; index < 15; index++) {
      const each = await bridge.callTool('pages__alpha', { value: String(index) }, { signal: run.signal });
      expect(each.isError).toBeUndefined();
    }
    run.abort();
    await settle();
    expect(sent('notifications/cancelled')).toEqual([]);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);

    // A fresh signal on a call in flight, and a shared one on its second call: both cancel theirs.
    const fresh = new AbortController();
    const shared = new AbortController();
    await bridge.callTool('pages__alpha', { value: 'first' }, { signal: shared.signal });
    const first = bridge.callTool('silent__wait', {}, { signal: fresh.signal, timeout: 20_000 });
    const second = bridge.callTool('silent__wait', {}, { signal: shared.signal, timeout: 20_000 });
    await expect
      .poll(() => sent('tools/call').filter((frame) => JSON.stringify(frame.message).includes('"wait"')).length)
      .toBe(2);
    fresh.abort();
    expect((await first).cause).toMatchObject({ reason: 'aborted' });
    await expect.poll(() => sent('notifications/cancelled').length).toBe(1);
    shared.abort();
    expect((await second).cause).toMatchObject({ reason: 'aborted' });
    await expect.poll(() => sent('notifications/cancelled').length).toBe(2);
    await settle();
    expect(sent('notifications/cancelled')).toHaveLength(2);
  }, 120_000);
});
