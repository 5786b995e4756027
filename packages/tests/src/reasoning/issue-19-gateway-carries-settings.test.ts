import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenerativeAI } from '@google/generative-ai';
import type { ModelResponse } from '@interlingua/core';
import type { Gateway } from '@interlingua/gateway';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from '../gateway/gateway-harness';

// Issue 19: reasoning effort and response format cross formats through the gateway
// (decodeRequest → IR → withCapabilities → encodeRequest), carried rather than warned about.

const answer: ModelResponse = {
  message: { role: 'assistant', content: [{ type: 'text', text: '{"city":"Paris","temperatureC":18}' }] },
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage: { inputTokens: 20, outputTokens: 10 },
  warnings: [],
};
const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, temperatureC: { type: 'number' } },
  required: ['city', 'temperatureC'],
  additionalProperties: false,
};

let backends: Backends;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  backends = await startBackends();
  const config = backendConfig(backends, {
    models: {
      // Chat Completions on purpose (openai: would pick the Responses API for a reasoning model).
      'openai-reasoner': { model: 'openai-chat:o4-mini', retries: 0 },
      'gemini-3': { model: 'gemini:gemini-3-pro-preview', retries: 0 },
    },
  });
  // `openai-chat:` is its own provider entry: the same test server and key as `openai`.
  const providers = config.providers ?? {};
  ({ gateway, url } = await startGateway({
    ...config,
    providers: { ...providers, 'openai-chat': providers.openai ?? {} },
  }));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});
beforeEach(() => {
  backends.answer = answer;
  for (const server of Object.values(backends.servers)) server.requests.length = 0;
});

describe('the gateway carries reasoning and response format across formats', () => {
  it('OpenAI client reasoning_effort + json_schema → Anthropic backend: a thinking budget and output_config.format', async () => {
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'anthropic-backend',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      max_completion_tokens: 30_000,
      reasoning_effort: 'high',
      response_format: { type: 'json_schema', json_schema: { name: 'weather', schema: weather, strict: true } },
    });
    const sent = backends.servers.anthropic.requests[0]?.body as Record<string, unknown>;
    // The capability data's budget for `high` on Claude Sonnet 4.6.
    expect(sent.thinking).toEqual({ type: 'enabled', budget_tokens: 16_384 });
    expect(sent.max_tokens).toBe(30_000);
    expect(sent.output_config).toEqual({ format: { type: 'json_schema', schema: weather } });
    expect(sent).not.toHaveProperty('reasoning_effort');
    expect(JSON.parse(completion.choices[0]?.message.content ?? '')).toEqual({ city: 'Paris', temperatureC: 18 });
  });

  it('Anthropic client thinking budget → OpenAI reasoning model: the nearest reasoning_effort', async () => {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries: 0 });
    await client.messages.create({
      model: 'openai-reasoner',
      max_tokens: 20_000,
      thinking: { type: 'enabled', budget_tokens: 9000 },
      output_config: { format: { type: 'json_schema', schema: weather } },
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    const sent = backends.servers.openai.requests[0]?.body as Record<string, unknown>;
    expect(sent.reasoning_effort).toBe('medium');
    expect(sent.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema: weather } });
    expect(sent).not.toHaveProperty('thinking');
  });

  it('Gemini client thinkingBudget + responseJsonSchema → Gemini 3 backend: thinkingLevel and the schema', async () => {
    const model = new GoogleGenerativeAI('test-key').getGenerativeModel({ model: 'gemini-3' }, { baseUrl: url });
    await model.generateContent({
      contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }],
      generationConfig: {
        responseMimeType: 'application/json',
        // Fields newer than this SDK's types, sent as the REST reference names them.
        ...({ responseJsonSchema: weather, thinkingConfig: { thinkingBudget: 20_000 } } as object),
      },
    });
    const sent = backends.servers.gemini.requests[0]?.body as { generationConfig: Record<string, unknown> };
    expect(sent.generationConfig).toEqual({
      thinkingConfig: { thinkingLevel: 'high' },
      responseMimeType: 'application/json',
      responseJsonSchema: weather,
    });
  });
});
