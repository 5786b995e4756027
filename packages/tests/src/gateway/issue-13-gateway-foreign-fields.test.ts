import type { Gateway } from '@interlingua/gateway';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 13, item 8, through the gateway: the fields of an OpenAI client's body that the backend's
// format cannot carry (`logprobs` has no Messages or Gemini field; Gemini has no parallel switch)
// reach the client as warnings — the `x-interlingua-warnings` header and the log line — and
// `parallel_tool_calls: false` is mapped where it can be (Anthropic's `disable_parallel_tool_use`).
// Nothing foreign reaches the backend's wire. `response_format` is the IR's `responseFormat`
// since issue 19: carried in the backend's own terms, or a warning of its own where it cannot be.

let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
  ({ gateway, url, logs } = await startGateway(backendConfig(backends)));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

const client = () => new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0 });
const body = (model: string) => ({
  model,
  messages: [{ role: 'user' as const, content: '北京和上海的天气？' }],
  tools: [
    {
      type: 'function' as const,
      function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    },
  ],
  parallel_tool_calls: false,
  response_format: { type: 'json_object' as const },
  logprobs: true,
});
const features = (header: string | null) =>
  (JSON.parse(header ?? '[]') as { feature: string }[]).map((warning) => warning.feature);
const loggedFeatures = (id: string) =>
  ((logs.find((line) => line.id === id)?.warnings ?? []) as { feature: string }[]).map((warning) => warning.feature);

describe('an OpenAI client’s fields the backend cannot carry, through the gateway', () => {
  it('to Anthropic: parallel_tool_calls is mapped, JSON is asked for in the system prompt, logprobs is a warning', async () => {
    const { data, response } = await client()
      .chat.completions.create(body('anthropic-backend'), { headers: { 'x-request-id': 'foreign-anthropic' } })
      .withResponse();
    expect(data.choices[0]?.message.content).toBe('你好！有什么可以帮你？');
    const sent = backends.servers.anthropic.requests.at(-1)?.body as Record<string, unknown>;
    expect(sent.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(JSON.stringify(sent)).not.toMatch(/response_format|logprobs|parallel_tool_calls/);
    // JSON without a schema has no Messages field: an instruction, with a warning of its own.
    expect(sent.system).toBe('Answer with a single valid JSON value and nothing else.');
    const expected = ['responseFormat', 'providerOptions.openai.logprobs'];
    expect(features(response.headers.get('x-interlingua-warnings'))).toEqual(expect.arrayContaining(expected));
    expect(loggedFeatures('foreign-anthropic')).toEqual(expect.arrayContaining(expected));
  });

  it('to Gemini: all three are warnings (JSON does not combine with tools before Gemini 3), none on the wire', async () => {
    const { response } = await client()
      .chat.completions.create(body('gemini-backend'), { headers: { 'x-request-id': 'foreign-gemini' } })
      .withResponse();
    expect(response.status).toBe(200);
    const sent = backends.servers.gemini.requests.at(-1)?.body;
    expect(JSON.stringify(sent)).not.toMatch(/response_format|logprobs|parallel/);
    const expected = [
      'providerOptions.openai.parallel_tool_calls',
      'responseFormat',
      'providerOptions.openai.logprobs',
    ];
    expect(features(response.headers.get('x-interlingua-warnings'))).toEqual(expect.arrayContaining(expected));
    expect(loggedFeatures('foreign-gemini')).toEqual(expect.arrayContaining(expected));
  });

  it('streamed: the warnings are in the log line of the request', async () => {
    const stream = await client().chat.completions.create(
      { ...body('anthropic-backend'), stream: true },
      { headers: { 'x-request-id': 'foreign-stream' } },
    );
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('你好！有什么可以帮你？');
    expect(loggedFeatures('foreign-stream')).toEqual(
      expect.arrayContaining(['responseFormat', 'providerOptions.openai.logprobs']),
    );
  });
});
