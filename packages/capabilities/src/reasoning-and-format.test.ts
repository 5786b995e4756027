import { type ChatRequest, collectStream, functionToolsOf, type ModelCapabilities } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { resolveReasoning } from './degrade/resolve-reasoning';
import { ANSWER_TOOL_NAME } from './emulation/emulate-response-format';
import { createCapabilityRegistry } from './registry/create-capability-registry';
import { withCapabilities } from './with-capabilities';

const ask: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }] };
const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, temperatureC: { type: 'number' } },
  required: ['city', 'temperatureC'],
};
const json = (schema = weather) => ({ type: 'json' as const, schema });

function wrap(provider: string, modelId: string, steps: Parameters<typeof scriptedModel>[0]) {
  const inner = scriptedModel(steps, { provider, modelId });
  return { inner, model: withCapabilities(inner, { registry: createCapabilityRegistry() }) };
}

describe('reasoning fitted to the capability data', () => {
  it('an effort on a budget model (Anthropic) becomes the row budget; the effort stays for the record', async () => {
    const { inner, model } = wrap('anthropic', 'claude-sonnet-4-5', [textResponse('ok')]);
    const response = await model.generate({ ...ask, reasoning: { effort: 'medium' } });
    expect(inner.requests[0]?.reasoning).toEqual({ effort: 'medium', budgetTokens: 8192 });
    expect(response.warnings).toEqual([]);
  });

  it('a budget out of range is clamped (Gemini 2.5 Pro 128-32,768, cannot turn off)', () => {
    const capabilities = createCapabilityRegistry().capabilitiesOf('gemini:gemini-2.5-pro');
    const warnings: never[] = [];
    expect(
      resolveReasoning({ ...ask, reasoning: { budgetTokens: 100_000 } }, capabilities, warnings).reasoning,
    ).toEqual({ budgetTokens: 32_768 });
    expect(resolveReasoning({ ...ask, reasoning: { budgetTokens: 0 } }, capabilities, warnings).reasoning).toEqual({
      budgetTokens: 128,
    });
    expect(warnings).toHaveLength(2);
  });

  it('a level the model lacks becomes its nearest level; a budget alone becomes a level (Gemini 3 Pro: low, high)', () => {
    const capabilities = createCapabilityRegistry().capabilitiesOf('gemini:gemini-3-pro-preview');
    const warnings: { feature: string }[] = [];
    expect(
      resolveReasoning({ ...ask, reasoning: { effort: 'minimal' } }, capabilities, warnings as never).reasoning,
    ).toEqual({ effort: 'low' });
    expect(
      resolveReasoning({ ...ask, reasoning: { budgetTokens: 20_000 } }, capabilities, warnings as never).reasoning,
    ).toEqual({ effort: 'high' });
    expect(warnings.map((warning) => warning.feature)).toEqual(['reasoning.effort', 'reasoning.budgetTokens']);
  });

  it('a model that does not reason loses the setting with a warning (gpt-4.1), silently when it asked for none', async () => {
    const { inner, model } = wrap('openai', 'gpt-4.1', [textResponse('ok'), textResponse('ok')]);
    const response = await model.generate({ ...ask, reasoning: { effort: 'high' } });
    expect(inner.requests[0]).toEqual(ask);
    expect(response.warnings).toEqual([expect.objectContaining({ type: 'unsupported', feature: 'reasoning' })]);
    const off = await model.generate({ ...ask, reasoning: { budgetTokens: 0 } });
    expect(off.warnings).toEqual([]);
  });

  it('every reasoning row in the shipped data names a source', async () => {
    const { shippedCapabilities } = await import('./data/shipped-capabilities');
    const rows = shippedCapabilities.filter((row) => row.capabilities.reasoningControl !== undefined);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.source).toMatch(/^https:\/\//);
  });
});

describe('responseFormat emulated where the model has no native structured output', () => {
  it('native (Anthropic Sonnet 4.5): the request reaches the codec as it is', async () => {
    const { inner, model } = wrap('anthropic', 'claude-sonnet-4-5', [textResponse('{}')]);
    await model.generate({ ...ask, responseFormat: json() });
    expect(inner.requests[0]?.responseFormat).toEqual(json());
  });

  it('a forced answer tool (Claude 3.5 Haiku), its input returned as the JSON text, with a warning', async () => {
    const { inner, model } = wrap('anthropic', 'claude-3-5-haiku-latest', [
      toolCallResponse([{ id: 'toolu_1', name: ANSWER_TOOL_NAME, args: { city: 'Paris', temperatureC: 18 } }]),
    ]);
    const response = await model.generate({ ...ask, responseFormat: json() });
    expect(inner.requests[0]).toEqual({
      ...ask,
      tools: [
        {
          name: ANSWER_TOOL_NAME,
          description: 'Give your final answer by calling this tool; its input is the answer.',
          inputSchema: weather,
        },
      ],
      toolChoice: { type: 'tool', name: ANSWER_TOOL_NAME },
    });
    expect(response.message.content).toEqual([{ type: 'text', text: '{"city":"Paris","temperatureC":18}' }]);
    expect(response.finishReason).toBe('stop');
    expect(response.warnings).toEqual([expect.objectContaining({ type: 'degraded', feature: 'responseFormat' })]);
  });

  it('streams the answer tool arguments as text deltas, and wraps a non-object schema as { value }', async () => {
    const listSchema = { type: 'array', items: { type: 'string' } };
    const { inner, model } = wrap('anthropic', 'claude-3-5-haiku-latest', [
      {
        events: [
          { type: 'tool-call-start', id: 'toolu_1', name: ANSWER_TOOL_NAME },
          { type: 'tool-call-delta', id: 'toolu_1', argsTextDelta: '{"value":["a",' },
          { type: 'tool-call-delta', id: 'toolu_1', argsTextDelta: '"b"]}' },
          {
            type: 'tool-call-end',
            toolCall: { type: 'tool-call', id: 'toolu_1', name: ANSWER_TOOL_NAME, args: { value: ['a', 'b'] } },
          },
          {
            type: 'finish',
            finishReason: 'tool_calls',
            rawFinishReason: 'tool_use',
            usage: { inputTokens: 1, outputTokens: 1 },
          },
        ],
      },
    ]);
    const response = await collectStream(
      model.stream({ ...ask, responseFormat: { type: 'json', schema: listSchema } }),
    );
    expect(functionToolsOf(inner.requests[0]?.tools)[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { value: listSchema },
      required: ['value'],
      additionalProperties: false,
    });
    expect(response.message.content).toEqual([{ type: 'text', text: '["a","b"]' }]);
    expect(response.finishReason).toBe('stop');
  });

  it('a model with neither gets instructions, and an answer that does not match is a warning', async () => {
    const capabilities: Partial<ModelCapabilities> = { structuredOutput: 'none' };
    const inner = scriptedModel(
      [textResponse('```json\n{"city": "Paris"}\n```'), textResponse('{"city":"Paris","temperatureC":18}')],
      {
        provider: 'ollama',
        modelId: 'llama3.1',
      },
    );
    const model = withCapabilities(inner, { registry: createCapabilityRegistry(), capabilities });
    const response = await model.generate({ ...ask, system: 'Be brief.', responseFormat: json() });
    expect(inner.requests[0]?.responseFormat).toBeUndefined();
    expect(inner.requests[0]?.system).toBe(
      `Be brief.\n\nAnswer with a single valid JSON value and nothing else (no prose, no code fence), matching this JSON Schema:\n${JSON.stringify(weather)}`,
    );
    expect(response.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('JSON was asked for in the system prompt'),
      expect.stringContaining('does not match the schema'),
    ]);
    const good = await collectStream(model.stream({ ...ask, responseFormat: json() }));
    expect(good.warnings).toHaveLength(1);
  });
});
