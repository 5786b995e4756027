import { defineTool, type ToolCall } from '@interlingua/core';
import { scriptedModel, textResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runAgent } from '../run-agent';
import { userMessage } from '../user-message';
import { repairJson } from './repair-json';
import type { RepairToolCallOptions } from './repair-tool-call';

const seen: string[] = [];
const getWeather = defineTool({
  name: 'get_weather',
  description: 'Weather for a city.',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => {
    seen.push(city);
    return `18°C in ${city}`;
  },
});

// What a codec hands the loop for `{'city':'Paris'}`: no args, the raw text and the parse error.
const badJson: ToolCall = {
  type: 'tool-call',
  id: 'call_1',
  name: 'get_weather',
  args: {},
  argsText: "{'city':'Paris',}",
  argsError: 'Expected the arguments to be a JSON object, but they do not parse: Unexpected token',
};
const calling = (call: ToolCall) => ({
  message: { role: 'assistant' as const, content: [call] },
  finishReason: 'tool_calls' as const,
  rawFinishReason: 'tool_calls',
  usage: { inputTokens: 10, outputTokens: 5 },
  warnings: [],
});

describe('runAgent({ repairToolCall })', () => {
  it('repairJson fixes unparseable arguments: the tool runs, the repair is on the step, warned once', async () => {
    seen.length = 0;
    const model = scriptedModel([
      calling(badJson),
      calling({ ...badJson, id: 'call_2', argsText: "{'city':'Rome'}" }),
      textResponse('Paris 18°C, Rome 18°C.'),
    ]);
    const result = await runAgent({
      model,
      tools: [getWeather],
      messages: [userMessage('Weather in Paris, then Rome?')],
      repairToolCall: repairJson,
    });
    expect(result.finishReason).toBe('stop');
    expect(seen).toEqual(['Paris', 'Rome']);
    const outcome = result.steps[0]?.toolOutcomes[0];
    expect(outcome?.toolCall).toEqual({
      type: 'tool-call',
      id: 'call_1',
      name: 'get_weather',
      args: { city: 'Paris' },
    });
    expect(outcome?.repair).toEqual({
      original: badJson,
      problem: { type: 'invalid-json', message: badJson.argsError },
    });
    expect(outcome?.result.isError).toBe(false);
    expect(outcome?.error).toBeUndefined();
    // The history holds the call as it ran, so the next turn replays valid arguments.
    expect(model.requests[1]?.messages[1]).toEqual({ role: 'assistant', content: [outcome?.toolCall] });
    expect(result.warnings.filter((warning) => warning.feature === 'repairToolCall')).toHaveLength(1);
  });

  it('an unknown tool name that differs only in case or separators is corrected', async () => {
    seen.length = 0;
    const model = scriptedModel([
      calling({ type: 'tool-call', id: 'c1', name: 'Get-Weather', args: { city: 'Oslo' } }),
      textResponse('Cold.'),
    ]);
    const result = await runAgent({
      model,
      tools: [getWeather],
      messages: [userMessage('Oslo?')],
      repairToolCall: repairJson,
    });
    expect(seen).toEqual(['Oslo']);
    expect(result.steps[0]?.toolOutcomes[0]?.repair?.problem.type).toBe('unknown-tool');
    expect(result.steps[0]?.toolOutcomes[0]?.result.toolName).toBe('get_weather');
  });

  it('a call that does not validate goes to the repair function with the issue; nothing back means the error result', async () => {
    const asked: RepairToolCallOptions[] = [];
    const model = scriptedModel([
      calling({ type: 'tool-call', id: 'c1', name: 'get_weather', args: { town: 'Oslo' } }),
      textResponse('Sorry.'),
    ]);
    const result = await runAgent({
      model,
      tools: [getWeather],
      messages: [userMessage('Oslo?')],
      repairToolCall: (options) => {
        asked.push(options);
        return undefined;
      },
    });
    expect(asked[0]?.problem.type).toBe('invalid-arguments');
    expect(asked[0]?.tools.map((tool) => tool.name)).toEqual(['get_weather']);
    const outcome = result.steps[0]?.toolOutcomes[0];
    expect(outcome?.result.isError).toBe(true);
    expect(outcome?.error?.code).toBe('INVALID_TOOL_ARGUMENTS');
    expect(outcome?.repair).toBeUndefined();
  });

  it('a repair that throws or is still wrong keeps the original error; no repair function, no change', async () => {
    const run = (repairToolCall?: () => ToolCall) =>
      runAgent({
        model: scriptedModel([calling(badJson), textResponse('ok')]),
        tools: [getWeather],
        messages: [userMessage('Paris?')],
        ...(repairToolCall === undefined ? {} : { repairToolCall }),
      });
    for (const result of [
      await run(() => {
        throw new Error('repair broke');
      }),
      await run(() => ({ ...badJson, args: { city: 3 } })),
      await run(),
    ]) {
      expect(result.steps[0]?.toolOutcomes[0]?.error?.code).toBe('INVALID_TOOL_ARGUMENTS');
      expect(result.steps[0]?.toolOutcomes[0]?.repair).toBeUndefined();
    }
  });
});

describe('runAgent({ output })', () => {
  const output = z.object({ city: z.string(), temperatureC: z.number() });

  it('asks every call for the schema and ends with a typed, validated output', async () => {
    const model = scriptedModel([
      calling({ type: 'tool-call', id: 'c1', name: 'get_weather', args: { city: 'Paris' } }),
      textResponse('{"city":"Paris","temperatureC":18}'),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: [userMessage('Paris?')], output });
    expect(result.output).toEqual({ city: 'Paris', temperatureC: 18 });
    const typed: { city: string; temperatureC: number } | undefined = result.output;
    expect(typed?.city).toBe('Paris');
    for (const request of model.requests)
      expect(request.responseFormat).toMatchObject({ type: 'json', name: 'output' });
  });

  it('re-asks a final answer that does not match, then ends with error and NoObjectGeneratedError', async () => {
    const fixed = scriptedModel([
      textResponse('It is 18°C in Paris.'),
      textResponse('{"city":"Paris","temperatureC":18}'),
    ]);
    const repaired = await runAgent({ model: fixed, messages: [userMessage('Paris?')], output });
    expect(repaired.output).toEqual({ city: 'Paris', temperatureC: 18 });
    expect(repaired.steps).toHaveLength(2);
    expect(fixed.requests[1]?.messages.at(-1)?.role).toBe('user');

    const broken = scriptedModel([textResponse('warm'), textResponse('still warm')]);
    const failed = await runAgent({ model: broken, messages: [userMessage('Paris?')], output });
    expect(failed.finishReason).toBe('error');
    expect((failed.error as { code?: string }).code).toBe('NO_OBJECT_GENERATED');
    expect(failed.output).toBeUndefined();
    expect(failed.text).toBe('still warm');
  });
});
