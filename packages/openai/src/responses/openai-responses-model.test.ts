import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { AbortedError, APICallError, type ChatRequest, collectStream, type StreamEvent } from '@interlingua/core';
import {
  hang,
  json,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI, type OpenAISettings } from '../create-openai';

const fixtureText = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url)), 'utf8');
const fixture = (name: string): unknown => JSON.parse(fixtureText(name));
const chunks = (name: string): unknown[] =>
  fixtureText(name)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

// Every body parameter of POST /v1/responses, from the SDK's own params type (exhaustive, so it
// follows the SDK): like the real API, the test server answers any other key with a 400.
const PARAMS = {
  background: true,
  context_management: true,
  conversation: true,
  include: true,
  input: true,
  instructions: true,
  max_output_tokens: true,
  metadata: true,
  model: true,
  moderation: true,
  parallel_tool_calls: true,
  previous_response_id: true,
  prompt: true,
  prompt_cache_key: true,
  prompt_cache_options: true,
  prompt_cache_retention: true,
  reasoning: true,
  safety_identifier: true,
  service_tier: true,
  store: true,
  stream: true,
  stream_options: true,
  temperature: true,
  text: true,
  tool_choice: true,
  tools: true,
  top_logprobs: true,
  top_p: true,
  truncation: true,
  user: true,
} satisfies Record<keyof ResponseCreateParamsStreaming, true>;

function strict(reply: Reply): (request: RecordedRequest) => Reply {
  return (request) => {
    const unknown = Object.keys(request.body as object).find((key) => !Object.hasOwn(PARAMS, key));
    if (unknown === undefined) return reply;
    return json(
      {
        error: {
          message: `Unknown parameter: '${unknown}'.`,
          type: 'invalid_request_error',
          param: unknown,
          code: 'unknown_parameter',
        },
      },
      { status: 400 },
    );
  };
}

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(reply: Reply | Reply[], settings: OpenAISettings = {}) {
  const replies = Array.isArray(reply) ? reply : [reply];
  server = await startProviderServer({
    routes: [
      {
        method: 'POST',
        path: '/v1/responses',
        reply: (request, index) => strict(replies[Math.min(index, replies.length - 1)] as Reply)(request),
      },
    ],
  });
  const provider = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0, ...settings });
  return { server, provider };
}

/** A server answering the first five events of the text fixture, then nothing (the connection stays open). */
async function serveStalledStream(): Promise<Server> {
  const events = chunks('openai-responses-text.1.chunks.txt');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const event of events.slice(0, 5)) {
      response.write(`event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function drain(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const weatherTool = {
  name: 'get_weather',
  description: 'Get current weather for a location.',
  inputSchema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};
const request: ChatRequest = {
  system: 'You are a weather assistant.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] }],
  tools: [weatherTool],
  maxOutputTokens: 1024,
  providerOptions: { openai: { reasoning: { effort: 'medium', summary: 'auto' }, parallel_tool_calls: false } },
};
const expectedBody = {
  model: 'gpt-5',
  instructions: 'You are a weather assistant.',
  input: [{ type: 'message', role: 'user', content: 'What is the weather in Paris?' }],
  tools: [
    {
      type: 'function',
      name: 'get_weather',
      description: 'Get current weather for a location.',
      parameters: weatherTool.inputSchema,
      strict: false,
    },
  ],
  max_output_tokens: 1024,
  store: false,
  include: ['reasoning.encrypted_content'],
  reasoning: { effort: 'medium', summary: 'auto' },
  parallel_tool_calls: false,
};

describe('OpenAI Responses model over the real openai SDK', () => {
  it('generate: sends exactly the encoded body to /v1/responses, and returns the decoded IR', async () => {
    const { server, provider } = await serve(json(fixture('openai-responses-reasoning-tool-call.1.json')), {
      headers: { 'x-app': 'interlingua' },
    });
    const model = provider.responses('gpt-5');
    expect(model).toMatchObject({ provider: 'openai', modelId: 'gpt-5' });
    const response = await model.generate(request, { headers: { 'x-call': '1' } });
    expect(server.requests[0]?.path).toBe('/v1/responses');
    expect(server.requests[0]?.body).toEqual(expectedBody);
    expect(server.requests[0]?.headers).toMatchObject({
      authorization: 'Bearer sk-test',
      'x-app': 'interlingua',
      'x-call': '1',
    });
    expect(response).toEqual(fixture('openai-responses-reasoning-tool-call.1.ir.json'));
  });

  it('stream: semantic events split at every byte fold to the same IR; the next turn replays the reasoning', async () => {
    const { server, provider } = await serve([
      sse('openai-responses', chunks('openai-responses-reasoning-tool-call.1.chunks.txt'), { splitEvery: 1 }),
      sse('openai-responses', chunks('openai-responses-text.1.chunks.txt'), { splitEvery: 13 }),
    ]);
    const model = provider.responses('gpt-5');
    const first = await collectStream(model.stream(request));
    expect(server.requests[0]?.body).toEqual({ ...expectedBody, stream: true });
    expect(first).toEqual(fixture('openai-responses-reasoning-tool-call.1.ir.json'));

    const call = first.message.content.find((part) => part.type === 'tool-call');
    const second = await collectStream(
      model.stream({
        ...request,
        messages: [
          ...request.messages,
          first.message,
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: call?.type === 'tool-call' ? call.id : '',
                toolName: 'get_weather',
                content: [{ type: 'text', text: '18°C, light rain' }],
                isError: false,
              },
            ],
          },
        ],
      }),
    );
    expect(second).toEqual(fixture('openai-responses-text.1.ir.json'));
    const reasoning = (
      fixture('openai-responses-reasoning-tool-call.1.json') as { output: { encrypted_content?: string }[] }
    ).output[0];
    expect((server.requests[1]?.body as { input?: unknown[] } | undefined)?.input?.slice(1)).toEqual([
      {
        type: 'reasoning',
        id: 'rs_68b1f2a3c4d58190a1b2c3d4e5f60718',
        summary: [{ type: 'summary_text', text: expect.stringContaining('**Checking the weather**') }],
        encrypted_content: reasoning?.encrypted_content,
      },
      {
        type: 'function_call',
        call_id: 'call_Qw3RtY7uIo9pAs1dFg5hJk2L',
        name: 'get_weather',
        arguments: '{"location":"Paris, France"}',
      },
      { type: 'function_call_output', call_id: 'call_Qw3RtY7uIo9pAs1dFg5hJk2L', output: '18°C, light rain' },
    ]);
  });

  it('stream: a web search the provider ran becomes its hosted call and result parts, and an incomplete response finishes with length', async () => {
    const { provider } = await serve([
      sse('openai-responses', chunks('openai-responses-web-search.1.chunks.txt'), { splitEvery: 64 }),
      sse('openai-responses', chunks('openai-responses-incomplete.1.chunks.txt')),
    ]);
    const model = provider.responses('gpt-4.1');
    expect(await collectStream(model.stream(request))).toEqual(fixture('openai-responses-web-search.1.ir.json'));
    expect(await collectStream(model.stream(request))).toEqual(fixture('openai-responses-incomplete.1.ir.json'));
  });

  it('stream: an error event mid-stream ends in an APICallError event with the provider code', async () => {
    const { provider } = await serve(sse('openai-responses', chunks('openai-responses-failed.1.chunks.txt')));
    const events = await drain(provider.responses('gpt-4.1').stream(request));
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect(APICallError.isInstance((last as { error: unknown }).error)).toBe(true);
    expect((last as { error: unknown }).error).toMatchObject({ isRetryable: true });
  });

  it('a Chat Completions-only setting is not sent (the API would answer 400), with a warning', async () => {
    const { server, provider } = await serve(json(fixture('openai-responses-text.1.json')));
    const response = await provider.responses('gpt-4.1').generate({
      ...request,
      stopSequences: ['END'],
      providerOptions: { openai: { seed: 1, reasoning_effort: 'low' } },
    });
    expect(server.requests[0]?.body).toMatchObject({ reasoning: { effort: 'low' } });
    expect(server.requests[0]?.body).not.toHaveProperty('seed');
    expect(response.warnings.map((warning) => warning.feature)).toEqual([
      'stopSequences',
      'providerOptions.openai.seed',
    ]);
  });
});

describe('OpenAI Responses model errors', () => {
  it('turns HTTP errors into APICallErrors with the provider message, retry flag and retry-after', async () => {
    const rateLimited = {
      error: { message: 'Rate limit reached for gpt-5.', type: 'tokens', param: null, code: 'rate_limit_exceeded' },
    };
    const { provider } = await serve(json(rateLimited, { status: 429, headers: { 'retry-after': '3' } }));
    const model = provider.responses('gpt-5');
    const expected = {
      message: 'Rate limit reached for gpt-5.',
      statusCode: 429,
      isRetryable: true,
      providerErrorType: 'tokens',
      retryAfterSeconds: 3,
    };
    expect(await model.generate(request).catch((error: unknown) => error)).toMatchObject(expected);
    expect(await drain(model.stream(request)).catch((error: unknown) => error)).toMatchObject(expected);
  });

  it('an unknown body parameter is the same 400 the API gives', async () => {
    const { provider } = await serve(json(fixture('openai-responses-text.1.json')));
    const error = await provider
      .responses('gpt-5')
      .generate({ ...request, providerOptions: { openai: { not_a_parameter: 1 } } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 400,
      message: "Unknown parameter: 'not_a_parameter'.",
      isRetryable: false,
    });
  });

  it('honours an AbortSignal before the first event and in the middle of a stream', async () => {
    const { provider } = await serve(hang());
    const controller = new AbortController();
    const pending = provider.responses('gpt-5').generate(request, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toSatisfy((error) => AbortedError.isInstance(error));

    const open = await serveStalledStream();
    try {
      const { port } = open.address() as AddressInfo;
      const model = createOpenAI({
        baseURL: `http://127.0.0.1:${port}/v1`,
        apiKey: 'sk-test',
        maxRetries: 0,
      }).responses('gpt-4.1');
      const streamController = new AbortController();
      const seen: StreamEvent[] = [];
      await expect(async () => {
        for await (const event of model.stream(request, { signal: streamController.signal })) {
          seen.push(event);
          streamController.abort();
        }
      }).rejects.toSatisfy((error) => AbortedError.isInstance(error));
      expect(seen).toEqual([{ type: 'text-delta', text: 'Hello' }]);
    } finally {
      open.closeAllConnections();
      await new Promise((resolve) => open.close(resolve));
    }
  });

  it('stream: a wait for the next event longer than streamIdleTimeout ends in a retryable APICallError', async () => {
    const stalled = await serveStalledStream();
    try {
      const { port } = stalled.address() as AddressInfo;
      const model = createOpenAI({
        baseURL: `http://127.0.0.1:${port}/v1`,
        apiKey: 'sk-test',
        maxRetries: 0,
        streamIdleTimeout: 100,
      }).responses('gpt-4.1');
      const seen = await drain(model.stream(request));
      expect(seen[0]).toEqual({ type: 'text-delta', text: 'Hello' });
      const last = seen.at(-1);
      expect(last?.type).toBe('error');
      const error = (last as { error: unknown }).error;
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ isRetryable: true });
      expect(String((error as Error).message)).toMatch(/100 ms/);
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  it('turns a timeout into a retryable APICallError', async () => {
    const { provider } = await serve(hang(), { timeout: 50 });
    const error = await provider
      .responses('gpt-5')
      .generate(request)
      .catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
  });
});
