import { capabilitiesOf, createCapabilityRegistry } from '@interlingua/capabilities';
import { type ChatRequest, InvalidSettingError, NoSuchProviderError } from '@interlingua/core';
import {
  json,
  type ProviderServer,
  type RecordedRequest,
  startProviderServer,
  verifySigV4,
} from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelRegistry } from './create-model-registry';

const openaiBody = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [
    { index: 0, message: { role: 'assistant', content: 'hi', refusal: null }, finish_reason: 'stop', logprobs: null },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
};
const anthropicBody = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  content: [{ type: 'text', text: 'hi' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 1 },
};
const responsesBody = {
  id: 'resp_1',
  object: 'response',
  created_at: 1,
  status: 'completed',
  model: 'm',
  output: [
    {
      id: 'msg_1',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'hi', annotations: [] }],
    },
  ],
  usage: { input_tokens: 5, output_tokens: 1, total_tokens: 6 },
};
const geminiBody = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 1, totalTokenCount: 6 },
};
const request: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] }],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  maxOutputTokens: 100,
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function serve(path: string | RegExp, body: unknown): Promise<ProviderServer> {
  server = await startProviderServer({ routes: [{ method: 'POST', path, reply: json(body) }] });
  return server;
}

describe('createModelRegistry', () => {
  it('openai: the key from OPENAI_API_KEY reaches the endpoint as a bearer token', async () => {
    const { url, requests } = await serve('/v1/chat/completions', openaiBody);
    const registry = createModelRegistry({ env: { OPENAI_API_KEY: 'sk-test-1' } });
    const model = registry.model('openai:gpt-4.1', { baseURL: `${url}/v1` });
    expect((await model.generate(request)).message.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(requests[0]?.headers.authorization).toBe('Bearer sk-test-1');
    expect(requests[0]?.body).toMatchObject({ model: 'gpt-4.1', max_completion_tokens: 100 });
  });

  it('openai: OPENAI_BASE_URL alone (a local server) needs no key', async () => {
    const { url, requests } = await serve('/v1/chat/completions', openaiBody);
    const model = createModelRegistry({ env: { OPENAI_BASE_URL: `${url}/v1` } }).model('openai:qwen2.5');
    await model.generate(request);
    expect(requests).toHaveLength(1);
  });

  it('openai: the capability data picks the API per model; openai-responses:, openai-chat: and `api` override it', async () => {
    server = await startProviderServer({
      routes: [
        { method: 'POST', path: '/v1/chat/completions', reply: json(openaiBody) },
        { method: 'POST', path: '/v1/responses', reply: json(responsesBody) },
      ],
    });
    const registry = createModelRegistry({ env: { OPENAI_API_KEY: 'sk-test-1' } });
    const baseURL = `${server.url}/v1`;
    const cases = [
      ['openai:gpt-5', {}, '/v1/responses'],
      ['openai:o4-mini', {}, '/v1/responses'],
      ['openai:gpt-4.1', {}, '/v1/chat/completions'],
      ['openai:gpt-5-chat-latest', {}, '/v1/chat/completions'],
      ['openai-responses:gpt-4.1', {}, '/v1/responses'],
      ['openai-chat:gpt-5', {}, '/v1/chat/completions'],
      ['openai:gpt-5', { api: 'chat-completions' }, '/v1/chat/completions'],
      ['ollama:gpt-oss:20b', {}, '/v1/chat/completions'],
      ['ollama:gpt-oss:20b', { api: 'responses' }, '/v1/responses'],
    ] as const;
    for (const [id, settings, path] of cases) {
      const model = registry.model(id, { baseURL, ...settings });
      expect((await model.generate(request)).message.content, id).toEqual([{ type: 'text', text: 'hi' }]);
      expect(server.requests.at(-1)?.path, id).toBe(path);
    }
    // A Responses model reports `openai`, so capability data and providerOptions keys apply to it.
    expect(registry.model('openai-responses:gpt-5', { baseURL }).provider).toBe('openai');
    const responses = server.requests.filter((entry) => entry.path === '/v1/responses');
    // Encrypted reasoning only from OpenAI's reasoning models (gpt-4.1 would answer 400).
    expect(responses.map((entry) => (entry.body as { include?: unknown }).include)).toEqual([
      ['reasoning.encrypted_content'],
      ['reasoning.encrypted_content'],
      undefined,
      undefined,
    ]);
  });

  it('anthropic: max_tokens defaults from the capability data when the request sets none', async () => {
    const { url, requests } = await serve('/v1/messages', anthropicBody);
    const model = createModelRegistry({ env: { ANTHROPIC_API_KEY: 'sk-ant-1' } }).model('anthropic:claude-sonnet-4-6', {
      baseURL: url,
    });
    await model.generate({ messages: request.messages });
    const known = capabilitiesOf('anthropic:claude-sonnet-4-6').maxOutputTokens;
    expect(typeof known).toBe('number');
    expect(requests[0]?.headers['x-api-key']).toBe('sk-ant-1');
    expect(requests[0]?.body).toMatchObject({ max_tokens: Math.min(known as number, 16_384) });
  });

  it('gemini: GOOGLE_API_KEY is the fallback key, and the model rides in the path', async () => {
    const { url, requests } = await serve(/:generateContent$/, geminiBody);
    const model = createModelRegistry({ env: { GOOGLE_API_KEY: 'g-key-1' } }).model('gemini:gemini-2.5-flash', {
      baseURL: url,
    });
    await model.generate(request);
    expect(requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(requests[0]?.headers['x-goog-api-key']).toBe('g-key-1');
  });

  for (const transport of ['sdk', 'lean'] as const) {
    it(`bedrock (${transport}): region and keys from the environment sign the Converse call; the id rides in the path`, async () => {
      const bedrockBody = {
        output: { message: { role: 'assistant', content: [{ text: 'hi' }] } },
        stopReason: 'end_turn',
        usage: { inputTokens: 5, outputTokens: 1, totalTokens: 6 },
        metrics: { latencyMs: 3 },
      };
      const id = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
      const { url, requests } = await serve(`/model/${encodeURIComponent(id)}/converse`, bedrockBody);
      const registry = createModelRegistry({
        env: { AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'AKIDREGISTRY', AWS_SECRET_ACCESS_KEY: 'not-a-real-secret' },
      });
      const model = registry.model(`bedrock:${id}`, { baseURL: url, maxRetries: 0, transport });
      expect(model.provider).toBe('bedrock');
      expect((await model.generate(request)).message.content).toEqual([{ type: 'text', text: 'hi' }]);
      expect(requests[0]?.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDREGISTRY\/\d{8}\/eu-west-1\/bedrock\/aws4_request, /,
      );
      const secrets = { AKIDREGISTRY: { secretAccessKey: 'not-a-real-secret' } };
      expect(
        verifySigV4(requests[0] as RecordedRequest, { secrets, region: 'eu-west-1', service: 'bedrock' }),
      ).toBeUndefined();
      // maxOutputTokens → inferenceConfig.maxTokens; the capability data knows Claude on Bedrock.
      expect(requests[0]?.body).toMatchObject({ inferenceConfig: { maxTokens: 100 } });
      expect(model.capabilities).toMatchObject({ toolCalling: 'native', toolChoice: ['auto', 'required', 'tool'] });
      expect(registry.providers).toContain('bedrock');
    });

    it(`bedrock (${transport}): AWS_BEARER_TOKEN_BEDROCK is sent as a Bedrock API key`, async () => {
      const { url, requests } = await serve(/^\/model\/.+\/converse$/, {
        output: { message: { role: 'assistant', content: [{ text: 'ok' }] } },
        stopReason: 'end_turn',
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        metrics: { latencyMs: 1 },
      });
      const registry = createModelRegistry({
        env: { AWS_REGION: 'us-east-1', AWS_BEARER_TOKEN_BEDROCK: 'bedrock-key-1' },
      });
      await registry
        .model('bedrock:amazon.nova-pro-v1:0', { baseURL: url, maxRetries: 0, transport })
        .generate(request);
      expect(requests[0]?.headers.authorization).toBe('Bearer bedrock-key-1');
    });
  }

  it('gemini: GOOGLE_GEMINI_BASE_URL (the variable of the Google SDK) points it at a local server', async () => {
    const { url, requests } = await serve('/v1beta/models/gemini-2.5-flash:generateContent', geminiBody);
    const env = { GEMINI_API_KEY: 'g-key-1', GOOGLE_GEMINI_BASE_URL: url };
    await createModelRegistry({ env }).model('gemini:gemini-2.5-flash').generate(request);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers['x-goog-api-key']).toBe('g-key-1');
  });

  it('gemini: a registry fetch (the CLI’s --trace) carries the call; the global fetch is left alone', async () => {
    const { url, requests } = await serve('/v1beta/models/gemini-2.5-flash:generateContent', geminiBody);
    const global = globalThis.fetch;
    const seen: string[] = [];
    const registry = createModelRegistry({
      env: { GEMINI_API_KEY: 'gm-test' },
      fetch: (input, init) => {
        seen.push(String(input));
        return global(input, init);
      },
    });
    await registry.model('gemini:gemini-2.5-flash', { baseURL: url }).generate(request);
    expect(seen).toEqual([`${url}/v1beta/models/gemini-2.5-flash:generateContent`]);
    expect(globalThis.fetch).toBe(global);
    expect(requests[0]?.headers['x-goog-api-key']).toBe('gm-test');
  });

  it('vertex: GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION shape the path; an express key authenticates', async () => {
    const { url, requests } = await serve(
      '/v1beta1/publishers/google/models/gemini-2.5-flash:generateContent',
      geminiBody,
    );
    const registry = createModelRegistry({ env: { GOOGLE_VERTEX_API_KEY: 'vertex-key-1' } });
    const model = registry.model('vertex:gemini-2.5-flash', { baseURL: url, maxRetries: 0 });
    expect(model.provider).toBe('vertex');
    expect((await model.generate(request)).message.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(requests[0]?.headers['x-goog-api-key']).toBe('vertex-key-1');
    expect(registry.providers).toEqual(expect.arrayContaining(['vertex', 'gemini', 'bedrock']));
  });

  it('gemini and vertex with transport: lean: the same paths and keys, sent without the SDK', async () => {
    server = await startProviderServer({
      routes: [{ method: 'POST', path: /:generateContent$/, reply: json(geminiBody) }],
    });
    const { url, requests } = server;
    const registry = createModelRegistry({
      env: { GEMINI_API_KEY: 'g-lean-1', GOOGLE_GEMINI_BASE_URL: url, GOOGLE_VERTEX_API_KEY: 'vertex-lean-1' },
    });
    await registry.model('gemini:gemini-2.5-flash', { transport: 'lean' }).generate(request);
    await registry.model('vertex:gemini-2.5-flash', { transport: 'lean', baseURL: url }).generate(request);
    expect(requests.map((sent) => sent.path)).toEqual([
      '/v1beta/models/gemini-2.5-flash:generateContent',
      '/v1beta1/publishers/google/models/gemini-2.5-flash:generateContent',
    ]);
    expect(requests.map((sent) => sent.headers['x-goog-api-key'])).toEqual(['g-lean-1', 'vertex-lean-1']);
    expect(requests.map((sent) => sent.headers['x-goog-api-client'])).toEqual([undefined, undefined]);
  });

  it('gemini: tool results’ images go inside functionResponse.parts where the capability data says so', async () => {
    const { url, requests } = await serve(/:generateContent$/, geminiBody);
    const withImage: ChatRequest = {
      messages: [
        ...request.messages,
        { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'get_weather', args: { city: '北京' } }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'get_weather',
              content: [{ type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo=' }, mediaType: 'image/png' }],
              isError: false,
            },
          ],
        },
      ],
    };
    const registry = createModelRegistry({ env: { GEMINI_API_KEY: 'g' } });
    await registry.model('gemini:gemini-3-pro-preview', { baseURL: url }).generate(withImage);
    // A registration can say otherwise, for a model the data does not know or gets wrong.
    const capabilities = createCapabilityRegistry();
    capabilities.register('gemini:gemini-3-pro-preview', { toolResultMedia: false });
    await registry
      .model('gemini:gemini-3-pro-preview', { baseURL: url, capabilities: { registry: capabilities } })
      .generate(withImage);
    const results = requests.map((sent) => (sent.body as { contents: { parts: unknown[] }[] }).contents[2]?.parts);
    const image = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } };
    expect(capabilitiesOf('gemini:gemini-3-pro-preview').toolResultMedia).toBe(true);
    expect(results[0]).toEqual([
      { functionResponse: { name: 'get_weather', response: { output: '' }, parts: [image] } },
    ]);
    expect(results[1]).toEqual([{ functionResponse: { name: 'get_weather', response: { output: '' } } }, image]);
  });

  it('ollama: an OpenAI-compatible provider with no key, `max_tokens`, and its own provider key', async () => {
    const { url, requests } = await serve('/v1/chat/completions', openaiBody);
    const model = createModelRegistry({ env: {} }).model('ollama:qwen2.5', { baseURL: `${url}/v1` });
    expect(model.provider).toBe('ollama');
    await model.generate(request);
    expect(requests[0]?.body).toMatchObject({ model: 'qwen2.5', max_tokens: 100 });
    expect(requests[0]?.body).not.toHaveProperty('max_completion_tokens');
  });

  it('applies withCapabilities by default: a model without native tools gets them emulated; `capabilities: false` opts out', async () => {
    const { url, requests } = await serve('/v1/chat/completions', openaiBody);
    const registry = createModelRegistry({ env: {} });
    await registry.model('ollama:gemma3:4b', { baseURL: `${url}/v1` }).generate(request);
    await registry.model('ollama:gemma3:4b', { baseURL: `${url}/v1`, capabilities: false }).generate(request);
    expect(requests[0]?.body).not.toHaveProperty('tools');
    expect(JSON.stringify(requests[0]?.body)).toContain('get_weather');
    expect(requests[1]?.body).toHaveProperty('tools');
  });

  it('registers more compatible endpoints under their own keys', async () => {
    const { url, requests } = await serve('/v1/chat/completions', openaiBody);
    const registry = createModelRegistry({
      env: { TOGETHER_API_KEY: 'tg-1' },
      compatible: { together: { baseURL: `${url}/v1`, apiKeyEnv: ['TOGETHER_API_KEY'] } },
    });
    expect(registry.providers).toContain('together');
    await registry.model('together:meta-llama/Llama-3.3-70B').generate(request);
    expect(requests[0]?.headers.authorization).toBe('Bearer tg-1');
    expect(requests[0]?.body).toMatchObject({ model: 'meta-llama/Llama-3.3-70B' });
  });

  it('says what to do: missing key (on the first call), missing base URL, unknown provider', async () => {
    const registry = createModelRegistry({ env: {} });
    await expect(registry.model('anthropic:claude-sonnet-4-6').generate(request)).rejects.toThrow(InvalidSettingError);
    await expect(registry.model('gemini:gemini-2.5-flash').generate(request)).rejects.toThrow(
      /GEMINI_API_KEY or GOOGLE_API_KEY/,
    );
    expect(() => registry.model('openai-compatible:m')).toThrow(/Expected a base URL for openai-compatible/);
    try {
      registry.model('cohere:command-r');
      expect.unreachable();
    } catch (error) {
      expect(NoSuchProviderError.isInstance(error)).toBe(true);
      expect((error as NoSuchProviderError).availableProviders).toEqual(registry.providers);
    }
  });
});
