import { defineTool, NoSuchToolError } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ask, getTime, getWeather, lastToolMessage, resultTexts } from './__fixtures__/weather-tools';
import type { AgentEvent } from './agent-event';
import { runAgent } from './run-agent';

describe('tool calls in runAgent', () => {
  it('answers an unknown tool with an error result naming the tools, and goes on', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_wether', args: { city: 'Paris' } }]),
      textResponse('Sorry.'),
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgent({
      model,
      tools: [getWeather, getTime],
      messages: ask,
      onEvent: (e) => events.push(e),
    });
    const [answer] = lastToolMessage(model.requests[1]?.messages ?? []).content;
    expect(answer?.isError).toBe(true);
    expect(resultTexts(lastToolMessage(result.messages))[0]).toBe(
      'Expected one of the tools [get_weather, get_time], got "get_wether". Call one of the available tools.',
    );
    const reported = events.find((event) => event.type === 'tool-result');
    expect(reported?.type === 'tool-result' && NoSuchToolError.isInstance(reported.error)).toBe(true);
    expect(result.steps[0]?.toolOutcomes[0]?.error?.code).toBe('NO_SUCH_TOOL');
  });

  it('answers unparseable JSON arguments with the parse error and the raw text', async () => {
    const model = scriptedModel([
      toolCallResponse([
        {
          id: 'c1',
          name: 'get_weather',
          argsText: '{city: Paris}',
          argsError: 'Expected the arguments to be a JSON object, but they do not parse: Unexpected token c',
        },
      ]),
      textResponse('Retrying is up to me.'),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(resultTexts(lastToolMessage(result.messages))[0]).toBe(
      'Invalid arguments for tool "get_weather": Expected the arguments to be a JSON object, but they do not parse: Unexpected token c Got {city: Paris}. Call the tool again with a JSON object matching its schema.',
    );
    expect(result.steps[0]?.toolOutcomes[0]?.error?.code).toBe('INVALID_TOOL_ARGUMENTS');
    expect(result.finishReason).toBe('stop');
  });

  it('answers a zod schema violation with expected vs got, without running the tool', async () => {
    let ran = false;
    const strict = defineTool({
      name: 'get_weather',
      description: 'd',
      input: z.object({ city: z.string() }),
      execute: () => {
        ran = true;
        return 'x';
      },
    });
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 42 } }]),
      textResponse('ok'),
    ]);
    const result = await runAgent({ model, tools: [strict], messages: ask });
    expect(ran).toBe(false);
    const [text] = resultTexts(lastToolMessage(result.messages));
    expect(text).toMatch(/^Invalid arguments for tool "get_weather": args\.city: .*expected string.*number/i);
    expect(text).toContain('Got {"city":42}.');
  });

  it('validates plain JSON-Schema tools with a JSON-Schema validator', async () => {
    const plain = defineTool<{ city: string; days: number }>({
      name: 'forecast',
      description: 'Forecast.',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
        required: ['city', 'days'],
        additionalProperties: false,
      },
      execute: ({ city, days }) => `${city} × ${days}`,
    });
    const model = scriptedModel([
      toolCallResponse([
        { id: 'c1', name: 'forecast', args: { days: 'two', extra: true } },
        { id: 'c2', name: 'forecast', args: { city: 'Oslo', days: 2 } },
      ]),
      textResponse('ok'),
    ]);
    const result = await runAgent({ model, tools: [plain], messages: ask });
    const [bad, good] = resultTexts(lastToolMessage(result.messages));
    expect(bad).toContain('args: Instance does not have required property "city".');
    expect(bad).toContain('args.days: Instance type "string" is invalid. Expected "integer".');
    expect(bad).toContain('Property "extra" does not match additional properties schema.');
    expect(good).toBe('Oslo × 2');
  });

  it('turns a throwing tool into an error result and keeps what was thrown for the host', async () => {
    const boom = new Error('upstream 503');
    const failing = defineTool({
      name: 'get_weather',
      description: 'd',
      input: z.object({ city: z.string() }),
      execute: () => {
        throw boom;
      },
    });
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]),
      textResponse('The weather service is down.'),
    ]);
    const result = await runAgent({ model, tools: [failing], messages: ask });
    expect(lastToolMessage(result.messages).content[0]).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Tool "get_weather" failed: upstream 503' }],
    });
    const error = result.steps[0]?.toolOutcomes[0]?.error;
    expect(error?.code).toBe('TOOL_EXECUTION_ERROR');
    expect(error?.cause).toBe(boom);
    expect(result.text).toBe('The weather service is down.');
  });

  it('cancels a tool that outlives toolTimeout, fires its signal, and answers with an error', async () => {
    let seenSignal: AbortSignal | undefined;
    const slow = defineTool({
      name: 'slow',
      description: 'd',
      input: z.object({}),
      execute: (_input, { signal }) => {
        seenSignal = signal;
        return new Promise(() => {});
      },
    });
    const model = scriptedModel([toolCallResponse([{ id: 'c1', name: 'slow' }]), textResponse('It timed out.')]);
    const result = await runAgent({ model, tools: [slow], messages: ask, toolTimeout: 20 });
    expect(seenSignal?.aborted).toBe(true);
    expect(resultTexts(lastToolMessage(result.messages))[0]).toBe(
      'Tool "slow" did not finish within 20 ms and was cancelled. Try again, or with a smaller request.',
    );
    const error = result.steps[0]?.toolOutcomes[0]?.error;
    expect(error?.code).toBe('TOOL_EXECUTION_ERROR');
    expect(error?.cause).toMatchObject({ name: 'TimeoutError' });
  });

  it('gives each call of a run without signal or timeout its own signal, which never fires', async () => {
    const seen: { id: string; signal: AbortSignal; again: AbortSignal; keys: string[] }[] = [];
    const probe = defineTool({
      name: 'probe',
      description: 'd',
      input: z.object({}),
      execute: (_input, context) => {
        seen.push({
          id: context.toolCallId,
          signal: context.signal,
          again: context.signal,
          keys: Object.keys(context),
        });
        return 'ok';
      },
    });
    const model = scriptedModel([
      toolCallResponse([
        { id: 'c1', name: 'probe' },
        { id: 'c2', name: 'probe' },
      ]),
      textResponse('Done.'),
    ]);
    await runAgent({ model, tools: [probe], messages: ask });
    expect(seen.map((call) => call.id)).toEqual(['c1', 'c2']);
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.signal).toBe(seen[0]?.again);
    expect(seen[0]?.signal).not.toBe(seen[1]?.signal);
    expect(seen.every((call) => !call.signal.aborted)).toBe(true);
    expect(seen[0]?.keys.sort()).toEqual(['messages', 'signal', 'toolCallId']);
  });

  it('runs no more than toolConcurrency tools at once', async () => {
    let running = 0;
    let peak = 0;
    const tracked = defineTool({
      name: 'tracked',
      description: 'd',
      input: z.object({}),
      execute: async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
        return 'ok';
      },
    });
    const calls = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: 'tracked' }));
    const model = scriptedModel([toolCallResponse(calls), textResponse('ok')]);
    const result = await runAgent({ model, tools: [tracked], messages: ask, toolConcurrency: 2 });
    expect(peak).toBe(2);
    expect(lastToolMessage(result.messages).content.map((part) => part.toolCallId)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps a ToolOutput as returned, its isError and cause reaching the host only', async () => {
    const cause = { status: 404 };
    const lookup = defineTool({
      name: 'get_weather',
      description: 'd',
      input: z.object({ city: z.string() }),
      execute: ({ city }) => ({
        type: 'tool-output' as const,
        content: [{ type: 'text' as const, text: `找不到城市${city}，是否想输入北京？` }],
        isError: true,
        cause,
      }),
    });
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: '北进' } }]),
      textResponse('Did you mean 北京?'),
    ]);
    const result = await runAgent({ model, tools: [lookup], messages: ask });
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'get_weather',
          content: [{ type: 'text', text: '找不到城市北进，是否想输入北京？' }],
          isError: true,
        },
      ],
    });
    expect(result.steps[0]?.toolOutcomes[0]?.error).toMatchObject({ code: 'TOOL_EXECUTION_ERROR', cause });
  });

  it('passes a trusted tool the arguments unvalidated, and still answers unparseable ones with an error', async () => {
    const seen: unknown[] = [];
    const trusted = {
      ...defineTool<{ city: string }>({
        name: 'forecast',
        description: 'Forecast.',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        execute: (input) => {
          seen.push(input);
          return 'checked by the tool';
        },
      }),
      trusted: true,
    };
    const model = scriptedModel([
      toolCallResponse([
        { id: 'c1', name: 'forecast', args: { days: 'two' } },
        {
          id: 'c2',
          name: 'forecast',
          argsText: '{city',
          argsError: 'Expected the arguments to be a JSON object, but they do not parse',
        },
      ]),
      textResponse('ok'),
    ]);
    const result = await runAgent({ model, tools: [trusted], messages: ask });
    const [first, second] = resultTexts(lastToolMessage(result.messages));
    // The schema would refuse `{ days: 'two' }` (no city); a trusted tool gets it as sent.
    expect(seen).toEqual([{ days: 'two' }]);
    expect(first).toBe('checked by the tool');
    expect(second).toMatch(/^Invalid arguments for tool "forecast": Expected the arguments to be a JSON object/);
  });

  it('validates against a draft-07 schema, as MCP servers and zod-to-json-schema send', async () => {
    const plain = defineTool({
      name: 'search',
      description: 'd',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { limit: { type: 'integer', exclusiveMinimum: 0 } },
      },
      execute: () => 'ok',
    });
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'search', args: { limit: 0 } }]),
      textResponse('ok'),
    ]);
    const result = await runAgent({ model, tools: [plain], messages: ask });
    expect(resultTexts(lastToolMessage(result.messages))[0]).toMatch(
      /^Invalid arguments for tool "search": args\.limit: .*0.*\. Got \{"limit":0\}\./,
    );
  });

  it('answers a tool whose validator or result serialization throws, without escaping', async () => {
    const brokenValidator = {
      name: 'broken',
      description: 'd',
      inputSchema: { type: 'object' },
      validate: () => {
        throw new Error('validator bug');
      },
      execute: () => 'never',
    };
    const bigint = defineTool({ name: 'bigint', description: 'd', input: z.object({}), execute: () => ({ n: 1n }) });
    const model = scriptedModel([
      toolCallResponse([
        { id: 'c1', name: 'broken' },
        { id: 'c2', name: 'bigint' },
      ]),
      textResponse('ok'),
    ]);
    const result = await runAgent({ model, tools: [brokenValidator, bigint], messages: ask });
    const [first, second] = resultTexts(lastToolMessage(result.messages));
    expect(first).toBe('Tool "broken" could not validate its arguments: validator bug');
    expect(second).toMatch(/^Tool "bigint" failed: .*BigInt/);
    expect(result.finishReason).toBe('stop');
  });
});
