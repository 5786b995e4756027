import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import { json, sse } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANTHROPIC_CUT_STREAM,
  type Backends,
  backendConfig,
  backendReply,
  startBackends,
  startGateway,
} from './gateway-harness';
import { responsesClient, responsesEvents } from './gateway-responses-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 18: `/v1/responses` answers every error in the Responses API's shape (OpenAI's
// `{ error: { message, type, param, code } }`, raised by the `openai` SDK as its typed errors),
// under the same keys, limits and log line as the gateway's other routes; a failure after the
// stream started ends it with `response.failed`, in sequence, and is never retried.

const TEAM = 'sk-gw-team-a-0123456789';
const LIMITED = 'sk-gw-limited-0123456789';
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
        { name: 'team-a', sha256: hashGatewayKey(TEAM), models: ['openai-backend', 'anthropic-backend', 'cut'] },
        { name: 'limited', sha256: hashGatewayKey(LIMITED), rpm: 1 },
      ],
      masterKey: MASTER,
      limits: { maxBodyBytes: 64 * 1024, maxConcurrent: 1024 },
      models: {
        secret: { model: 'openai:gpt-4.1', retries: 0 },
        cut: { model: 'anthropic:cut', retries: 2 },
      },
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

const BODY = (model: string) => ({ model, input: 'hi' });

async function post(key: string | undefined, body: string) {
  const response = await fetch(`${url}/v1/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
    body,
  });
  const answer = (await response.json()) as { error: Record<string, unknown> };
  // The one error shape of the OpenAI API, exactly these four fields.
  expect(Object.keys(answer.error).sort()).toEqual(['code', 'message', 'param', 'type']);
  return {
    status: response.status,
    headers: response.headers,
    error: answer.error as { message: string; type: string; code: unknown },
  };
}

async function failure(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  return error as InstanceType<typeof OpenAI.APIError>;
}

describe('errors in the Responses format', () => {
  it('malformed JSON → 400 saying JSON was expected', async () => {
    const answer = await post(TEAM, '{"model": ');
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(/^Expected a JSON request body/),
    });
  });

  it('previous_response_id → 400 from the decoder: the gateway keeps no responses', async () => {
    const error = await failure(
      responsesClient(url, TEAM).responses.create({
        model: 'openai-backend',
        input: 'and then?',
        previous_response_id: 'resp_123',
      }),
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.message).toContain('previous_response_id');
    expect(backends.servers.openai.requests).toHaveLength(0);
  });

  it('unknown model → 404 listing the allowed names', async () => {
    const error = await failure(responsesClient(url, MASTER).responses.create(BODY('no-such-model')));
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.code).toBe('model_not_found');
    expect(error.message).toContain('openai-backend, anthropic-backend, gemini-backend');
  });

  it('no key and a bad key → 401, never echoing the key', async () => {
    expect((await post(undefined, JSON.stringify(BODY('openai-backend')))).status).toBe(401);
    const error = await failure(responsesClient(url, 'sk-wrong-key-123456').responses.create(BODY('openai-backend')));
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.code).toBe('invalid_api_key');
    expect(JSON.stringify(error.error)).not.toContain('sk-wrong-key-123456');
  });

  it('model not allowed for the key → 403 naming what it may use', async () => {
    const error = await failure(responsesClient(url, TEAM).responses.create(BODY('secret')));
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(error.message).toContain('may use openai-backend, anthropic-backend, cut');
  });

  it('body too large → 413', async () => {
    const answer = await post(TEAM, JSON.stringify({ ...BODY('openai-backend'), pad: 'x'.repeat(70_000) }));
    expect(answer.status).toBe(413);
    expect(answer.error.message).toContain('65536 bytes');
  });

  it('rate limit exceeded → 429 with Retry-After', async () => {
    const client = responsesClient(url, LIMITED);
    await client.responses.create(BODY('openai-backend'));
    const error = await failure(client.responses.create(BODY('openai-backend')));
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('an upstream 429 keeps its status and Retry-After', async () => {
    backends.answer = () =>
      json(
        { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } },
        { status: 429, headers: { 'retry-after': '7' } },
      );
    const error = await failure(responsesClient(url, TEAM).responses.create(BODY('anthropic-backend')));
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.headers?.get('retry-after')).toBe('7');
    expect(error.message).toContain('anthropic:claude-sonnet-4-6: Slow down');
  });
});

describe('after the first byte', () => {
  beforeEach(() => {
    backends.answer = (format, stream, request) =>
      (request.body as { model?: string }).model !== 'cut'
        ? backendReply(format, text.response, stream)
        : sse('anthropic', ANTHROPIC_CUT_STREAM);
  });

  it('an upstream error mid-stream ends the stream with response.failed, in sequence, never retried', async () => {
    const before = backends.servers.anthropic.requests.length;
    const events = await responsesEvents(
      await responsesClient(url, TEAM).responses.create({ model: 'cut', input: 'hi', stream: true }),
    );
    expect(events[0]?.type).toBe('response.created');
    expect(events.filter((event) => event.type === 'response.output_text.delta').map((event) => event.delta)).toEqual([
      'Half an ans',
    ]);
    const last = events.at(-1) as unknown as OpenAI.Responses.ResponseFailedEvent;
    expect(last.type).toBe('response.failed');
    expect(last.response.status).toBe('failed');
    expect(last.response.error).toEqual({ code: 'overloaded_error', message: expect.stringContaining('Overloaded') });
    // The output so far is in the failed response.
    expect(JSON.stringify(last.response.output)).toContain('Half an ans');
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(backends.servers.anthropic.requests.length).toBe(before + 1);
    const line = logs.findLast((entry) => entry.model === 'cut');
    expect(line).toMatchObject({ format: 'openai-responses', status: 200, error: { type: 'upstream' }, retries: 0 });
  });

  it('responses.stream reports the failed response', async () => {
    const stream = responsesClient(url, TEAM).responses.stream({ model: 'cut', input: 'hi' });
    const failed: OpenAI.Responses.ResponseFailedEvent[] = [];
    stream.on('response.failed', (event) => failed.push(event));
    const final = await stream.finalResponse();
    expect(final.status).toBe('failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.response.error?.code).toBe('overloaded_error');
  });
});

describe('the log line', () => {
  it('names the key, the format and the route, never a key itself', () => {
    const lines = JSON.stringify(logs);
    for (const secret of [TEAM, LIMITED, MASTER, 'sk-backend-openai-0000', 'sk-ant-backend-0000']) {
      expect(lines).not.toContain(secret);
    }
    expect(
      logs.some(
        (line) =>
          line.key === 'team-a' &&
          line.status === 403 &&
          line.route === 'openai.responses' &&
          line.format === 'openai-responses',
      ),
    ).toBe(true);
    expect(logs.some((line) => line.key === 'limited' && line.status === 429)).toBe(true);
  });
});
