import { APICallError, type ChatRequest, functionToolsOf } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { emulatedModel, eventsOf, question, toolRequest, weatherTool } from './__fixtures__/emulation-helpers';
import { createCapabilityRegistry } from './registry/create-capability-registry';
import { withCapabilities } from './with-capabilities';

const refused = () =>
  new APICallError({
    message: 'tiny-model:1b does not support tools',
    statusCode: 400,
    responseBody: { error: { message: 'tiny-model:1b does not support tools', type: 'api_error' } },
  });

describe('withCapabilities', () => {
  it('keeps provider and model id and exposes every capability field', () => {
    const inner = scriptedModel([], { provider: 'openai', modelId: 'gpt-4o', capabilities: { contextWindow: 99 } });
    const model = withCapabilities(inner, { registry: createCapabilityRegistry(), capabilities: { reasoning: true } });
    expect(model.provider).toBe('openai');
    expect(model.modelId).toBe('gpt-4o');
    expect(model.capabilities).toMatchObject({
      toolCalling: 'native',
      contextWindow: 99,
      reasoning: true,
      imageInput: true,
    });
    expect(Object.keys(model.capabilities).sort()).toEqual([
      'audioInput',
      'contextWindow',
      'imageInput',
      'maxOutputTokens',
      'parallelToolCalls',
      'reasoning',
      'reasoningControl',
      'schema',
      'structuredOutput',
      'systemPrompt',
      'toolCalling',
      'toolChoice',
      'toolResultMedia',
    ]);
  });

  it('passes a request through untouched for a model that can do everything asked', async () => {
    const inner = scriptedModel([toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }])], {
      provider: 'openai',
      modelId: 'gpt-4.1',
    });
    const model = withCapabilities(inner, { registry: createCapabilityRegistry() });
    const request = toolRequest([question], { toolChoice: 'required' });
    const response = await model.generate(request);
    expect(inner.requests[0]).toEqual(request);
    expect(response.warnings).toEqual([]);
  });

  describe('runtime detection', () => {
    it('marks the model toolCalling none for the process and retries once with emulation, with a warning', async () => {
      const registry = createCapabilityRegistry();
      const { inner, model } = emulatedModel(
        [
          refused(),
          'Action: get_weather\nAction Input: {"city": "Paris"}',
          'Action: get_time\nAction Input: {"timezone": "UTC"}',
        ],
        { registry, capabilities: {} },
      );
      expect(model.capabilities.toolCalling).toBe('unknown');
      const response = await model.generate(toolRequest());
      expect(inner.requests[0]?.tools).toHaveLength(2);
      expect(inner.requests[1]?.tools).toBeUndefined();
      expect(inner.requests[1]?.system).toContain('Action Input:');
      expect(response.message.content).toEqual([
        { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
      ]);
      expect(response.warnings[0]).toMatchObject({
        type: 'degraded',
        feature: 'tools',
        message: expect.stringContaining('does not support tools'),
      });
      expect(registry.capabilitiesOf('ollama:tiny-model:1b').toolCalling).toBe('none');
      // The next call emulates straight away: no second refusal.
      await model.generate(toolRequest());
      expect(inner.requests).toHaveLength(3);
      expect(inner.requests[2]?.tools).toBeUndefined();
    });

    it('does the same for a stream that fails before its first event', async () => {
      const { inner, model } = emulatedModel([refused(), 'Final Answer: no tool needed'], { capabilities: {} });
      const events = await eventsOf(model.stream(toolRequest()));
      expect(inner.calls.map((call) => call.mode)).toEqual(['stream', 'stream']);
      const finish = events.at(-1);
      expect(finish).toMatchObject({ type: 'finish', finishReason: 'stop' });
      expect(finish?.type === 'finish' ? finish.warnings?.[0]?.message : '').toContain('does not support tools');
    });

    it('rethrows other errors, and refusals when detection is off', async () => {
      const other = new APICallError({ message: 'Rate limit reached', statusCode: 429 });
      const { model } = emulatedModel([other], { capabilities: {} });
      await expect(model.generate(toolRequest())).rejects.toBe(other);
      const error = refused();
      const { model: strict } = emulatedModel([error], { capabilities: {}, detectUnsupportedTools: false });
      await expect(strict.generate(toolRequest())).rejects.toBe(error);
    });
  });

  it('emulates toolChoice required or a named tool with an instruction and a warning, natively and emulated', async () => {
    const inner = scriptedModel([textResponse('ok')], { provider: 'acme', modelId: 'm' });
    const model = withCapabilities(inner, {
      registry: createCapabilityRegistry(),
      capabilities: { toolCalling: 'native', toolChoice: ['auto', 'none'] },
    });
    const response = await model.generate(
      toolRequest([question], { toolChoice: { type: 'tool', name: 'get_weather' } }),
    );
    expect(inner.requests[0]?.toolChoice).toBeUndefined();
    expect(inner.requests[0]?.system).toBe(
      'You are a helpful assistant.\n\nYou must call the tool get_weather in this reply.',
    );
    expect(response.warnings).toEqual([expect.objectContaining({ type: 'degraded', feature: 'toolChoice' })]);

    const { inner: text, model: emulated } = emulatedModel(['Final Answer: fine']);
    const emulatedResponse = await emulated.generate(toolRequest([question], { toolChoice: 'required' }));
    expect(text.requests[0]?.system).toContain('You must use at least one tool in this reply before answering.');
    expect(emulatedResponse.warnings).toContainEqual(expect.objectContaining({ feature: 'toolChoice' }));
  });

  it('sets each provider switch for parallelToolCalls: false, and asks an emulated model for one call', async () => {
    const inner = scriptedModel([textResponse('ok')], { provider: 'openai', modelId: 'gpt-4o' });
    const model = withCapabilities(inner, { registry: createCapabilityRegistry(), parallelToolCalls: false });
    await model.generate(toolRequest([question], { providerOptions: { openai: { user: 'u1' } } }));
    expect(inner.requests[0]?.providerOptions).toEqual({
      openai: { user: 'u1', parallel_tool_calls: false },
      anthropic: { disable_parallel_tool_use: true },
    });

    // Gemini has no switch: the request goes out untouched, with one warning saying so.
    const gemini = scriptedModel([textResponse('ok')], { provider: 'gemini', modelId: 'gemini-2.5-flash' });
    const geminiResponse = await withCapabilities(gemini, {
      registry: createCapabilityRegistry(),
      parallelToolCalls: false,
    }).generate(toolRequest([question]));
    expect(gemini.requests[0]?.providerOptions).toBeUndefined();
    expect(geminiResponse.warnings.filter((warning) => /parallel/i.test(warning.feature))).toEqual([
      expect.objectContaining({ type: 'unsupported', feature: 'parallelToolCalls' }),
    ]);

    const { inner: text, model: emulated } = emulatedModel(
      ['Action: get_weather\nAction Input: {"city": "Paris"}\nAction: get_time\nAction Input: {"timezone": "UTC"}'],
      { parallelToolCalls: false },
    );
    const response = await emulated.generate(toolRequest());
    expect(text.requests[0]?.system).toContain('Use at most one tool per reply.');
    expect(response.message.content.filter((part) => part.type === 'tool-call')).toHaveLength(1);
    expect(response.warnings).toContainEqual(expect.objectContaining({ feature: 'parallelToolCalls' }));
  });

  it('lowers tool schemas the model cannot take, with a warning per feature', async () => {
    const inner = scriptedModel([textResponse('ok')], { provider: 'gemini', modelId: 'gemini-2.0-flash' });
    const model = withCapabilities(inner, { registry: createCapabilityRegistry() });
    const request: ChatRequest = {
      messages: [question],
      tools: [
        {
          ...weatherTool,
          inputSchema: {
            type: 'object',
            properties: { place: { $ref: '#/$defs/place' } },
            required: ['place'],
            additionalProperties: false,
            $defs: { place: { type: 'object', properties: { city: { type: 'string' } } } },
          },
        },
      ],
    };
    const response = await model.generate(request);
    expect(functionToolsOf(inner.requests[0]?.tools)[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { place: { type: 'object', properties: { city: { type: 'string' } } } },
      required: ['place'],
    });
    expect(response.warnings.map((warning) => warning.feature)).toEqual([
      'tools[0].inputSchema.ref',
      'tools[0].inputSchema.additionalProperties',
    ]);
  });

  it('replaces images with a placeholder for a text-only model instead of a provider 400', async () => {
    const inner = scriptedModel([textResponse('ok')], { provider: 'openai', modelId: 'gpt-3.5-turbo' });
    const model = withCapabilities(inner, { registry: createCapabilityRegistry() });
    const response = await model.generate({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this picture?' },
            { type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo=' }, mediaType: 'image/png' },
          ],
        },
      ],
    });
    expect(inner.requests[0]?.messages[0]?.content[1]).toEqual({
      type: 'text',
      text: '[image omitted (image/png): this model cannot read images]',
    });
    expect(response.warnings).toEqual([
      expect.objectContaining({ type: 'unsupported', feature: 'messages[0].content[1]' }),
    ]);
  });

  it('prepends the system text to the first user turn where the model takes no system prompt', async () => {
    const inner = scriptedModel([textResponse('ok')], { provider: 'ollama', modelId: 'gemma2:9b' });
    const model = withCapabilities(inner, { registry: createCapabilityRegistry() });
    const response = await model.generate({ system: 'Answer in French.', messages: [question] });
    expect(inner.requests[0]?.system).toBeUndefined();
    expect(inner.requests[0]?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Answer in French.' }, ...question.content] },
    ]);
    expect(response.warnings).toEqual([expect.objectContaining({ type: 'degraded', feature: 'system' })]);
  });

  it('adds its warnings to the finish event of a native stream', async () => {
    const inner = scriptedModel([textResponse('ok')], { provider: 'ollama', modelId: 'gemma2:9b' });
    const model = withCapabilities(inner, { registry: createCapabilityRegistry() });
    const events = await eventsOf(model.stream({ system: 'Be brief.', messages: [question] }));
    expect(events.at(-1)).toMatchObject({ type: 'finish', warnings: [expect.objectContaining({ feature: 'system' })] });
  });
});
