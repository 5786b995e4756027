import { createAnthropic } from '@interlingua/anthropic';
import { createGemini } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { json, type ProviderServer, type RecordedRequest, startProviderServer } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { wireFixture } from './handoff-histories';

// Issue 13, item 8: a body decoded from one provider (here what the official `openai` client sends,
// as a gateway receives it) sent to another: options with an equivalent are mapped, the rest are
// warnings, and nothing foreign reaches the other provider's wire. `response_format` is the IR's
// `responseFormat` since issue 19: carried in the target's own terms, or a warning of its own.

// The Messages API's request fields; the API answers any other with 400 "…: Extra inputs are not permitted".
// https://docs.anthropic.com/en/api/messages
const MESSAGES_FIELDS = new Set([
  'model',
  'messages',
  'max_tokens',
  'system',
  'tools',
  'tool_choice',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'stream',
  'metadata',
  'thinking',
  'output_config',
  'service_tier',
  'container',
  'mcp_servers',
]);
const strictMessages = (request: RecordedRequest) => {
  const extra = Object.keys(request.body as object).find((key) => !MESSAGES_FIELDS.has(key));
  return extra === undefined
    ? json(wireFixture('anthropic', 'anthropic-weather-tool-use.1').body)
    : json(
        {
          type: 'error',
          error: { type: 'invalid_request_error', message: `${extra}: Extra inputs are not permitted` },
        },
        { status: 400 },
      );
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function inboundOpenAIRequest(url: string) {
  const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${url}/v1`, maxRetries: 0 });
  await client.chat.completions.create({
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: '北京和上海的天气？' }],
    tools: [
      {
        type: 'function',
        function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      },
    ],
    parallel_tool_calls: false,
    response_format: { type: 'json_object' },
    logprobs: true,
  });
  return openaiCodec.decodeRequest(server?.requests[0]?.body).value.request;
}

describe('an OpenAI client’s request carried on to other providers', () => {
  it('Anthropic gets disable_parallel_tool_use and nothing it would reject; the rest are warnings', async () => {
    server = await startProviderServer({
      routes: [
        { method: 'POST', path: '/v1/chat/completions', reply: json(wireFixture('openai', 'openai-text.1').body) },
        { method: 'POST', path: '/v1/messages', reply: strictMessages },
      ],
    });
    const request = await inboundOpenAIRequest(server.url);
    const response = await createAnthropic({ baseURL: server.url, apiKey: 'sk-ant', maxRetries: 0 })(
      'claude-sonnet-4-6',
    ).generate(request);
    expect(response.finishReason).toBe('tool_calls');
    const sent = server.requests[1]?.body as Record<string, unknown>;
    expect(sent.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    // JSON without a schema has no Messages field: asked for in the system prompt.
    expect(sent.system).toBe('Answer with a single valid JSON value and nothing else.');
    expect(response.warnings.map((warning) => warning.feature)).toEqual([
      'providerOptions.openai.logprobs',
      'responseFormat',
    ]);
  });

  it('Gemini has no parallel switch: a warning says so, beside the others', async () => {
    server = await startProviderServer({
      routes: [
        { method: 'POST', path: '/v1/chat/completions', reply: json(wireFixture('openai', 'openai-text.1').body) },
        { method: 'POST', path: /:generateContent$/, reply: json(wireFixture('gemini', 'gemini-text.1').body) },
      ],
    });
    const request = await inboundOpenAIRequest(server.url);
    const response = await createGemini({ baseUrl: server.url, apiKey: 'g', maxRetries: 0 })(
      'gemini-2.5-flash',
    ).generate(request);
    expect(response.finishReason).toBe('stop');
    expect(JSON.stringify(server.requests[1]?.body)).not.toMatch(/parallel|response_format|logprobs/);
    // Gemini 2.5 does not combine JSON output with function declarations.
    expect(response.warnings.map((warning) => warning.feature)).toEqual([
      'providerOptions.openai.parallel_tool_calls',
      'providerOptions.openai.logprobs',
      'responseFormat',
    ]);
  });
});
