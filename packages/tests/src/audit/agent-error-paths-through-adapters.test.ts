import { findHistoryProblems, runAgent, streamAgent, userMessage } from '@interlingua/agent';
import { createAnthropic } from '@interlingua/anthropic';
import { APICallError, type ChatModel, defineTool, InterlinguaError } from '@interlingua/core';
import { createGemini } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import { json, type ProviderServer, type Reply, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// Audit: what a user sees when the provider fails in the middle of an agent run, through each
// adapter's real SDK. Wire bodies follow the adapters' fixtures (see their __fixtures__/SOURCES.md):
// the error bodies are the documented error shapes of each API.

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: sunny, 25°C`,
});
const question = [userMessage('Weather in Paris?')];

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Adapter = {
  name: string;
  path: string | RegExp;
  model: (url: string) => ChatModel;
  /** A first answer that calls get_weather({ city: 'Paris' }). */
  calls: Reply;
  /** HTTP 429 in the provider's own error shape, asking to wait 3 seconds. */
  rateLimited: Reply;
  rateLimitMessage: string;
  /** HTTP 500/503 in the provider's own error shape. */
  serverError: Reply;
  /** A stream that starts a text answer and is cut before it finishes. */
  cutStream: Reply;
};

const openaiChunk = (choice: object) => ({
  id: 'chatcmpl-audit01',
  object: 'chat.completion.chunk',
  created: 1767225600,
  model: 'gpt-4.1-2025-04-14',
  choices: [{ index: 0, logprobs: null, finish_reason: null, ...choice }],
  usage: null,
});

const adapters: Adapter[] = [
  {
    name: 'openai',
    path: '/v1/chat/completions',
    model: (url) => createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 })('gpt-4.1'),
    calls: json({
      id: 'chatcmpl-audit00',
      object: 'chat.completion',
      created: 1767225600,
      model: 'gpt-4.1-2025-04-14',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            annotations: [],
            tool_calls: [
              { id: 'call_paris', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
    }),
    rateLimited: json(
      {
        error: {
          message: 'Rate limit reached for gpt-4.1 in organization org-1 on requests per min (RPM): Limit 3.',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
      { status: 429, headers: { 'retry-after': '3' } },
    ),
    rateLimitMessage: 'Rate limit reached for gpt-4.1 in organization org-1 on requests per min (RPM): Limit 3.',
    serverError: json(
      {
        error: {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        },
      },
      { status: 500 },
    ),
    cutStream: sse(
      'openai',
      [
        openaiChunk({ delta: { role: 'assistant', content: '', refusal: null } }),
        openaiChunk({ delta: { content: 'It is sun' } }),
      ],
      { truncate: true },
    ),
  },
  {
    name: 'anthropic',
    path: '/v1/messages',
    model: (url) => createAnthropic({ baseURL: url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-6'),
    calls: json({
      id: 'msg_01Audit',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [{ type: 'tool_use', id: 'toolu_01Paris', name: 'get_weather', input: { city: 'Paris' } }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 50, output_tokens: 10 },
    }),
    rateLimited: json(
      {
        type: 'error',
        error: {
          type: 'rate_limit_error',
          message: 'Number of request tokens has exceeded your per-minute rate limit',
        },
      },
      { status: 429, headers: { 'retry-after': '3' } },
    ),
    rateLimitMessage: 'Number of request tokens has exceeded your per-minute rate limit',
    serverError: json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, { status: 529 }),
    cutStream: sse(
      'anthropic',
      [
        {
          type: 'message_start',
          message: {
            id: 'msg_01AuditCut',
            type: 'message',
            role: 'assistant',
            model: 'claude-sonnet-4-6',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 50, output_tokens: 1 },
          },
        },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'It is sun' } },
      ],
      { truncate: true },
    ),
  },
  {
    name: 'gemini',
    path: /^\/v1beta\/models\/gemini-2\.0-flash:(generateContent|streamGenerateContent)$/,
    model: (url) => createGemini({ baseUrl: url, apiKey: 'gm-test', maxRetries: 0 })('gemini-2.0-flash'),
    calls: json({
      candidates: [
        {
          content: { parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }], role: 'model' },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 10, totalTokenCount: 60 },
      modelVersion: 'gemini-2.0-flash',
      responseId: 'auditGemini01',
    }),
    rateLimited: json(
      {
        error: {
          code: 429,
          message: 'Resource has been exhausted (e.g. check quota).',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3s' }],
        },
      },
      { status: 429 },
    ),
    rateLimitMessage: 'Resource has been exhausted (e.g. check quota).',
    serverError: json(
      { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } },
      { status: 503 },
    ),
    cutStream: sse(
      'gemini',
      [
        {
          candidates: [{ content: { parts: [{ text: 'It is sun' }], role: 'model' }, index: 0 }],
          usageMetadata: { promptTokenCount: 50, totalTokenCount: 50 },
          modelVersion: 'gemini-2.0-flash',
          responseId: 'auditGeminiCut',
        },
      ],
      { truncate: true },
    ),
  },
];

async function serve(adapter: Adapter, replies: Reply[]): Promise<ProviderServer> {
  server = await startProviderServer({ routes: [{ method: 'POST', path: adapter.path, reply: replies }] });
  return server;
}

describe.each(adapters)('provider failures mid-run through the $name adapter', (adapter) => {
  it('a 429 after a tool step ends the run with `error`: the APICallError (retryable, retry-after) and the tool exchange kept', async () => {
    const { url } = await serve(adapter, [adapter.calls, adapter.rateLimited]);
    const result = await runAgent({ model: adapter.model(url), tools: [getWeather], messages: question });
    expect(result.finishReason).toBe('error');
    const error = result.error;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 429,
      isRetryable: true,
      retryAfterSeconds: 3,
      message: adapter.rateLimitMessage,
    });
    expect((error as APICallError).cause).toBeDefined();
    expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    const toolMessage = result.messages[2];
    expect(toolMessage?.role === 'tool' && toolMessage.content[0]?.content).toEqual([
      { type: 'text', text: 'Paris: sunny, 25°C' },
    ]);
    expect(findHistoryProblems(result.messages)).toEqual([]);
  });

  it('a 5xx is a retryable APICallError, and the kept history resumes the run without running the tool again', async () => {
    const { url, requests } = await serve(adapter, [adapter.calls, adapter.serverError, adapter.calls]);
    const model = adapter.model(url);
    let runs = 0;
    const counted = defineTool({
      name: 'get_weather',
      description: 'Current weather for a city.',
      input: z.object({ city: z.string() }),
      execute: ({ city }) => {
        runs++;
        return `${city}: sunny, 25°C`;
      },
    });
    const failed = await runAgent({ model, tools: [counted], messages: question, maxSteps: 2 });
    expect(failed.finishReason).toBe('error');
    expect(failed.error).toMatchObject({ isRetryable: true });
    expect((failed.error as APICallError).statusCode).toBeGreaterThanOrEqual(500);
    expect(runs).toBe(1);

    // Resuming sends the whole tool exchange again (the third reply calls again; one step is allowed).
    const resumed = await runAgent({ model, tools: [counted], history: failed.messages, maxSteps: 1 });
    expect(requests).toHaveLength(3);
    expect(JSON.stringify(requests[2]?.body)).toContain('Paris: sunny, 25°C');
    expect(resumed.finishReason).toBe('max_steps');
    expect(findHistoryProblems(resumed.messages)).toEqual([]);
  });

  it('a stream cut before its end finishes streamAgent with `error`, text seen so far streamed, no half turn stored', async () => {
    const { url } = await serve(adapter, [adapter.cutStream]);
    const texts: string[] = [];
    let finish: { finishReason: string; error?: unknown; messages: readonly unknown[] } | undefined;
    for await (const event of streamAgent({ model: adapter.model(url), tools: [getWeather], messages: question })) {
      if (event.type === 'text-delta') texts.push(event.text);
      if (event.type === 'finish') finish = event.result;
    }
    expect(texts.join('')).toBe('It is sun');
    expect(finish?.finishReason).toBe('error');
    const error = finish?.error;
    expect(InterlinguaError.isInstance(error)).toBe(true);
    expect(error instanceof Error && error.message).toMatch(/^Expected/);
    expect(finish?.messages).toEqual(question);
  });
});
