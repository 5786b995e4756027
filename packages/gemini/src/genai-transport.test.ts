import { fileURLToPath } from 'node:url';
import {
  AbortedError,
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidSettingError,
  type ModelResponse,
  type StreamEvent,
} from '@interlingua/core';
import {
  hang,
  json,
  loadCodecFixtures,
  type ProviderServer,
  type Route,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { encodeGeminiRequest } from './encode-gemini-request';

// The codec's fixtures by file name: `<name>.json` (a body), `.chunks.txt` (a stream), `.ir.json` (the IR).
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const entry = (file: string) => {
  const name = file.replace(/(\.ir)?\.json$|\.chunks\.txt$/, '');
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};
const fixture = (file: string): unknown => (file.endsWith('.ir.json') ? entry(file).expected : entry(file).body);
const chunks = (file: string): unknown[] => entry(file).chunks ?? [];

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
        type: 'object',
        properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
        required: ['city'],
      },
    },
  ],
  toolChoice: 'auto',
  temperature: 0.2,
  maxOutputTokens: 256,
};

// Schema `type` values in upper case, as the SDK writes them.
function upperCaseTypes(value: unknown, key?: string): unknown {
  if (typeof value === 'string') return key === 'type' ? value.toUpperCase() : value;
  if (Array.isArray(value)) return value.map((entry) => upperCaseTypes(entry));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, upperCaseTypes(entry, name)]));
}

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(routes: Route[]) {
  server = await startProviderServer({ routes });
  return server;
}

describe('createGemini over @google/genai (the default) against a local Gemini server', () => {
  it('generate: posts the codec’s body to models/<id>:generateContent with x-goog-api-key, returns the IR', async () => {
    const running = await serve([
      { method: 'POST', path: GENERATE, reply: json(fixture('gemini-function-call-with-id.1.json')) },
    ]);
    const model = createGemini({ baseUrl: running.url, apiKey: 'test-key', headers: { 'x-trace': 't1' } })(
      'gemini-2.5-flash',
    );
    const response = await model.generate(request, { headers: { 'x-call': 'c1' } });

    const sent = running.requests[0];
    expect(sent?.url).toBe(GENERATE);
    expect(sent?.headers['x-goog-api-key']).toBe('test-key');
    expect(sent?.headers['x-goog-api-client']).toMatch(/^google-genai-sdk\//);
    expect(sent?.headers['x-trace']).toBe('t1');
    expect(sent?.headers['x-call']).toBe('c1');
    // The SDK turns its parameters back into the REST body the codec wrote (the model rides in the URL),
    // writing schema types as the REST enum spells them (`STRING`, `OBJECT`).
    const encoded = encodeGeminiRequest(request, { model: 'gemini-2.5-flash' }).value;
    expect(sent?.body).toEqual(upperCaseTypes(encoded));
    expect(response.message.content).toEqual(
      (fixture('gemini-function-call-with-id.1.ir.json') as ModelResponse).message.content,
    );
  });

  it('replays thought signatures and call ids the SDK’s own types know', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: GENERATE,
        reply: [json(fixture('gemini-function-call-with-id.1.json')), json(fixture('gemini-text.1.json'))],
      },
    ]);
    const model = createGemini({ baseUrl: running.url, apiKey: 'test-key' })('gemini-2.5-flash');
    const first = await model.generate(request);
    const call = first.message.content.find((part) => part.type === 'tool-call');
    await model.generate({
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

  it('stream: posts the codec’s body to :streamGenerateContent?alt=sse with the headers, folds split SSE into the fixture IR', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: STREAM,
        reply: sse('gemini', chunks('gemini-stream-text-then-call.1.chunks.txt'), { splitEvery: 7 }),
      },
    ]);
    const model = createGemini({ baseUrl: running.url, apiKey: 'test-key', headers: { 'x-team': 'weather' } })(
      'gemini-2.5-flash',
    );
    const events: StreamEvent[] = [];
    for await (const event of model.stream(request, { headers: { 'x-call': 'c1' } })) events.push(event);
    expect(running.requests).toHaveLength(1);
    const sent = running.requests[0];
    expect(sent?.url).toBe(`${STREAM}?alt=sse`);
    expect(sent?.headers['x-goog-api-key']).toBe('test-key');
    expect(sent?.headers['x-goog-api-client']).toMatch(/^google-genai-sdk\//);
    expect(sent?.headers['x-team']).toBe('weather');
    expect(sent?.headers['x-call']).toBe('c1');
    // The stream is read by the transport, past the SDK: nothing of its own (the capturing
    // fetch, the continuation switch) reaches the body the SDK builds from the codec's.
    const encoded = encodeGeminiRequest(request, { model: 'gemini-2.5-flash', stream: true }).value;
    expect(sent?.body).toEqual(upperCaseTypes(encoded));
    const folded = await collectStream(events);
    expect({ ...folded, warnings: [] }).toEqual(fixture('gemini-stream-text-then-call.1.ir.json'));
  });

  it('stream: a stream cut off before any finishReason ends in an error event', async () => {
    const running = await serve([
      { method: 'POST', path: STREAM, reply: sse('gemini', chunks('gemini-stream-cut-off.1.chunks.txt')) },
    ]);
    const events: StreamEvent[] = [];
    for await (const event of createGemini({ baseUrl: running.url, apiKey: 'k' })('gemini-2.5-flash').stream(request))
      events.push(event);
    expect(events.at(-1)?.type).toBe('error');
    expect(events.filter((event) => event.type === 'finish')).toEqual([]);
  });

  it('429 → retryable APICallError with Gemini’s message, reason and retry delay; 400 → not retryable', async () => {
    const quota = {
      error: {
        code: 429,
        message: 'Resource has been exhausted (e.g. check quota).',
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'RATE_LIMIT_EXCEEDED',
            domain: 'googleapis.com',
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' },
        ],
      },
    };
    const invalid = {
      error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
    };
    const running = await serve([
      { method: 'POST', path: GENERATE, reply: json(quota, { status: 429 }) },
      { method: 'POST', path: STREAM, reply: json(invalid, { status: 400 }) },
    ]);
    const model = createGemini({ baseUrl: running.url, apiKey: 'k', maxRetries: 0 })('gemini-2.5-flash');
    const failure = await model.generate(request).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      message: 'Resource has been exhausted (e.g. check quota).',
      statusCode: 429,
      isRetryable: true,
      providerErrorType: 'RATE_LIMIT_EXCEEDED',
      retryAfterSeconds: 7,
      responseBody: quota,
    });
    await expect(collectStream(model.stream(request))).rejects.toMatchObject({
      statusCode: 400,
      isRetryable: false,
      providerErrorType: 'INVALID_ARGUMENT',
      message: 'API key not valid. Please pass a valid API key.',
    });
  });

  it('the SDK retries a 503 (maxRetries) and the model does not retry on top of it', async () => {
    const unavailable = { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } };
    const running = await serve([
      {
        method: 'POST',
        path: GENERATE,
        reply: [json(unavailable, { status: 503 }), json(fixture('gemini-text.1.json'))],
      },
    ]);
    const retried = createGemini({ baseUrl: running.url, apiKey: 'k', maxRetries: 1 })('gemini-2.5-flash');
    expect((await retried.generate(request)).finishReason).toBe('stop');
    expect(running.requests).toHaveLength(2);

    const once = await serve([{ method: 'POST', path: GENERATE, reply: json(unavailable, { status: 503 }) }]);
    await running.close();
    const noRetry = createGemini({ baseUrl: once.url, apiKey: 'k', maxRetries: 0 })('gemini-2.5-flash');
    await expect(noRetry.generate(request)).rejects.toMatchObject({ statusCode: 503, isRetryable: true });
    expect(once.requests).toHaveLength(1);
  });

  it('the SDK’s timeout is a retryable APICallError; the caller’s abort an AbortedError, mid-stream too', async () => {
    const running = await serve([
      { method: 'POST', path: GENERATE, reply: hang() },
      { method: 'POST', path: STREAM, reply: sse('gemini', chunks('gemini-stream-text-then-call.1.chunks.txt')) },
    ]);
    const slow = createGemini({ baseUrl: running.url, apiKey: 'k', timeout: 200, maxRetries: 0 })('gemini-2.5-flash');
    await expect(slow.generate(request)).rejects.toMatchObject({
      isRetryable: true,
      message: expect.stringContaining('200 ms'),
    });

    const model = createGemini({ baseUrl: running.url, apiKey: 'k', maxRetries: 0 })('gemini-2.5-flash');
    const before = new AbortController();
    const pending = model.generate(request, { signal: before.signal });
    setTimeout(() => before.abort(), 50);
    await expect(pending).rejects.toSatisfy(AbortedError.isInstance);

    const during = new AbortController();
    const seen: StreamEvent[] = [];
    await expect(
      (async () => {
        for await (const event of model.stream(request, { signal: during.signal })) {
          seen.push(event);
          during.abort();
        }
      })(),
    ).rejects.toSatisfy(AbortedError.isInstance);
    expect(seen).toHaveLength(1);
  });

  it('sends through the `fetch` it is given — tracing without touching the global fetch', async () => {
    const running = await serve([{ method: 'POST', path: GENERATE, reply: json(fixture('gemini-text.1.json')) }]);
    const global = globalThis.fetch;
    const traced: { url: string; body: unknown; status: number }[] = [];
    const tracingFetch: typeof fetch = async (input, init) => {
      const response = await global(input, init);
      traced.push({ url: String(input), body: JSON.parse(String(init?.body)), status: response.status });
      return response;
    };
    const model = createGemini({ baseUrl: running.url, apiKey: 'k', fetch: tracingFetch })('gemini-2.5-flash');
    await model.generate(request);
    expect(globalThis.fetch).toBe(global);
    expect(traced).toEqual([{ url: `${running.url}${GENERATE}`, body: running.requests[0]?.body, status: 200 }]);
  });

  it('refuses a fetch for @google/generative-ai, which cannot take one', () => {
    expect(() => createGemini({ sdk: 'generative-ai', fetch: globalThis.fetch })).toThrow(InvalidSettingError);
  });

  it('a refused connection is a retryable APICallError without status', async () => {
    const running = await serve([]);
    const url = running.url;
    await running.close();
    server = undefined;
    const failure = await createGemini({ baseUrl: url, apiKey: 'k', maxRetries: 0 })('gemini-2.5-flash')
      .generate(request)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ isRetryable: true, statusCode: undefined });
    expect(APICallError.isInstance(failure)).toBe(true);
  });
});
