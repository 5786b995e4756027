import Anthropic from '@anthropic-ai/sdk';
import type { Gateway } from '@interlingua/gateway';
import { json, type RecordedRequest, sse } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANTHROPIC_CUT_STREAM,
  type Backends,
  backendConfig,
  backendReply,
  startBackends,
  startGateway,
  type WireFormat,
} from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Retries, fallbacks, context-window fallbacks, cooldowns, failures after the first byte,
// warnings and identity headers — against provider servers scripted per backend model.

const text = GATEWAY_SCENARIOS[0]!;
let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

const modelOf = (format: WireFormat, request: RecordedRequest) =>
  format === 'gemini'
    ? (/models\/([^:]+):/.exec(request.path)?.[1] ?? '')
    : String((request.body as { model?: unknown }).model);
const calls = (format: WireFormat, model: string) =>
  backends.servers[format].requests.filter((request) => modelOf(format, request) === model).length;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = (format, stream, request) => {
    const model = modelOf(format, request);
    const seen = calls(format, model);
    switch (model) {
      case 'flaky':
        return seen <= 2
          ? json({ error: { message: 'Busy', type: 'server_error' } }, { status: 503, headers: { 'retry-after': '0' } })
          : backendReply(format, text.response, stream);
      case 'broken':
      case 'down':
        return json(
          { error: { message: 'Internal failure', type: 'server_error' } },
          { status: 500, headers: { 'retry-after': '0' } },
        );
      case 'small':
        return json(
          {
            error: {
              message:
                "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
              type: 'invalid_request_error',
              code: 'context_length_exceeded',
            },
          },
          { status: 400 },
        );
      case 'cut':
        return sse('anthropic', ANTHROPIC_CUT_STREAM);
      default:
        return backendReply(format, text.response, stream);
    }
  };
  ({ gateway, url, logs } = await startGateway(
    backendConfig(backends, {
      models: {
        flaky: { model: 'openai:flaky', retries: 2 },
        fallback: { model: 'openai:broken', retries: 1, fallbacks: ['anthropic:claude-haiku-4-5'] },
        ctx: {
          model: 'openai:small',
          fallbacks: ['anthropic:claude-haiku-4-5'],
          contextWindowFallbacks: ['gemini:gemini-2.5-pro'],
        },
        cool: { model: 'openai:down', retries: 0 },
        cut: { model: 'anthropic:cut', retries: 2 },
      },
      cooldown: { failures: 3, windowMs: 60_000, cooldownMs: 60_000 },
    }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

const openai = () => new OpenAI({ apiKey: 'unused', baseURL: `${url}/v1`, maxRetries: 0 });
const ask = (model: string) =>
  openai().chat.completions.create({ model, messages: [{ role: 'user', content: '你好' }] });
const lastLog = (model: string) => logs.filter((line) => line.model === model).at(-1) as Record<string, unknown>;

describe('retries and fallbacks', () => {
  it('retries a 503 (honouring Retry-After: 0) and answers from the same backend', async () => {
    const completion = await ask('flaky');
    expect(completion.choices[0]?.message.content).toBe('你好！有什么可以帮你？');
    expect(calls('openai', 'flaky')).toBe(3);
    expect(lastLog('flaky')).toMatchObject({ status: 200, retries: 2, backend: 'openai:flaky' });
  });

  it('after the retries, the next fallback answers; the log says which', async () => {
    const completion = await ask('fallback');
    expect(completion.choices[0]?.message.content).toBe('你好！有什么可以帮你？');
    expect(calls('openai', 'broken')).toBe(2);
    expect(calls('anthropic', 'claude-haiku-4-5')).toBe(1);
    expect(lastLog('fallback')).toMatchObject({
      backend: 'anthropic:claude-haiku-4-5',
      fallback: 'anthropic:claude-haiku-4-5',
      retries: 1,
    });
  });

  it('a context-window error goes to the larger model, not to the ordinary fallbacks', async () => {
    const before = calls('anthropic', 'claude-haiku-4-5');
    await ask('ctx');
    expect(calls('openai', 'small')).toBe(1);
    expect(calls('gemini', 'gemini-2.5-pro')).toBe(1);
    expect(calls('anthropic', 'claude-haiku-4-5')).toBe(before);
    expect(lastLog('ctx')).toMatchObject({ backend: 'gemini:gemini-2.5-pro' });
  });

  it('a backend that keeps failing is cooled down: later requests do not reach it', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(ask('cool')).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    }
    expect(calls('openai', 'down')).toBe(3);
    const error = (await ask('cool').catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(503);
    expect(error.message).toContain('openai:down is cooling down');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThan(50);
    expect(calls('openai', 'down')).toBe(3);
  });
});

describe('after the first byte', () => {
  it('an upstream error mid-stream ends the stream with the format error event, and is never retried', async () => {
    const stream = openai().chat.completions.stream({ model: 'cut', messages: [{ role: 'user', content: 'hi' }] });
    const seen: string[] = [];
    stream.on('content', (delta) => seen.push(delta));
    const error = (await stream.finalChatCompletion().catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.message).toContain('Overloaded');
    expect(seen.join('')).toBe('Half an ans');
    expect(calls('anthropic', 'cut')).toBe(1);
    expect(lastLog('cut')).toMatchObject({ status: 200, error: { type: 'upstream' }, retries: 0 });
  });

  it('the same failure reaches an Anthropic client as an error event', async () => {
    const client = new Anthropic({ apiKey: 'unused', baseURL: url, maxRetries: 0 });
    const stream = client.messages.stream({
      model: 'cut',
      max_tokens: 32,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const error = (await stream.finalMessage().catch((caught: unknown) => caught)) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error.error as { error?: { type?: string } }).error?.type).toBe('overloaded_error');
  });
});

describe('identity and warnings', () => {
  it('echoes x-request-id, adds x-interlingua-overhead-ms, and logs the same id', async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-from-client.42' },
      body: JSON.stringify({ model: 'openai-backend', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.headers.get('x-request-id')).toBe('req-from-client.42');
    expect(Number(response.headers.get('x-interlingua-overhead-ms'))).toBeGreaterThanOrEqual(0);
    expect(logs.find((line) => line.id === 'req-from-client.42')).toMatchObject({ status: 200, format: 'openai' });
    const generated = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('codec warnings go to the x-interlingua-warnings header and the log line', async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'warned-1' },
      body: JSON.stringify({
        model: 'anthropic-backend',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
          { role: 'system', content: 'Answer in 中文.' },
          { role: 'user', content: 'again' },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const header = JSON.parse(response.headers.get('x-interlingua-warnings') ?? '[]') as { feature: string }[];
    expect(header).toContainEqual(expect.objectContaining({ type: 'degraded', feature: 'messages[2]' }));
    expect((logs.find((line) => line.id === 'warned-1')?.warnings as unknown[])?.length).toBeGreaterThan(0);
  });
});
