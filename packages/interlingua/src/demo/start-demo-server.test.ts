import { type ChatRequest, collectStream, type ModelResponse } from '@interlingua/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelRegistry } from '../create-model-registry';
import { type DemoServer, startDemoServer } from './start-demo-server';

const request: ChatRequest = {
  system: '你是一个专业的天气助手，回答简洁。',
  messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] }],
  tools: [
    {
      name: 'weather__get_weather',
      description: '根据城市名查询实时天气',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
};
const models = {
  openai: 'openai:gpt-4.1',
  'openai-responses': 'openai-responses:gpt-5',
  anthropic: 'anthropic:claude-sonnet-4-6',
  gemini: 'gemini:gemini-2.5-flash',
};

let server: DemoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function content(response: ModelResponse) {
  // Gemini may carry no call id on the wire (the adapter then synthesizes one), and records an id
  // it did get as Gemini's (`providerMetadata.gemini.functionCallId`): only the call itself is compared.
  return response.message.content.map((part) =>
    part.type === 'tool-call' ? { type: part.type, id: 'id', name: part.name, args: part.args } : part,
  );
}

describe('startDemoServer', () => {
  it.each(Object.keys(models) as (keyof typeof models)[])(
    'speaks the %s wire to the official SDK: the same tool call whole and streamed',
    async (provider) => {
      server = await startDemoServer({ provider });
      const model = createModelRegistry({ env: {} }).model(models[provider], {
        baseURL: server.baseURL,
        apiKey: 'offline',
      });
      const whole = await model.generate(request);
      const streamed = await collectStream(model.stream(request));
      const expected = [
        { type: 'text', text: '我需要查一下北京的天气。' },
        { type: 'tool-call', id: 'id', name: 'weather__get_weather', args: { city: '北京' } },
      ];
      expect(whole.finishReason).toBe('tool_calls');
      expect(content(whole)).toEqual(expected);
      expect(streamed.finishReason).toBe('tool_calls');
      expect(content(streamed)).toEqual(expected);
      expect(streamed.usage).toEqual(whole.usage);
    },
  );

  it('serves both OpenAI APIs on one base URL, as api.openai.com does', async () => {
    server = await startDemoServer({ provider: 'openai' });
    const registry = createModelRegistry({ env: { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'offline' } });
    for (const id of ['openai-chat:gpt-4.1', 'openai-responses:gpt-5']) {
      const response = await registry.model(id).generate(request);
      expect(response.finishReason).toBe('tool_calls');
      expect(content(response)).toContainEqual({
        type: 'tool-call',
        id: 'id',
        name: 'weather__get_weather',
        args: { city: '北京' },
      });
    }
  });

  it('answers a body it cannot read with a 400 in the provider error shape', async () => {
    server = await startDemoServer({ provider: 'anthropic' });
    const notJson = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'Expected a JSON request body.' },
    });
    const wrongShape = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: '{"model":"x"}' });
    expect(wrongShape.status).toBe(400);
    expect(((await wrongShape.json()) as { error: { message: string } }).error.message).toMatch(/messages/);
  });

  it('answers another path with a 404 that names the route it serves', async () => {
    server = await startDemoServer({ provider: 'gemini' });
    const response = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message:
          'Expected a POST /v1beta/models/<model>:generateContent (or :streamGenerateContent) request, got POST /v1/chat/completions.',
      },
    });
  });
});
