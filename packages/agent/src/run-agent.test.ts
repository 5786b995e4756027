import { APICallError, defineTool, functionToolsOf, InterlinguaError, type Message } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ask, getTime, getWeather, lastToolMessage, resultTexts } from './__fixtures__/weather-tools';
import { AgentAbortedError } from './agent-aborted-error';
import type { AgentEvent } from './agent-event';
import { findHistoryProblems } from './history/find-history-problems';
import type { HistoryStrategy } from './history/history-strategy';
import { keepLastTurns } from './history/keep-last-turns';
import { runAgent } from './run-agent';
import { userMessage } from './user-message';

const getForecast = defineTool({
  name: 'get_forecast',
  description: 'Tomorrow.',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: rain tomorrow`,
});

describe('runAgent', () => {
  it('lists each distinct warning once for the run, and every step keeps its own', async () => {
    const emulated = { type: 'degraded' as const, feature: 'tools', message: 'Tool calling is emulated with prompts.' };
    const model = scriptedModel([
      { ...toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]), warnings: [emulated] },
      { ...textResponse('Sunny.'), warnings: [emulated] },
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(result.warnings).toEqual([emulated]);
    expect(result.steps.map((step) => step.response.warnings)).toEqual([[emulated], [emulated]]);
  });

  it('renames call ids a server reuses, so every result answers exactly one call', async () => {
    // Some OpenAI-compatible servers number calls afresh each turn, or give parallel calls one id.
    const model = scriptedModel([
      toolCallResponse([
        { id: 'call_0', name: 'get_weather', args: { city: 'Paris' } },
        { id: 'call_0', name: 'get_weather', args: { city: 'Rome' } },
      ]),
      toolCallResponse([{ id: 'call_0', name: 'get_weather', args: { city: 'Oslo' } }]),
      textResponse('Done.'),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(findHistoryProblems(result.messages)).toEqual([]);
    const ids = result.messages.flatMap((message) =>
      message.role === 'assistant'
        ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.id] : []))
        : [],
    );
    expect(ids).toEqual(['call_0', 'call_0_2', 'call_0_3']);
    const answered = result.messages.flatMap((message) => (message.role === 'tool' ? message.content : []));
    expect(answered.map((entry) => [entry.toolCallId, resultTexts({ role: 'tool', content: [entry] })[0]])).toEqual([
      ['call_0', 'Paris: sunny, 25°C'],
      ['call_0_2', 'Rome: sunny, 25°C'],
      ['call_0_3', 'Oslo: sunny, 25°C'],
    ]);
    // The next request carries the renamed ids, and the warnings say why.
    expect(JSON.stringify(model.requests[2]?.messages)).toContain('"call_0_3"');
    expect(result.warnings.filter((warning) => warning.feature === 'tool-call.id')).toHaveLength(2);
  });

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
    expect(result).toMatchObject({ finishReason: 'error', rawFinishReason: null, text: '' });
    expect(result.error).toBe(failure);
    expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
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

  it('applies the history strategy to what is sent, keeps the stored history whole, and checks the strategy', async () => {
    const history: Message[] = [
      userMessage('old question'),
      { role: 'assistant', content: [{ type: 'text', text: 'old answer' }] },
    ];
    const model = scriptedModel([textResponse('new answer')]);
    const result = await runAgent({ model, history, messages: ask, historyStrategy: [keepLastTurns(1)] });
    expect(model.requests[0]?.messages).toEqual(ask);
    expect(result.messages).toEqual([
      ...history,
      ...ask,
      { role: 'assistant', content: [{ type: 'text', text: 'new answer' }] },
    ]);
    expect(result.newMessages).toEqual(result.messages.slice(2));

    const dropsResults: HistoryStrategy = (messages) => messages.filter((message) => message.role !== 'tool');
    const calling = scriptedModel([toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }])]);
    const broken = await runAgent({
      model: calling,
      tools: [getWeather],
      messages: ask,
      historyStrategy: dropsResults,
    });
    expect(broken.finishReason).toBe('error');
    expect(String(broken.error)).toMatch(
      /Expected the history strategy to return a valid history: messages\[1\]: Expected the tool calls \[c1\]/,
    );
    expect(broken.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('sends settings and headers on every call', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]),
      textResponse('ok'),
    ]);
    await runAgent({
      model,
      tools: [getWeather],
      messages: ask,
      headers: { 'x-trace': '1' },
      settings: {
        maxOutputTokens: 256,
        toolChoice: 'auto',
        providerOptions: { openai: { parallel_tool_calls: false } },
      },
    });
    for (const call of model.calls) {
      expect(call.request).toMatchObject({
        maxOutputTokens: 256,
        toolChoice: 'auto',
        providerOptions: { openai: { parallel_tool_calls: false } },
      });
      expect(call.options?.headers).toEqual({ 'x-trace': '1' });
    }
  });

  it('sends system blocks with their breakpoints, the prompt cache and argument streaming on every call', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]),
      textResponse('ok'),
    ]);
    await runAgent({
      model,
      tools: [getWeather],
      messages: ask,
      system: [
        { type: 'text', text: 'You are terse.', cacheBreakpoint: { ttl: '1h' } },
        { type: 'text', text: 'Today is Tuesday.' },
      ],
      settings: { promptCache: { key: 'run-1' }, toolArgumentStreaming: true },
    });
    expect(model.requests).toHaveLength(2);
    for (const request of model.requests) {
      expect(request.system).toBe('You are terse.\nToday is Tuesday.');
      expect(request.systemParts).toEqual([
        { type: 'text', text: 'You are terse.', cacheBreakpoint: { ttl: '1h' } },
        { type: 'text', text: 'Today is Tuesday.' },
      ]);
      expect(request.promptCache).toEqual({ key: 'run-1' });
      expect(request.toolArgumentStreaming).toBe(true);
    }
    await expect(runAgent({ model, messages: ask, system: [{ type: 'image' }] as never })).rejects.toThrow(
      /system\[0\]` to be a text part/,
    );
  });

  it('asks a tools function before every model call, so a changed tool set is used mid-run', async () => {
    let offered = [getWeather];
    const model = scriptedModel([
      (request) => {
        offered = [getWeather, getForecast];
        return toolCallResponse([
          { id: 'c1', name: functionToolsOf(request.tools)[0]?.name ?? '', args: { city: 'Paris' } },
        ]);
      },
      toolCallResponse([{ id: 'c2', name: 'get_forecast', args: { city: 'Paris' } }]),
      textResponse('ok'),
    ]);
    const result = await runAgent({ model, tools: () => offered, messages: ask });
    expect(model.requests.map((request) => functionToolsOf(request.tools).map((tool) => tool.name))).toEqual([
      ['get_weather'],
      ['get_weather', 'get_forecast'],
      ['get_weather', 'get_forecast'],
    ]);
    expect(resultTexts(lastToolMessage(result.messages))).toEqual(['Paris: rain tomorrow']);

    const failing = await runAgent({
      model: scriptedModel([]),
      tools: () => Promise.reject(new Error('bridge down')),
      messages: ask,
    });
    expect(failing).toMatchObject({ finishReason: 'error', error: new Error('bridge down'), messages: ask });
  });
});
