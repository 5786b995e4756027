import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AbortedError,
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidSettingError,
  type ModelResponse,
} from '@interlingua/core';
import { hang, json, type ProviderServer, type Route, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGemini } from './create-gemini';
import { encodeGeminiRequest } from './encode-gemini-request';
import { synthesizeGeminiCallId } from './synthesize-gemini-call-id';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
const chunks = (name: string): unknown[] =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

const GENERATE = '/v1beta/models/gemini-2.5-flash:generateContent';
const STREAM = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';

const request: ChatRequest = {
  system: 'You are a weather assistant.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
  tools: [
    {
      name: 'get_weather',
      description: 'Current weather',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
        required: ['city'],
      },
    },
  ],
  toolChoice: 'auto',
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

async function serve(routes: Route[]) {
  server = await startProviderServer({ routes });
  return server;
}

describe('GeminiChatModel over @google/generative-ai against a local Gemini server', () => {
  it('generate: posts to models/<id>:generateContent with x-goog-api-key and the encoded body, returns the IR', async () => {
    const running = await serve([
      { method: 'POST', path: GENERATE, reply: json(fixture('gemini-function-call-with-id.1.json')) },
    ]);
    const model = createGemini({
      sdk: 'generative-ai',
      baseUrl: running.url,
      apiKey: 'test-key',
      headers: { 'x-trace': 't1' },
    })('gemini-2.5-flash');

    const response = await model.generate(request, { headers: { 'x-call': 'c1' } });

    expect(running.requests).toHaveLength(1);
    const sent = running.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe(GENERATE);
    expect(sent?.headers['x-goog-api-key']).toBe('test-key');
    expect(sent?.headers['x-trace']).toBe('t1');
    expect(sent?.headers['x-call']).toBe('c1');
    const encoded = encodeGeminiRequest(request, { model: 'gemini-2.5-flash' }).value;
    expect(sent?.body).toEqual({
      ...encoded,
      // What the SDK itself adds: its default config and settings, and the system role.
      generationConfig: {},
      safetySettings: [],
      systemInstruction: { role: 'system', parts: [{ text: 'You are a weather assistant.' }] },
    });
    expect(sent?.body).toMatchObject({
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              parameters: {
                type: 'object',
                properties: {
                  city: { type: 'string' },
                  unit: { type: 'string', enum: ['celsius', 'fahrenheit'], format: 'enum' },
                },
                required: ['city'],
              },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
    });
    expect(
      (sent?.body as { tools: { functionDeclarations: { parameters: object }[] }[] } | undefined)?.tools[0]
        ?.functionDeclarations[0]?.parameters,
    ).not.toHaveProperty('$schema');

    const expected = fixture('gemini-function-call-with-id.1.ir.json') as ModelResponse;
    expect(response).toEqual({
      ...expected,
      warnings: [
        {
          type: 'unsupported',
          feature: 'tools[0].inputSchema.$schema',
          message:
            'Tool "get_weather": Gemini does not accept this keyword in function parameters; dropped "$schema" at the schema root.',
        },
      ],
    });
  });

  it('replays a thought signature and the call id on the next turn', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: GENERATE,
        reply: [json(fixture('gemini-function-call-with-id.1.json')), json(fixture('gemini-text.1.json'))],
      },
    ]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key' })('gemini-2.5-flash');
    const first = await model.generate(request);
    const call = first.message.content.find((part) => part.type === 'tool-call');
    const second = await model.generate({
      ...request,
      messages: [
        ...request.messages,
        first.message,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: call?.id ?? '',
              toolName: 'get_weather',
              content: [{ type: 'text', text: '18°C' }],
              isError: false,
            },
          ],
        },
      ],
    });
    expect(second.message.content).toEqual([{ type: 'text', text: '北京今天晴，最高气温 25°C，适合出门。' }]);
    expect((running.requests[1]?.body as { contents: unknown[] } | undefined)?.contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          { text: "I'll look that up." },
          {
            functionCall: { id: 'gvbncmxk', name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
            thoughtSignature: 'CoMCAdHtim+pPzG4fJ0QN1Hkr5c3Tg2mCDoaVp1QxTGyIoE0i3kWQ3h0g+Vq5e2lYbXv',
          },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', id: 'gvbncmxk', response: { output: '18°C' } } }],
      },
    ]);
  });

  it('stream: posts to :streamGenerateContent?alt=sse and folds split SSE into the fixture IR', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: STREAM,
        reply: sse('gemini', chunks('gemini-stream-text-then-call.1.chunks.txt'), { splitEvery: 7 }),
      },
    ]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key' })('gemini-2.5-flash');
    const events = [];
    for await (const event of model.stream(request)) events.push(event);
    expect(running.requests[0]?.url).toBe(`${STREAM}?alt=sse`);
    expect(running.requests[0]?.query.get('alt')).toBe('sse');
    expect(running.requests[0]?.headers['x-goog-api-key']).toBe('test-key');
    expect(events.map((event) => event.type)).toEqual([
      'text-delta',
      'text-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'finish',
    ]);
    const folded = await collectStream(events);
    const expected = fixture('gemini-stream-text-then-call.1.ir.json') as ModelResponse;
    expect({ ...folded, warnings: [] }).toEqual(expected);
  });

  it('stream: a stream cut off before any finishReason ends in an error event', async () => {
    const running = await serve([
      { method: 'POST', path: STREAM, reply: sse('gemini', chunks('gemini-stream-cut-off.1.chunks.txt')) },
    ]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key' })('gemini-2.5-flash');
    const events = [];
    for await (const event of model.stream(request)) events.push(event);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'error']);
    // Cut off: retryable, with the prompt tokens the first chunk reported.
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'API_CALL_ERROR', isRetryable: true },
      usage: { inputTokens: 10, outputTokens: 0 },
    });
  });

  it('synthesized ids never repeat an id already in the history', async () => {
    const body = fixture('gemini-function-call-no-id.1.json');
    const running = await serve([{ method: 'POST', path: GENERATE, reply: json(body) }]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key' })('gemini-2.5-flash');
    const first = await model.generate(request);
    const firstCall = first.message.content[0];
    expect(firstCall?.type === 'tool-call' && firstCall.id).toBe(
      synthesizeGeminiCallId({ responseId: undefined, name: 'get_weather', args: { city: '北京' }, index: 0 }),
    );
    // The same answer again, later in the same conversation: a fresh id.
    const history: ChatRequest = {
      ...request,
      messages: [
        ...request.messages,
        first.message,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: firstCall?.type === 'tool-call' ? firstCall.id : '',
              toolName: 'get_weather',
              content: [{ type: 'text', text: 'ok' }],
              isError: false,
            },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'Again?' }] },
      ],
    };
    const second = await model.generate(history);
    const secondCall = second.message.content[0];
    expect(secondCall?.type).toBe('tool-call');
    expect(secondCall?.type === 'tool-call' && secondCall.id).not.toBe(firstCall?.type === 'tool-call' && firstCall.id);
    // …and stable: the same history decodes the same answer to the same id.
    const third = await model.generate(history);
    expect(third.message.content[0]).toEqual(secondCall);
  });
});

describe('errors and settings', () => {
  const quota = {
    error: {
      code: 429,
      message: 'You exceeded your current quota, please check your plan and billing details.',
      status: 'RESOURCE_EXHAUSTED',
      details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' }],
    },
  };
  const badKey = {
    error: {
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ],
    },
  };

  async function failure(status: number, body: unknown): Promise<APICallError> {
    const running = await serve([{ method: 'POST', path: GENERATE, reply: json(body, { status }) }]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key', maxRetries: 0 })(
      'gemini-2.5-flash',
    );
    const error = await model.generate(request).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    await running.close();
    server = undefined;
    expect(APICallError.isInstance(error)).toBe(true);
    return error as APICallError;
  }

  it('429 → retryable APICallError with Gemini’s message, status name and retry delay', async () => {
    const error = await failure(429, quota);
    expect(error.message).toBe('You exceeded your current quota, please check your plan and billing details.');
    expect(error.statusCode).toBe(429);
    expect(error.isRetryable).toBe(true);
    expect(error.providerErrorType).toBe('RESOURCE_EXHAUSTED');
    expect(error.retryAfterSeconds).toBe(2);
    expect(error.responseBody).toEqual({
      error: { code: 429, message: quota.error.message, details: quota.error.details },
    });
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('400 → not retryable, with the ErrorInfo reason', async () => {
    const error = await failure(400, badKey);
    expect(error.message).toBe('API key not valid. Please pass a valid API key.');
    expect(error.isRetryable).toBe(false);
    expect(error.providerErrorType).toBe('API_KEY_INVALID');
  });

  it.each([500, 503])('%i → retryable', async (status) => {
    const error = await failure(status, {
      error: { code: status, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
    });
    expect(error.statusCode).toBe(status);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toBe('The model is overloaded. Please try again later.');
  });

  it('retries a retryable failure (after the server’s retryDelay) and then succeeds', async () => {
    const overloaded = {
      error: {
        code: 503,
        message: 'The model is overloaded.',
        status: 'UNAVAILABLE',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0s' }],
      },
    };
    const running = await serve([
      {
        method: 'POST',
        path: GENERATE,
        reply: [json(overloaded, { status: 503 }), json(fixture('gemini-text.1.json'))],
      },
    ]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key', maxRetries: 1 })(
      'gemini-2.5-flash',
    );
    const response = await model.generate(request);
    expect(running.requests).toHaveLength(2);
    expect(response.finishReason).toBe('stop');
  });

  it('does not retry a 400', async () => {
    const running = await serve([{ method: 'POST', path: GENERATE, reply: json(badKey, { status: 400 }) }]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key', maxRetries: 3 })(
      'gemini-2.5-flash',
    );
    await expect(model.generate(request)).rejects.toThrowError('API key not valid');
    expect(running.requests).toHaveLength(1);
  });

  it('a timeout is a retryable APICallError; an abort is an AbortedError', async () => {
    const running = await serve([{ method: 'POST', path: GENERATE, reply: hang() }]);
    const model = createGemini({
      sdk: 'generative-ai',
      baseUrl: running.url,
      apiKey: 'test-key',
      timeout: 50,
      maxRetries: 0,
    })('gemini-2.5-flash');
    const timedOut = await model.generate(request).catch((thrown: unknown) => thrown);
    expect(APICallError.isInstance(timedOut) && timedOut.isRetryable).toBe(true);
    expect((timedOut as Error).message).toBe('Gemini did not answer within 50 ms (the timeout setting).');

    const controller = new AbortController();
    const slow = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key' })('gemini-2.5-flash');
    const pending = slow.generate(request, { signal: controller.signal }).catch((thrown: unknown) => thrown);
    setTimeout(() => controller.abort(), 20);
    expect(AbortedError.isInstance(await pending)).toBe(true);
  });

  it('throws an abort in the middle of a stream as AbortedError, after the events that arrived', async () => {
    // A server that sends one chunk and then keeps the stream open.
    const open = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify(chunks('gemini-stream-text-then-call.1.chunks.txt')[0])}\r\n\r\n`);
    });
    await new Promise<void>((resolve) => open.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = open.address() as AddressInfo;
      const model = createGemini({
        sdk: 'generative-ai',
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'test-key',
        maxRetries: 0,
      })('gemini-2.5-flash');
      const controller = new AbortController();
      const types: string[] = [];
      const thrown = await (async () => {
        for await (const event of model.stream(request, { signal: controller.signal })) {
          types.push(event.type);
          controller.abort();
        }
      })().catch((error: unknown) => error);
      expect(AbortedError.isInstance(thrown)).toBe(true);
      expect(types).toEqual(['text-delta']);
    } finally {
      open.closeAllConnections();
      await new Promise((resolve) => open.close(resolve));
    }
  });

  it('reads GEMINI_API_KEY, then GOOGLE_API_KEY, and names both when neither is set', async () => {
    const running = await serve([{ method: 'POST', path: GENERATE, reply: json(fixture('gemini-text.1.json')) }]);
    vi.stubEnv('GEMINI_API_KEY', '');
    vi.stubEnv('GOOGLE_API_KEY', 'google-key');
    await createGemini({ sdk: 'generative-ai', baseUrl: running.url })('gemini-2.5-flash').generate(request);
    expect(running.requests[0]?.headers['x-goog-api-key']).toBe('google-key');
    vi.stubEnv('GEMINI_API_KEY', 'gemini-key');
    await createGemini({ sdk: 'generative-ai', baseUrl: running.url })('gemini-2.5-flash').generate(request);
    expect(running.requests[1]?.headers['x-goog-api-key']).toBe('gemini-key');

    vi.stubEnv('GEMINI_API_KEY', '');
    vi.stubEnv('GOOGLE_API_KEY', '');
    const keyless = createGemini({ sdk: 'generative-ai', baseUrl: running.url })('gemini-2.5-flash');
    const missing = await keyless.generate(request).catch((thrown: unknown) => thrown);
    expect(InvalidSettingError.isInstance(missing)).toBe(true);
    expect((missing as Error).message).toMatch(/GEMINI_API_KEY \(or GOOGLE_API_KEY\)/);
    expect(running.requests).toHaveLength(2);
    expect(() => createGemini({ sdk: 'generative-ai', apiKey: 'k', maxRetries: -1 })).toThrowError(
      'Expected `maxRetries` to be a non-negative integer, got -1.',
    );
  });

  it('an HTTP error on a stream is thrown from the iterator, not turned into an event', async () => {
    const running = await serve([{ method: 'POST', path: STREAM, reply: json(quota, { status: 429 }) }]);
    const model = createGemini({ sdk: 'generative-ai', baseUrl: running.url, apiKey: 'test-key', maxRetries: 0 })(
      'gemini-2.5-flash',
    );
    const consume = async () => {
      for await (const _event of model.stream(request)) {
        // nothing arrives
      }
    };
    const error = await consume().catch((thrown: unknown) => thrown);
    expect(APICallError.isInstance(error) && error.statusCode).toBe(429);
  });

  it('a refused connection is a retryable APICallError without status', async () => {
    const running = await serve([]);
    const url = running.url;
    await running.close();
    server = undefined;
    const model = createGemini({ sdk: 'generative-ai', baseUrl: url, apiKey: 'test-key', maxRetries: 0 })(
      'gemini-2.5-flash',
    );
    const error = await model.generate(request).catch((thrown: unknown) => thrown);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBeUndefined();
    expect((error as APICallError).isRetryable).toBe(true);
    expect((error as Error).message).toContain(
      `Error fetching from ${url}/v1beta/models/gemini-2.5-flash:generateContent`,
    );
  });

  it('a model reports its provider key and id', () => {
    const model = createGemini({ sdk: 'generative-ai', apiKey: 'k', name: 'vertex-proxy' }).chat('gemini-2.5-pro');
    expect([model.provider, model.modelId]).toEqual(['vertex-proxy', 'gemini-2.5-pro']);
  });
});
