// Issue 14, item 3, through the agent: a turn of 15 parallel MCP calls, with a run signal and
// without one, prints no MaxListenersExceededWarning.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runAgent } from '@interlingua/agent';
import { McpBridge } from '@interlingua/mcp-bridge';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const weatherServer = fileURLToPath(new URL('../../../../examples/weather-server/server.ts', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const cities = ['北京', '上海', '广州', '深圳', '杭州', '东京', 'Paris', 'London', 'New York', 'San Francisco'];

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
let bridge: McpBridge;
beforeAll(async () => {
  process.on('warning', onWarning);
  bridge = await McpBridge.fromConfig({
    mcpServers: { weather: { command: process.execPath, args: ['--import', tsx, weatherServer] } },
  });
});
afterAll(async () => {
  process.off('warning', onWarning);
  await bridge?.close();
});

function fifteenCalls() {
  return scriptedModel([
    toolCallResponse(
      Array.from({ length: 15 }, (_, index) => ({
        id: `call_${index}`,
        name: 'weather__get_weather',
        args: { city: cities[index % cities.length] as string },
      })),
    ),
    textResponse('Done.'),
  ]);
}

describe('15 parallel MCP calls in one turn', () => {
  it.each([
    ['with a run signal', () => new AbortController().signal],
    ['without one', () => undefined],
  ])('%s: every call answered, no MaxListenersExceededWarning', async (_label, signalFor) => {
    const signal = signalFor();
    const result = await runAgent({
      model: fifteenCalls(),
      tools: await bridge.tools(),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather everywhere?' }] }],
      ...(signal === undefined ? {} : { signal }),
    });
    expect(result.finishReason).toBe('stop');
    const outcomes = result.steps[0]?.toolOutcomes ?? [];
    expect(outcomes).toHaveLength(15);
    expect(outcomes.every((outcome) => !outcome.result.isError)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
