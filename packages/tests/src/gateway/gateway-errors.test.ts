import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenerativeAI } from '@google/generative-ai';
import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import { json } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway, type WireFormat } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Every error status, in each caller's format, as each official SDK raises it.

const TEAM = 'sk-gw-team-a-0123456789';
const LIMITED = 'sk-gw-limited-0123456789';
const BROKE = 'sk-gw-broke-0123456789';
const MASTER = 'sk-gw-master-0123456789abcdef';
const text = GATEWAY_SCENARIOS[0]!;

let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  ({ gateway, url, logs } = await startGateway(
    backendConfig(backends, {
      keys: [
        {
          name: 'team-a',
          sha256: hashGatewayKey(TEAM),
          models: ['openai-backend', 'anthropic-backend', 'gemini-backend'],
        },
        { name: 'limited', sha256: hashGatewayKey(LIMITED), rpm: 1 },
        { name: 'broke', sha256: hashGatewayKey(BROKE), budget: { tokens: 10, period: 'month' } },
      ],
      masterKey: MASTER,
      limits: { maxBodyBytes: 64 * 1024, maxConcurrent: 1024 },
      models: { secret: { model: 'openai:gpt-4.1', retries: 0 } },
    }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});
beforeEach(() => {
  backends.answer = text.response;
});

const PATHS: Record<WireFormat, (model: string) => string> = {
  openai: () => '/v1/chat/completions',
  anthropic: () => '/v1/messages',
  gemini: (model) => `/v1beta/models/${model}:generateContent`,
};
const AUTH: Record<WireFormat, (key: string) => Record<string, string>> = {
  openai: (key) => ({ authorization: `Bearer ${key}` }),
  anthropic: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
  gemini: (key) => ({ 'x-goog-api-key': key }),
};
const BODY: Record<WireFormat, (model: string) => unknown> = {
  openai: (model) => ({ model, messages: [{ role: 'user', content: 'hi' }] }),
  anthropic: (model) => ({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }),
  gemini: () => ({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
};

async function post(format: WireFormat, model: string, key: string | undefined, body: string) {
  const response = await fetch(`${url}${PATHS[format](model)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : AUTH[format](key)) },
    body,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** The error object of each format's shape, asserting the shape itself. */
function errorOf(format: WireFormat, body: Record<string, unknown>): { type: string; message: string } {
  if (format === 'anthropic') {
    expect(body).toMatchObject({ type: 'error', error: { type: expect.any(String), message: expect.any(String) } });
    expect(typeof body.request_id).toBe('string');
    return body.error as { type: string; message: string };
  }
  if (format === 'gemini') {
    const error = body.error as { code: number; message: string; status: string };
    expect(error).toEqual({ code: expect.any(Number), message: expect.any(String), status: expect.any(String) });
    return { type: error.status, message: error.message };
  }
  const error = body.error as { message: string; type: string; param: unknown; code: unknown };
  expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type']);
  return { type: error.type, message: error.message };
}

const FORMATS: WireFormat[] = ['openai', 'anthropic', 'gemini'];

describe.each(FORMATS)('errors in the %s format', (format) => {
  it('malformed JSON → 400 saying JSON was expected', async () => {
    const answer = await post(format, 'openai-backend', TEAM, '{"model": ');
    expect(answer.status).toBe(400);
    const error = errorOf(format, answer.body);
    expect(error.type).toBe(
      { openai: 'invalid_request_error', anthropic: 'invalid_request_error', gemini: 'INVALID_ARGUMENT' }[format],
    );
    expect(error.message).toMatch(/^Expected a JSON request body/);
  });

  it('a body that is not a request of the format → 400 with the path from the decoder', async () => {
    const answer = await post(
      format,
      'openai-backend',
      TEAM,
      JSON.stringify({ model: 'openai-backend', messages: 5, contents: 5 }),
    );
    expect(answer.status).toBe(400);
    expect(errorOf(format, answer.body).message).toMatch(/messages|contents/);
  });

  it('unknown model → 404 listing the allowed names', async () => {
    const answer = await post(format, 'no-such-model', MASTER, JSON.stringify(BODY[format]('no-such-model')));
    expect(answer.status).toBe(404);
    expect(errorOf(format, answer.body).message).toContain('openai-backend, anthropic-backend, gemini-backend, secret');
  });

  it('body too large → 413', async () => {
    const answer = await post(
      format,
      'openai-backend',
      TEAM,
      JSON.stringify({ ...(BODY[format]('openai-backend') as object), pad: 'x'.repeat(70_000) }),
    );
    expect(answer.status).toBe(413);
    expect(errorOf(format, answer.body).message).toContain('65536 bytes');
  });

  it('no key and a bad key → 401, never echoing the key', async () => {
    const none = await post(format, 'openai-backend', undefined, JSON.stringify(BODY[format]('openai-backend')));
    expect(none.status).toBe(401);
    const bad = await post(
      format,
      'openai-backend',
      'sk-wrong-key-123456',
      JSON.stringify(BODY[format]('openai-backend')),
    );
    expect(bad.status).toBe(401);
    expect(JSON.stringify(bad.body)).not.toContain('sk-wrong-key-123456');
  });

  it('model not allowed for the key → 403 naming what it may use', async () => {
    const answer = await post(format, 'secret', TEAM, JSON.stringify(BODY[format]('secret')));
    expect(answer.status).toBe(403);
    expect(errorOf(format, answer.body).message).toContain('may use openai-backend, anthropic-backend, gemini-backend');
  });
});

describe('limits', () => {
  it('rate limit exceeded → 429 with Retry-After, in the caller format', async () => {
    const first = await post('anthropic', 'openai-backend', LIMITED, JSON.stringify(BODY.anthropic('openai-backend')));
    expect(first.status).toBe(200);
    const second = await post('anthropic', 'openai-backend', LIMITED, JSON.stringify(BODY.anthropic('openai-backend')));
    expect(second.status).toBe(429);
    expect(errorOf('anthropic', second.body)).toEqual({
      type: 'rate_limit_error',
      message: expect.stringContaining('1 requests per minute'),
    });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('budget exceeded → 429 naming the budget and when it resets', async () => {
    const first = await post('openai', 'gemini-backend', BROKE, JSON.stringify(BODY.openai('gemini-backend')));
    expect(first.status).toBe(200);
    // The spend is recorded after the answer; the next request sees it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await post('openai', 'gemini-backend', BROKE, JSON.stringify(BODY.openai('gemini-backend')));
    expect(second.status).toBe(429);
    const error = errorOf('openai', second.body);
    expect(error.type).toBe('insufficient_quota');
    expect(error.message).toMatch(/budget of 10 tokens \(spent 30\); it resets at \d{4}-\d\d-01T00:00:00\.000Z/);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('405 for a known path with another method', async () => {
    const response = await fetch(`${url}/v1/chat/completions`, { headers: AUTH.openai(TEAM) });
    expect(response.status).toBe(405);
  });
});

describe('upstream errors through the SDKs', () => {
  it('an upstream 429 keeps its status and Retry-After for the OpenAI SDK', async () => {
    backends.answer = () =>
      json(
        { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } },
        { status: 429, headers: { 'retry-after': '7' } },
      );
    const client = new OpenAI({ apiKey: TEAM, baseURL: `${url}/v1`, maxRetries: 0 });
    const error = await client.chat.completions
      .create({ model: 'anthropic-backend', messages: [{ role: 'user', content: 'hi' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('7');
    expect((error as Error).message).toContain('anthropic:claude-sonnet-4-6: Slow down');
  });

  it('an upstream 529 overloaded reaches the Anthropic SDK as 529 overloaded_error', async () => {
    backends.answer = () =>
      json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, { status: 529 });
    const client = new Anthropic({ apiKey: TEAM, baseURL: url, maxRetries: 0 });
    const error = (await client.messages
      .create({ model: 'anthropic-backend', max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(error.status).toBe(529);
    expect((error.error as { error?: { type?: string } }).error?.type).toBe('overloaded_error');
  });

  it("a backend refusing the gateway's own key is a 502 for the client, not a 401", async () => {
    backends.answer = () =>
      json({ error: { code: 401, message: 'API key not valid', status: 'UNAUTHENTICATED' } }, { status: 401 });
    const model = new GoogleGenerativeAI(TEAM).getGenerativeModel({ model: 'gemini-backend' }, { baseUrl: url });
    const error = (await model.generateContent('hi').catch((caught: unknown) => caught)) as {
      status?: number;
      message: string;
    };
    expect(error.status).toBe(502);
    expect(error.message).toContain("refused the gateway's credentials");
    expect(error.message).not.toContain('gemini-backend-key-0000');
  });

  it('the log line names the key, never the key itself', () => {
    const lines = JSON.stringify(logs);
    for (const secret of [TEAM, LIMITED, BROKE, MASTER, 'sk-backend-openai-0000', 'gemini-backend-key-0000']) {
      expect(lines).not.toContain(secret);
    }
    expect(logs.some((line) => line.key === 'team-a' && line.status === 403)).toBe(true);
  });
});
