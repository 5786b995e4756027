import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import { json, textResponse } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';

// Issue 28, finding 7: nothing secret in a log line, an error body, a metric or a span, whatever
// field a caller typed it into — the model name (body or Gemini path), a header, a tool name or
// a tool call id. The gateway knows its master key, its backends' keys and its virtual keys' hashes.

const MASTER = 'gw-master-Xq7rT2pLm9vK4wZ8';
const BACKEND_KEY = 'sk-backend-openai-0000'; // the harness's OpenAI provider key
const VIRTUAL = 'team-plain-key-Hd83kLq0Zr5Wm2';
const SECRETS = [MASTER, BACKEND_KEY, VIRTUAL];

let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = textResponse('ok', { usage: { inputTokens: 3, outputTokens: 1 } });
  ({ gateway, url, logs } = await startGateway(
    backendConfig(backends, {
      masterKey: MASTER,
      allowProviderModels: true,
      keys: [{ name: 'team', sha256: hashGatewayKey(VIRTUAL) }],
    }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

/** Fails naming the secret and where it was found. */
function expectNoSecret(where: string, text: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${where} holds ${secret}: ${text}`).toBe(false);
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${VIRTUAL}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function lineOf(id: string): Promise<Record<string, unknown>> {
  await expect.poll(() => logs.some((line) => line.id === id)).toBe(true);
  return logs.find((line) => line.id === id) as Record<string, unknown>;
}

describe('a secret typed into a caller-chosen field', () => {
  for (const secret of SECRETS) {
    it(`in "model": not in the 404, the log line or /metrics (${secret.slice(0, 6)}…)`, async () => {
      const id = `secret-model-${secret.slice(0, 6)}`;
      const answer = await post(
        '/v1/chat/completions',
        { model: secret, messages: [{ role: 'user', content: 'hi' }] },
        { 'x-request-id': id },
      );
      expect(answer.status).toBe(404);
      expectNoSecret('the 404 body', answer.text);
      expect(answer.text).toContain('[REDACTED]');
      const line = await lineOf(id);
      expectNoSecret('the log line', JSON.stringify(line));
      expect(line.model).toBe('[REDACTED]');
    });
  }

  it('in the Gemini path’s model: not in the 404 or the log line’s path', async () => {
    const answer = await fetch(`${url}/v1beta/models/${MASTER}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': VIRTUAL, 'x-request-id': 'secret-gemini-path' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(answer.status).toBe(404);
    expectNoSecret('the 404 body', await answer.text());
    expectNoSecret('the log line', JSON.stringify(await lineOf('secret-gemini-path')));
  });

  it('in "provider:model" (allowProviderModels): not in the log line, /metrics or a header', async () => {
    const id = 'secret-provider-model';
    const answer = await post(
      '/v1/chat/completions',
      { model: `openai:${BACKEND_KEY}`, messages: [{ role: 'user', content: 'hi' }] },
      { 'x-request-id': id },
    );
    expect(answer.status).toBe(200);
    // The answer names the model asked for (the caller's own text); the gateway's header is redacted.
    expect(answer.headers.get('x-interlingua-backend-model')).toBe('openai:[REDACTED]');
    expectNoSecret(
      'the answer’s headers',
      JSON.stringify(['x-request-id', 'x-interlingua-warnings'].map((name) => answer.headers.get(name))),
    );
    expectNoSecret('the log line', JSON.stringify(await lineOf(id)));
    expectNoSecret('/metrics', await (await fetch(`${url}/metrics`)).text());
  });

  it('in x-request-id: replaced by a fresh id everywhere, the backend’s request included', async () => {
    const before = backends.servers.openai.requests.length;
    const client = new OpenAI({ apiKey: VIRTUAL, baseURL: `${url}/v1`, maxRetries: 0 });
    const { response } = await client.chat.completions
      .create(
        { model: 'openai-backend', messages: [{ role: 'user', content: 'hi' }] },
        { headers: { 'x-request-id': MASTER } },
      )
      .withResponse();
    const id = response.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(backends.servers.openai.requests[before]?.headers['x-request-id']).toBe(id);
    expectNoSecret('the log line', JSON.stringify(await lineOf(id)));
    expect(logs.some((line) => JSON.stringify(line).includes(MASTER))).toBe(false);
  });

  it('as a tool name the backend echoes in its error: not in the answer or the log line', async () => {
    const id = 'secret-tool-name';
    // The backend refuses the forced tool, quoting its name, as OpenAI's API does.
    backends.answer = (_format, _stream, request) => {
      const forced = (request.body as { tool_choice?: { function?: { name?: string } } }).tool_choice?.function?.name;
      return json(
        {
          error: {
            message: `Invalid value for 'tool_choice': function '${forced}' is not in 'tools'.`,
            type: 'invalid_request_error',
            param: 'tool_choice',
            code: null,
          },
        },
        { status: 400 },
      );
    };
    try {
      const answer = await post(
        '/v1/chat/completions',
        {
          model: 'openai-backend',
          messages: [{ role: 'user', content: 'hi' }],
          tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
          tool_choice: { type: 'function', function: { name: VIRTUAL } },
        },
        { 'x-request-id': id },
      );
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("function '[REDACTED]' is not in 'tools'");
      expectNoSecret('the 400 body', answer.text);
      expectNoSecret('the log line', JSON.stringify(await lineOf(id)));
    } finally {
      backends.answer = textResponse('ok', { usage: { inputTokens: 3, outputTokens: 1 } });
    }
  });

  it('as a tool call id that answers no call: not in the 400 or the log line', async () => {
    const id = 'secret-tool-call-id';
    const answer = await post(
      '/v1/responses',
      { model: 'openai-backend', input: [{ type: 'function_call_output', call_id: MASTER, output: 'sunny' }] },
      { 'x-request-id': id },
    );
    expect(answer.status).toBe(400);
    expectNoSecret('the 400 body', answer.text);
    expectNoSecret('the log line', JSON.stringify(await lineOf(id)));
  });

  it('nothing logged anywhere holds a secret', () => {
    for (const line of logs) expectNoSecret('a log line', JSON.stringify(line));
  });
});
