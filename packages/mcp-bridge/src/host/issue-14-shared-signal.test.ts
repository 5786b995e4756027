// Issue 14, item 3: many concurrent calls on one AbortSignal add no pile of listeners to it.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
process.on('warning', onWarning);
afterEach(() => {
  warnings.length = 0;
});
let bridge: McpBridge | undefined;
afterAll(async () => {
  process.off('warning', onWarning);
  await bridge?.close();
});

// Node emits the warning on the next tick after the 11th listener.
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('20 concurrent calls sharing one AbortSignal', () => {
  it('run without a MaxListenersExceededWarning, rounds after rounds, and an abort still reaches every call', async () => {
    bridge = await McpBridge.fromConfig({
      mcpServers: { pages: fixtureEntry('paged'), silent: fixtureEntry('silent') },
    });
    const shared = new AbortController();
    for (let round = 0; round < 3; round++) {
      const outputs = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (bridge as McpBridge).callTool('pages__alpha', { value: String(index) }, { signal: shared.signal }),
        ),
      );
      expect(outputs.every((output) => output.isError === undefined)).toBe(true);
    }
    const hanging = Array.from({ length: 20 }, () =>
      (bridge as McpBridge).callTool('silent__wait', {}, { signal: shared.signal, timeout: 20_000 }),
    );
    await settle();
    shared.abort();
    for (const output of await Promise.all(hanging)) expect(output.cause).toMatchObject({ reason: 'aborted' });
    await settle();
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  }, 120_000);
});
