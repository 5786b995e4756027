import { fileURLToPath } from 'node:url';
import {
  AbortedError,
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidSettingError,
  type StreamEvent,
} from '@interlingua/core';
import {
  hang,
  json,
  loadCodecFixtures,
  type ProviderServer,
  type Reply,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropic } from './create-anthropic';

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(reply: Reply | Reply[]) {
  server = await startProviderServer({ routes: [{ method: 'POST', path: '/v1/messages', reply }] });
  return createAnthropic({
    baseURL: server.url,
    apiKey: 'sk-ant-test',
    maxRetries: 0,
    headers: { 'x-team': 'weather' },
  });
}

const history: ChatRequest = {
  system: '你是一个专业的天气助手，回答简洁。',
  messages: [
    { role: 'user', content: [{ type: 'text', text: '北京和上海今天天气怎么样？' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: '我需要查一下两个城市的天气。' },
        { type: 'tool-call', id: 'toolu_01A', name: 'get_weather', args: { city: '北京' } },
        { type: 'tool-call', id: 'toolu_01B', name: 'get_weather', args: { city: '上海' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'toolu_01A',
          toolName: 'get_weather',
          content: [
            { type: 'text', text: '北京今天晴，25°C' },
            { type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo' }, mediaType: 'image/png' },
          ],
          isError: false,
        },
        {
          type: 'tool-result',
          toolCallId: 'toolu_01B',
          toolName: 'get_weather',
          content: [{ type: 'text', text: '天气服务超时' }],
          isError: true,
        },
      ],
    },
  ],
  tools: [
    {
      name: 'get_weather',
      description: '根据城市名查询实时天气',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  maxOutputTokens: 1024,
};

describe('createAnthropic (SDK against a local Messages API server)', () => {
  it('generate: sends system at top level, merged tool results with is_error and images, and the auth headers', async () => {
    const weather = fixture('anthropic-weather-tool-use.1');
    const anthropic = await serve(json(weather.body));
    const response = await anthropic('claude-sonnet-4-6').generate(history, { headers: { 'x-call': '1' } });
    expect(response).toEqual(weather.expected);

    const sent = server?.requests[0];
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers['x-api-key']).toBe('sk-ant-test');
    // One credential upstream: the documented `x-api-key`, not the SDK's bearer copy as well.
    expect(sent?.headers.authorization).toBeUndefined();
    // The SDK pins the API version it was generated for (2026-10-21 for SDK 1.14).
    expect(sent?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent?.headers['x-team']).toBe('weather');
    expect(sent?.headers['x-call']).toBe('1');
    expect(sent?.body).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      system: '你是一个专业的天气助手，回答简洁。',
      messages: [
        { role: 'user', content: [{ type: 'text', text: '北京和上海今天天气怎么样？' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '我需要查一下两个城市的天气。' },
            { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input: { city: '北京' } },
            { type: 'tool_use', id: 'toolu_01B', name: 'get_weather', input: { city: '上海' } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_01A',
              content: [
                { type: 'text', text: '北京今天晴，25°C' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo' } },
              ],
            },
            { type: 'tool_result', tool_use_id: 'toolu_01B', content: '天气服务超时', is_error: true },
          ],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: '根据城市名查询实时天气',
          input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ],
    });
  });

  it('stream: sends stream: true and folds a thinking + tool_use stream split into 7-byte pieces', async () => {
    const thinking = fixture('anthropic-thinking-tool-use.1');
    const anthropic = await serve(sse('anthropic', thinking.chunks ?? [], { splitEvery: 7 }));
    const response = await collectStream(anthropic('claude-sonnet-4-6').stream(history));
    expect(response).toEqual(thinking.expected);
    expect(server?.requests[0]?.body).toMatchObject({ stream: true, max_tokens: 1024 });
  });

  it('stream: a thinking block started without a signature field (a proxied stream) is read, signed by its signature_delta', async () => {
    const thinking = fixture('anthropic-thinking-no-signature.1');
    const anthropic = await serve(sse('anthropic', thinking.chunks ?? [], { splitEvery: 11 }));
    const events: StreamEvent[] = [];
    for await (const event of anthropic('claude-sonnet-4-6').stream(history)) events.push(event);
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(await collectStream(events)).toEqual(thinking.expected);
  });

  it('stream: a mid-stream overloaded_error event arrives as an error event with the provider type and message', async () => {
    const anthropic = await serve(sse('anthropic', fixture('anthropic-ping-error.1').chunks ?? []));
    const events: StreamEvent[] = [];
    for await (const event of anthropic('claude-sonnet-4-6').stream(history)) events.push(event);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'error']);
    const error = (events[1] as { error: unknown }).error;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ message: 'Overloaded', providerErrorType: 'overloaded_error', isRetryable: true });
  });

  it('stream: a stream cut off before message_stop ends with an error event', async () => {
    const chunks = fixture('anthropic-weather-tool-use.1').chunks ?? [];
    const anthropic = await serve(sse('anthropic', chunks.slice(0, 5)));
    const events: StreamEvent[] = [];
    for await (const event of anthropic('claude-sonnet-4-6').stream(history)) events.push(event);
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect((last as { error: unknown }).error).toMatchObject({ code: 'API_CALL_ERROR', isRetryable: true });
  });

  it.each([
    [400, 'invalid_request_error', 'messages: roles must alternate between "user" and "assistant"', false],
    [401, 'authentication_error', 'invalid x-api-key', false],
    [500, 'api_error', 'Internal server error', true],
    [529, 'overloaded_error', 'Overloaded', true],
  ])('maps HTTP %i to APICallError (%s)', async (status, type, message, retryable) => {
    const body = { type: 'error', error: { type, message }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' };
    const anthropic = await serve(json(body, { status }));
    const error = await anthropic('claude-sonnet-4-6')
      .generate(history)
      .catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      message,
      statusCode: status,
      providerErrorType: type,
      isRetryable: retryable,
      responseBody: body,
    });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('maps 429 with retry-after to a retryable APICallError with retryAfterSeconds, in generate and stream', async () => {
    const body = {
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' },
    };
    const anthropic = await serve(json(body, { status: 429, headers: { 'retry-after': '7' } }));
    const model = anthropic('claude-sonnet-4-6');
    const expected = {
      statusCode: 429,
      isRetryable: true,
      retryAfterSeconds: 7,
      providerErrorType: 'rate_limit_error',
    };
    await expect(model.generate(history)).rejects.toMatchObject(expected);
    const streamed = async () => {
      for await (const _event of model.stream(history)) {
        // HTTP failures are thrown from the iterator, not yielded.
      }
    };
    await expect(streamed()).rejects.toMatchObject(expected);
  });

  it('turns an aborted call into AbortedError', async () => {
    const anthropic = await serve(hang());
    const controller = new AbortController();
    const pending = anthropic('claude-sonnet-4-6').generate(history, { signal: controller.signal });
    const arrived = async () => {
      while (server?.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await arrived();
    controller.abort();
    await expect(pending).rejects.toSatisfy((error: unknown) => AbortedError.isInstance(error));
  });

  it('turns an aborted stream into AbortedError thrown from the iterator', async () => {
    const anthropic = await serve(hang());
    const controller = new AbortController();
    const consume = async () => {
      for await (const _event of anthropic('claude-sonnet-4-6').stream(history, { signal: controller.signal })) {
        // nothing arrives: the server never answers
      }
    };
    const pending = consume();
    while (server?.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(pending).rejects.toSatisfy((error: unknown) => AbortedError.isInstance(error));
  });

  it('turns a timeout into a retryable APICallError without a status', async () => {
    server = await startProviderServer({ routes: [{ path: '/v1/messages', reply: hang() }] });
    const model = createAnthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0, timeout: 50 })('m');
    const error = await model.generate(history).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: undefined, isRetryable: true });
  });

  it('takes max_tokens from defaultMaxTokens (a function of the model id) when the request has none', async () => {
    const anthropic = await serve(json(fixture('anthropic-refusal.1').body));
    const withDefault = createAnthropic({
      baseURL: server?.url ?? '',
      apiKey: 'sk-ant-test',
      defaultMaxTokens: (modelId) => (modelId.startsWith('claude-opus') ? 32_000 : undefined),
    });
    const { maxOutputTokens: _omitted, ...request } = history;
    await withDefault('claude-opus-4-1').generate(request);
    await withDefault('claude-haiku-4-5').generate(request);
    await anthropic('claude-sonnet-4-6').generate(request);
    expect(server?.requests.map((sent) => (sent.body as { max_tokens: number }).max_tokens)).toEqual([
      32_000, 4096, 4096,
    ]);
  });

  it('uses the fetch it is given and reports the provider name', async () => {
    server = await startProviderServer({
      routes: [{ path: '/v1/messages', reply: json(fixture('anthropic-refusal.1').body) }],
    });
    const seen: string[] = [];
    const anthropic = createAnthropic({
      baseURL: server.url,
      apiKey: 'sk-ant-test',
      name: 'claude-proxy',
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    const model = anthropic('claude-sonnet-4-6');
    expect(model.provider).toBe('claude-proxy');
    const response = await model.generate({ messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
    expect(response.finishReason).toBe('refusal');
    expect(seen).toEqual([`${server.url}/v1/messages`]);
    expect(server.requests[0]?.body).toMatchObject({ max_tokens: 4096 });
  });

  it('fails the first call with InvalidSettingError naming ANTHROPIC_API_KEY when no key is set', async () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      const model = createAnthropic()('claude-sonnet-4-6');
      const error = await model.generate(history).catch((caught: unknown) => caught);
      expect(InvalidSettingError.isInstance(error)).toBe(true);
      expect(String(error)).toMatch(/ANTHROPIC_API_KEY/);
      const streamed = async () => {
        for await (const _event of model.stream(history)) {
          // the key is checked before anything is sent
        }
      };
      await expect(streamed()).rejects.toThrow(/ANTHROPIC_API_KEY/);
      await serve(json(fixture('anthropic-refusal.1').body));
      process.env.ANTHROPIC_API_KEY = 'sk-ant-from-env';
      await createAnthropic({ baseURL: server?.url ?? '', maxRetries: 0 })('m').generate(history);
      expect(server?.requests[0]?.headers['x-api-key']).toBe('sk-ant-from-env');
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    }
  });
});
