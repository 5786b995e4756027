import { APICallError, type ModelPricing, useOpenTelemetry } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { SpanStatusCode } from '@opentelemetry/api';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parentOf, recordSpans } from '../__fixtures__/in-memory-spans';
import { ask, getWeather } from '../__fixtures__/weather-tools';
import { runAgent } from '../run-agent';
import { streamAgent } from '../stream-agent';

const recorder = recordSpans();
afterEach(() => {
  recorder.reset();
  useOpenTelemetry(undefined);
});
afterAll(() => recorder.stop());

const weatherTurn = () =>
  scriptedModel(
    [
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }], {
        usage: { inputTokens: 120, outputTokens: 20, cachedInputTokens: 100 },
      }),
      textResponse('Sunny.', {
        id: 'msg_2',
        model: 'claude-sonnet-4-6-20260217',
        usage: { inputTokens: 160, outputTokens: 8 },
      }),
    ],
    { provider: 'anthropic', modelId: 'claude-sonnet-4-6' },
  );

describe('agent spans (OpenTelemetry GenAI conventions)', () => {
  it('one invoke_agent span is the parent of a chat span per model call and an execute_tool span per tool call', async () => {
    await runAgent({
      model: weatherTurn(),
      tools: [getWeather],
      messages: ask,
      settings: { maxOutputTokens: 512, temperature: 0.2 },
      telemetry: { agentName: 'weather' },
    });
    const spans = recorder.spans();
    expect(spans.map((span) => span.name)).toEqual([
      'chat claude-sonnet-4-6',
      'execute_tool get_weather',
      'chat claude-sonnet-4-6',
      'invoke_agent weather',
    ]);
    const [run] = recorder.byName('invoke_agent weather');
    for (const child of spans.filter((span) => span !== run)) expect(parentOf(child, spans)).toBe(run);
    expect(run?.parentSpanContext).toBeUndefined();
    expect(run?.kind).toBe(0);
    expect(run?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-6',
      'gen_ai.agent.name': 'weather',
      'gen_ai.usage.input_tokens': 280,
      'gen_ai.usage.output_tokens': 28,
      'gen_ai.response.finish_reasons': ['stop'],
    });

    const [first, second] = recorder.byName('chat claude-sonnet-4-6');
    expect(first?.kind).toBe(2);
    expect(first?.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-6',
      'gen_ai.request.max_tokens': 512,
      'gen_ai.request.temperature': 0.2,
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 20,
      'gen_ai.usage.cache_read.input_tokens': 100,
    });
    expect(second?.attributes).toMatchObject({
      'gen_ai.response.model': 'claude-sonnet-4-6-20260217',
      'gen_ai.response.id': 'msg_2',
      'gen_ai.response.finish_reasons': ['stop'],
    });

    const [tool] = recorder.byName('execute_tool get_weather');
    expect(tool?.kind).toBe(0);
    expect(tool?.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.call.id': 'c1',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'Current weather for a city.',
    });
    // No contents without opting in.
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('Paris');
  });

  it('puts message contents, tool arguments and results on the spans only when asked', async () => {
    await runAgent({
      model: weatherTurn(),
      tools: [getWeather],
      system: 'Be brief.',
      messages: ask,
      telemetry: { recordContent: true },
    });
    const [first] = recorder.byName('chat claude-sonnet-4-6');
    expect(JSON.parse(String(first?.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
    ]);
    expect(JSON.parse(String(first?.attributes['gen_ai.system_instructions']))).toEqual([
      { type: 'text', content: 'Be brief.' },
    ]);
    expect(JSON.parse(String(first?.attributes['gen_ai.output.messages']))).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }],
        finish_reason: 'tool_calls',
      },
    ]);
    expect(JSON.parse(String(first?.attributes['gen_ai.tool.definitions']))).toEqual([
      { type: 'function', name: 'get_weather', description: 'Current weather for a city.' },
    ]);
    const [tool] = recorder.byName('execute_tool get_weather');
    expect(tool?.attributes['gen_ai.tool.call.arguments']).toBe('{"city":"Paris"}');
    expect(tool?.attributes['gen_ai.tool.call.result']).toBe('Paris: sunny, 25°C');
  });

  it('marks a failed model call, an error tool result and the run that ended in error', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_wether', args: { city: 'Paris' } }]),
      new APICallError({ message: 'Overloaded', statusCode: 529 }),
    ]);
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    expect(result.finishReason).toBe('error');
    const [tool] = recorder.byName('execute_tool get_wether');
    expect(tool?.status.code).toBe(SpanStatusCode.ERROR);
    expect(tool?.attributes['error.type']).toBe('NO_SUCH_TOOL');
    const failed = recorder.byName('chat scripted-model')[1];
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Overloaded' });
    expect(failed?.attributes['error.type']).toBe('529');
    expect(failed?.events.map((event) => event.name)).toEqual(['exception']);
    const [run] = recorder.byName('invoke_agent');
    expect(run?.status.code).toBe(SpanStatusCode.ERROR);
    expect(run?.attributes['error.type']).toBe('529');
  });

  it('covers a streamed run the same way, with gen_ai.request.stream', async () => {
    for await (const _event of streamAgent({ model: weatherTurn(), tools: [getWeather], messages: ask })) {
      // drained
    }
    const spans = recorder.spans();
    expect(spans.map((span) => span.name)).toEqual([
      'chat claude-sonnet-4-6',
      'execute_tool get_weather',
      'chat claude-sonnet-4-6',
      'invoke_agent',
    ]);
    expect(recorder.byName('chat claude-sonnet-4-6')[0]?.attributes['gen_ai.request.stream']).toBe(true);
    const run = spans[3];
    expect(spans.slice(0, 3).every((span) => parentOf(span, spans) === run)).toBe(true);
  });

  it('records nothing and runs the same when OpenTelemetry is off', async () => {
    useOpenTelemetry(null);
    const result = await runAgent({ model: weatherTurn(), tools: [getWeather], messages: ask });
    expect(result.text).toBe('Sunny.');
    expect(recorder.spans()).toEqual([]);
  });
});

describe('run cost', () => {
  const sonnet: ModelPricing = {
    input: 3,
    output: 15,
    cacheRead: 0.3,
    cacheWrite: 3.75,
    source: 's',
    read: '2026-12-01',
  };

  it('prices each step at the model pricing and sums them; the run span carries the total', async () => {
    const model = Object.assign(weatherTurn(), { pricing: sonnet });
    const result = await runAgent({ model, tools: [getWeather], messages: ask });
    const first = 20 * 3e-6 + 100 * 0.3e-6 + 20 * 15e-6;
    const second = 160 * 3e-6 + 8 * 15e-6;
    expect(result.steps.map((step) => (step.cost === 'unknown' ? 'unknown' : step.cost.total))).toEqual([
      expect.closeTo(first, 12),
      expect.closeTo(second, 12),
    ]);
    expect(result.cost !== 'unknown' && result.cost.total).toBeCloseTo(first + second, 12);
    expect(recorder.byName('invoke_agent')[0]?.attributes['interlingua.cost.usd']).toBeCloseTo(first + second, 12);
  });

  it('is unknown, never 0, for a model without pricing', async () => {
    const result = await runAgent({ model: weatherTurn(), tools: [getWeather], messages: ask });
    expect(result.cost).toBe('unknown');
    expect(result.steps.map((step) => step.cost)).toEqual(['unknown', 'unknown']);
  });
});
