import {
  APICallError,
  defineTool,
  InterlinguaError,
  type Message,
  NoSuchToolError,
  type ToolMessage,
} from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentAbortedError } from './agent-aborted-error';
import type { AgentEvent } from './agent-event';
import { findHistoryProblems } from './history/find-history-problems';
import { runAgent } from './run-agent';
import { userMessage } from './user-message';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: sunny, 25°C`,
});
const getTime = defineTool({
  name: 'get_time',
  description: 'Local time in a city.',
  input: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return `${city}: 10:00`;
  },
});
const ask = [userMessage('Weather in Paris?')];

function lastToolMessage(messages: readonly Message[]): ToolMessage {
  const message = messages.findLast((entry) => entry.role === 'tool');
  if (message?.role !== 'tool') throw new Error('no tool message');
  return message;
}

function resultTexts(message: ToolMessage): string[] {
  return message.content.map((result) =>
    result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
  );
}

describe('runAgent', () => {
  it('runs a single call and sends its result back', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]),
      textResponse('Sunny in Paris.'),
    ]);
    const result = await runAgent({ model, tools: [getWeather], system: 'Be brief.', messages: ask });
    expect(result.finishReason).toBe('stop');
    expect(result.text).toBe('Sunny in Paris.');
    expect(model.requests[0]).toMatchObject({
      system: 'Be brief.',
      tools: [{ name: 'get_weather', description: 'Current weather for a city.' }],
    });
    expect(model.requests[0]?.tools?.[0]).not.toHaveProperty('execute');
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'get_weather',
          content: [{ type: 'text', text: 'Paris: sunny, 25°C' }],
          isError: false,
        },
      ],
    });
    expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(result.newMessages).toEqual(result.messages);
    expect(findHistoryProblems(result.messages)).toEqual([]);
  });

  it('answers two parallel calls in one tool message, in call order, even when the second finishes first', async () => {
    const model = scriptedModel([
      toolCallResponse([
        { id: 'c1', name: 'get_time', args: { city: 'Paris' } },
        { id: 'c2', name: 'get_weather', args: { city: 'Rome' } },
      ]),
      textResponse('Done.'),
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgent({
      model,
      tools: [getWeather, getTime],
      messages: ask,
      onEvent: (e) => events.push(e),
    });
    const toolMessages = model.requests[1]?.messages.filter((message) => message.role === 'tool') ?? [];
    expect(toolMessages).toHaveLength(1);
    expect(toolMessages[0]?.content.map((part) => ('toolCallId' in part ? part.toolCallId : ''))).toEqual(['c1', 'c2']);
    expect(resultTexts(lastToolMessage(result.messages))).toEqual(['Paris: 10:00', 'Rome: sunny, 25°C']);
    // The faster call is reported first; the message keeps call order.
    const reported = events.flatMap((event) => (event.type === 'tool-result' ? [event.toolCall.id] : []));
    expect(reported).toEqual(['c2', 'c1']);
  });

  it('runs the calls of a turn that also has text', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: '北京' } }], {
        text: '我需要查一下北京的天气。',
      }),
      textResponse('北京今天晴。'),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(model.requests).toHaveLength(2);
    expect(result.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: '我需要查一下北京的天气。' },
        { type: 'tool-call', id: 'c1', name: 'get_weather', args: { city: '北京' } },
      ],
    });
    expect(resultTexts(lastToolMessage(result.messages))).toEqual(['北京: sunny, 25°C']);
  });

  it('chains calls over several steps, with per-step and total usage and the input-token series', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }], {
        usage: { inputTokens: 100, outputTokens: 10 },
      }),
      toolCallResponse([{ id: 'c2', name: 'get_time', args: { city: 'Paris' } }], {
        usage: { inputTokens: 140, outputTokens: 12 },
      }),
      textResponse('Sunny, 10:00.', { usage: { inputTokens: 180, outputTokens: 8, cachedInputTokens: 100 } }),
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgent({
      model,
      tools: [getWeather, getTime],
      messages: ask,
      onEvent: (e) => events.push(e),
    });
    expect(result.steps.map((step) => step.toolOutcomes.map((outcome) => outcome.toolCall.id))).toEqual([
      ['c1'],
      ['c2'],
      [],
    ]);
    expect(model.requests[2]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(result.usage).toEqual({ inputTokens: 420, outputTokens: 30, cachedInputTokens: 100 });
    expect(result.inputTokensPerStep).toEqual([100, 140, 180]);
    expect(result.steps[1]?.usage).toEqual({ inputTokens: 140, outputTokens: 12 });
    const stepFinishes = events.flatMap((event) => (event.type === 'step-finish' ? [event] : []));
    expect(stepFinishes.map((event) => event.inputTokensPerStep)).toEqual([[100], [100, 140], [100, 140, 180]]);
    expect(stepFinishes[1]?.usage).toEqual({ inputTokens: 240, outputTokens: 22 });
    expect(events.map((event) => event.type)).toEqual([
      'step-start',
      'tool-call',
      'tool-result',
      'step-finish',
      'step-start',
      'tool-call',
      'tool-result',
      'step-finish',
      'step-start',
      'step-finish',
      'finish',
    ]);
  });

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

  it('answers a call cut off at `length` as truncated and continues', async () => {
    const model = scriptedModel([
      toolCallResponse(
        [
          { id: 'c1', name: 'get_weather', args: { city: 'Paris' } },
          {
            id: 'c2',
            name: 'get_weather',
            argsText: '{"city": "Ro',
            argsError: 'Expected the arguments to be a JSON object, but they do not parse: Unterminated string',
          },
        ],
        { finishReason: 'length' },
      ),
      textResponse('Paris is sunny; let me retry Rome.'),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(model.requests).toHaveLength(2);
    const [first, second] = resultTexts(lastToolMessage(result.messages));
    expect(first).toBe('Paris: sunny, 25°C');
    expect(second).toBe(
      'Expected complete arguments for tool "get_weather", but they were cut off because the response hit the output token limit; got {"city": "Ro. Call the tool again with complete (shorter) arguments.',
    );
    expect(result.finishReason).toBe('stop');
  });

  it('returns `length` when the answer was cut off without a call', async () => {
    const model = scriptedModel([
      textResponse('The answer is', { finishReason: 'length', rawFinishReason: 'max_tokens' }),
    ]);
    const result = await runAgent({ model, messages: ask });
    expect(result).toMatchObject({ finishReason: 'length', rawFinishReason: 'max_tokens', text: 'The answer is' });
  });

  it('resends the conversation as is after `pause`', async () => {
    const paused = textResponse('Searching…', { finishReason: 'pause', rawFinishReason: 'pause_turn' });
    const model = scriptedModel([paused, textResponse('Found it.')]);
    const result = await runAgent({ model, messages: ask });
    expect(model.requests[1]?.messages).toEqual([...ask, paused.message]);
    expect(result).toMatchObject({ finishReason: 'stop', text: 'Found it.' });
    expect(result.steps).toHaveLength(2);
  });

  it.each(['refusal', 'content_filter', 'error'] as const)('stops and reports `%s`', async (reason) => {
    const model = scriptedModel([
      textResponse('I can’t help with that.', { finishReason: reason, rawFinishReason: reason }),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(result.finishReason).toBe(reason);
    expect(model.requests).toHaveLength(1);
    expect(result.text).toBe('I can’t help with that.');
  });

  it('answers the calls of a refused turn as not run, so the history stays valid', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }], { finishReason: 'refusal' }),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(result.finishReason).toBe('refusal');
    expect(resultTexts(lastToolMessage(result.messages))).toEqual([
      'The call was not run: the model ended its turn with finish reason "refusal".',
    ]);
    expect(findHistoryProblems(result.messages)).toEqual([]);
  });

  it('ends with `max_steps` and a valid, resumable history', async () => {
    const loop = (id: string) => toolCallResponse([{ id, name: 'get_weather', args: { city: 'Paris' } }]);
    const model = scriptedModel([loop('c1'), loop('c2'), loop('c3'), textResponse('Finally.')]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask, maxSteps: 3 });
    expect(result.finishReason).toBe('max_steps');
    expect(result.steps).toHaveLength(3);
    expect(result.messages.at(-1)?.role).toBe('tool');
    expect(findHistoryProblems(result.messages)).toEqual([]);
    const resumed = await runAgent({ model, tools: [getWeather], history: result.messages, maxSteps: 3 });
    expect(resumed.text).toBe('Finally.');
    expect(model.requests[3]?.messages).toEqual(result.messages);
    expect(resumed.newMessages).toHaveLength(1);
  });

  it('aborts mid-tool: fires the tools’ signals and throws with the history of what completed', async () => {
    const controller = new AbortController();
    let slowSignal: AbortSignal | undefined;
    const slow = defineTool({
      name: 'slow',
      description: 'd',
      input: z.object({}),
      execute: (_input, { signal }) => {
        slowSignal = signal;
        return new Promise(() => {});
      },
    });
    const fast = defineTool({
      name: 'fast',
      description: 'd',
      input: z.object({}),
      execute: () => {
        setTimeout(() => controller.abort(new Error('user pressed stop')), 1);
        return 'fast done';
      },
    });
    const model = scriptedModel([
      toolCallResponse([
        { id: 'c1', name: 'fast' },
        { id: 'c2', name: 'slow' },
      ]),
      textResponse('never sent'),
    ]);
    const error = await runAgent({ model, tools: [fast, slow], messages: ask, signal: controller.signal }).catch(
      (thrown: unknown) => thrown,
    );
    expect(AgentAbortedError.isInstance(error)).toBe(true);
    if (!AgentAbortedError.isInstance(error)) return;
    expect(InterlinguaError.hasCode(error, 'ABORTED')).toBe(true);
    expect(error.message).toBe(
      'The run was aborted during the tools of step 1: 1 of 2 calls completed (fast); the others are answered as cancelled.',
    );
    expect(slowSignal?.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
    expect(resultTexts(lastToolMessage(error.messages))).toEqual([
      'fast done',
      'The call was cancelled before it completed: the run was aborted.',
    ]);
    expect(error.steps[0]?.toolOutcomes.map((outcome) => outcome.error?.code)).toEqual([undefined, 'ABORTED']);
    expect(findHistoryProblems(error.messages)).toEqual([]);
  });

  it('aborts the model call through its signal', async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      (_request, { signal }) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
          controller.abort(new Error('stop'));
        }),
    ]);
    const error = await runAgent({ model, messages: ask, signal: controller.signal }).catch(
      (thrown: unknown) => thrown,
    );
    expect(AgentAbortedError.isInstance(error) && error.message).toBe(
      'The run was aborted during the model call of step 1; no step had completed.',
    );
    expect(AgentAbortedError.isInstance(error) && error.messages).toEqual(ask);
  });

  it('reports a failed model call as `error`, keeping the history and the thrown error', async () => {
    const failure = new APICallError({ message: 'Overloaded', statusCode: 529, isRetryable: true });
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]),
      failure,
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(result.finishReason).toBe('error');
    expect(result.error).toBe(failure);
    expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
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

  it('rejects bad settings and histories with a clear error', async () => {
    const model = scriptedModel([]);
    await expect(runAgent({ model, messages: ask, maxSteps: 0 })).rejects.toThrow(
      'Expected `maxSteps` to be a positive integer, got 0.',
    );
    await expect(runAgent({ model, messages: ask, toolTimeout: -1 })).rejects.toThrow(/toolTimeout/);
    await expect(runAgent({ model, messages: ask, tools: [getWeather, getWeather] })).rejects.toThrow(
      'Expected unique tool names, got "get_weather" twice.',
    );
    await expect(runAgent({ model, messages: [] })).rejects.toThrow(/at least one message/);
    const orphan: Message[] = [
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'x', toolName: 't', content: [], isError: false }] },
    ];
    await expect(runAgent({ model, messages: orphan })).rejects.toThrow(/start with a user or assistant message/);
    expect(model.requests).toHaveLength(0);
  });
});
