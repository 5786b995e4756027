import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  AbortedError,
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidSettingError,
  type StreamEvent,
} from '@interlingua/core';
import { hang, json, type ProviderServer, type Reply, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI, type OpenAISettings } from './create-openai';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url)), 'utf8'));
const chunks = (name: string): unknown[] =>
  readFileSync(fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url)), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

const PATH = '/v1/chat/completions';
let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(reply: Reply | Reply[], settings: OpenAISettings = {}) {
  server = await startProviderServer({ routes: [{ method: 'POST', path: PATH, reply }] });
  const provider = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0, ...settings });
  return { server, provider };
}

async function drain(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const request: ChatRequest = {
  system: 'You are a weather assistant.',
  messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] }],
  tools: [weatherTool],
  maxOutputTokens: 512,
  providerOptions: { openai: { parallel_tool_calls: false } },
};
const expectedBody = {
  model: 'gpt-4.1',
  messages: [
    { role: 'system', content: 'You are a weather assistant.' },
    { role: 'user', content: '北京今天天气怎么样？' },
  ],
  tools: [
    {
      type: 'function',
      function: { name: 'get_weather', description: 'Current weather for a city', parameters: weatherTool.inputSchema },
    },
  ],
  max_completion_tokens: 512,
  parallel_tool_calls: false,
};

describe('OpenAI chat model over the real openai SDK', () => {
  it('generate: sends exactly the encoded body with the key, and returns the decoded IR', async () => {
    const { server, provider } = await serve(json(fixture('openai-text-and-tool-call.1.json')), {
      organization: 'org-1',
      project: 'proj-1',
      headers: { 'x-app': 'interlingua' },
    });
    const response = await provider('gpt-4.1').generate(request, { headers: { 'x-call': '1' } });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toEqual(expectedBody);
    expect(server.requests[0]?.headers).toMatchObject({
      authorization: 'Bearer sk-test',
      'openai-organization': 'org-1',
      'openai-project': 'proj-1',
      'x-app': 'interlingua',
      'x-call': '1',
    });
    expect(response).toEqual(fixture('openai-text-and-tool-call.1.ir.json'));
  });

  it('stream: asks for usage, merges calls split across SSE writes, and folds to the same IR', async () => {
    const { server, provider } = await serve(
      sse('openai', chunks('openai-unicode-args.1.chunks.txt'), { splitEvery: 1 }),
    );
    const response = await collectStream(provider('gpt-4.1').stream(request));
    expect(server.requests[0]?.body).toEqual({
      ...expectedBody,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response).toEqual(fixture('openai-unicode-args.1.ir.json'));
  });

  it('stream: streamed parallel calls and the trailing usage chunk', async () => {
    const { provider } = await serve(
      sse('openai', chunks('openai-parallel-tool-calls.1.chunks.txt'), { splitEvery: 64 }),
    );
    expect(await collectStream(provider('gpt-4.1').stream(request))).toEqual(
      fixture('openai-parallel-tool-calls.1.ir.json'),
    );
  });

  it('stream: a refusal streamed in delta.refusal finishes with refusal', async () => {
    const { provider } = await serve(sse('openai', chunks('openai-refusal.1.chunks.txt')));
    const response = await collectStream(provider('gpt-4o-2024-08-06').stream(request));
    expect(response).toEqual(fixture('openai-refusal.1.ir.json'));
  });

  it('stream: an answer that turns into a refusal folds to exactly what generate gives, the refusal marked', async () => {
    const { provider } = await serve([
      json(fixture('openai-text-then-refusal.1.json')),
      sse('openai', chunks('openai-text-then-refusal.1.chunks.txt'), { splitEvery: 9 }),
    ]);
    const model = provider('gpt-4o-2024-08-06');
    const generated = await model.generate(request);
    const events = await drain(model.stream(request));
    // The stream tells a refusal from an answer as it arrives, not only once folded.
    expect(events.filter((event) => event.type === 'text-delta').map((event) => event.providerMetadata)).toEqual([
      undefined,
      undefined,
      { openai: { refusal: true } },
      { openai: { refusal: true } },
    ]);
    expect(await collectStream(events)).toEqual(generated);
    expect(generated).toEqual(fixture('openai-text-then-refusal.1.ir.json'));
  });

  it('stream: a connection cut before the finish chunk ends in an error event, not a hang', async () => {
    const { provider } = await serve(sse('openai', chunks('openai-stream-cut-off.1.chunks.txt'), { truncate: true }));
    const events = await drain(provider('gpt-4.1').stream(request));
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'text-delta', 'error']);
    // A cut stream is worth retrying.
    expect((events.at(-1) as { error: unknown }).error).toMatchObject({ code: 'API_CALL_ERROR', isRetryable: true });
  });

  it('stream: an error sent mid-stream becomes an APICallError event with the provider message', async () => {
    const { provider } = await serve(
      sse('openai', [
        chunks('openai-text.1.chunks.txt')[0],
        { error: { message: 'The server had an error while processing your request.', type: 'server_error' } },
      ]),
    );
    const events = await drain(provider('gpt-4.1').stream(request));
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    const error = (last as { error: unknown }).error;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      message: 'The server had an error while processing your request.',
      providerErrorType: 'server_error',
    });
  });

  it('works against an Ollama/vLLM-like server: max_tokens only, no stream_options, no usage chunk', async () => {
    const { server, provider } = await serve(sse('openai', chunks('openai-stream-no-usage.1.chunks.txt')), {
      name: 'ollama',
      apiKey: 'ollama',
      maxTokensField: 'max_tokens',
      streamUsage: false,
    });
    const model = provider('llama3.1');
    expect(model.provider).toBe('ollama');
    const response = await collectStream(model.stream({ messages: request.messages, maxOutputTokens: 64 }));
    expect(server.requests[0]?.body).toEqual({
      model: 'llama3.1',
      messages: [{ role: 'user', content: '北京今天天气怎么样？' }],
      max_tokens: 64,
      stream: true,
    });
    expect(response).toEqual(fixture('openai-stream-no-usage.1.ir.json'));
  });

  it('per-model options override provider compat settings', async () => {
    const { server, provider } = await serve(json(fixture('openai-text.1.json')), { systemRole: 'system' });
    await provider('o3', { systemRole: 'developer', maxTokensField: 'max_tokens' }).generate(request);
    expect(server.requests[0]?.body).toMatchObject({
      messages: [{ role: 'developer', content: 'You are a weather assistant.' }, expect.anything()],
      max_tokens: 512,
    });
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const { provider } = await serve(json(fixture('openai-text.1.json')), {
      fetch: (input, init) => {
        seen.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    });
    await provider('gpt-4.1').generate(request);
    expect(seen).toEqual([expect.stringMatching(/\/v1\/chat\/completions$/)]);
  });
});

describe('OpenAI chat model errors', () => {
  const cases = [
    {
      status: 400,
      body: {
        error: {
          message: "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
          type: 'invalid_request_error',
          param: 'tool_choice',
          code: null,
        },
      },
      retryable: false,
    },
    {
      status: 401,
      body: {
        error: {
          message:
            'Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
      retryable: false,
    },
    {
      status: 429,
      body: {
        error: {
          message:
            'Rate limit reached for gpt-4.1 in organization org-1 on tokens per min (TPM): Limit 30000, Used 30000, Requested 512. Please try again in 1.024s.',
          type: 'tokens',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
      retryable: true,
      headers: { 'retry-after': '2' },
    },
    {
      status: 500,
      body: {
        error: {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        },
      },
      retryable: true,
    },
  ];

  for (const { status, body, retryable, headers } of cases) {
    it(`turns HTTP ${status} into an APICallError with the provider's message (generate and stream)`, async () => {
      const { provider } = await serve(json(body, { status, ...(headers === undefined ? {} : { headers }) }));
      const model = provider('gpt-4.1');
      // The 401 body echoes the key: it is redacted from the error, its message and its body.
      const redacted = JSON.parse(JSON.stringify(body).replaceAll('sk-test', '[REDACTED]')) as typeof body;
      const expected = {
        message: redacted.error.message,
        statusCode: status,
        isRetryable: retryable,
        providerErrorType: body.error.type,
        responseBody: redacted,
        retryAfterSeconds: headers === undefined ? undefined : 2,
      };
      const generateError = await model.generate(request).catch((error: unknown) => error);
      expect(APICallError.isInstance(generateError)).toBe(true);
      expect(generateError).toMatchObject(expected);
      const streamError = await drain(model.stream(request)).catch((error: unknown) => error);
      expect(APICallError.isInstance(streamError)).toBe(true);
      expect(streamError).toMatchObject(expected);
    });
  }

  it('retries a 429 honouring retry-after, then succeeds', async () => {
    const { server, provider } = await serve(
      [
        json(
          { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
          {
            status: 429,
            headers: { 'retry-after-ms': '10' },
          },
        ),
        json(fixture('openai-text.1.json')),
      ],
      { maxRetries: 1 },
    );
    const response = await provider('gpt-4.1').generate(request);
    expect(server.requests).toHaveLength(2);
    expect(response).toEqual(fixture('openai-text.1.ir.json'));
  });

  it('honours an AbortSignal in generate and stream', async () => {
    const { provider } = await serve(hang());
    const model = provider('gpt-4.1');
    const controller = new AbortController();
    const pending = model.generate(request, { signal: controller.signal }).catch((error: unknown) => error);
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toBeInstanceOf(AbortedError);

    const streamController = new AbortController();
    const streamed = drain(model.stream(request, { signal: streamController.signal })).catch((error: unknown) => error);
    setTimeout(() => streamController.abort(), 20);
    expect(await streamed).toBeInstanceOf(AbortedError);
  });

  it('honours an AbortSignal in the middle of a stream', async () => {
    // A server that sends one chunk and then keeps the stream open.
    const open = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify(chunks('openai-text.1.chunks.txt')[1])}\n\n`);
    });
    await new Promise<void>((resolve) => open.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = open.address() as AddressInfo;
      const model = createOpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test', maxRetries: 0 })(
        'gpt-4.1',
      );
      const controller = new AbortController();
      const events: StreamEvent[] = [];
      // An abort is thrown from the iterator (the ChatModel contract), after the events that arrived.
      await expect(async () => {
        for await (const event of model.stream(request, { signal: controller.signal })) {
          events.push(event);
          if (event.type === 'text-delta') controller.abort();
        }
      }).rejects.toSatisfy((error) => AbortedError.isInstance(error));
      expect(events).toEqual([{ type: 'text-delta', text: 'Hello' }]);
    } finally {
      open.closeAllConnections();
      await new Promise((resolve) => open.close(resolve));
    }
  });

  it('turns a timeout into a retryable APICallError', async () => {
    const { provider } = await serve(hang(), { timeout: 50 });
    const error = await provider('gpt-4.1')
      .generate(request)
      .catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
  });

  it('names OPENAI_API_KEY when no key is set, at call time', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const model = createOpenAI({ baseURL: 'http://127.0.0.1:9/v1' })('gpt-4.1');
      const error = await model.generate(request).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidSettingError);
      expect((error as Error).message).toMatch(/OPENAI_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});
