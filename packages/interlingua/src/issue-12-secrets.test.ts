// Issue 12, items 10 and 11: no key, token or credential URL in any output. `traceFetch` and
// `createRedactor` matched header names only, so a custom credential header was printed; a base
// URL with credentials reached `error.cause` (and, for Gemini, the message) in full.
import { PassThrough } from 'node:stream';
import { inspect } from 'node:util';
import type { ChatModel, ChatRequest } from '@interlingua/core';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './cli/run-cli';
import { createAnthropic, createGemini, createOpenAI, createRedactor, type ModelTraceLeg, traceFetch } from './index';

const KEY = 'sk-proj-Zt4Qm8Lw2Rk9Xv7Bn3Hc6Yd1';
const CUSTOM_TOKEN = 'cst_0c2f4e6a8b1d3f5e7a9c';
const PASSWORD = 'hunter2-Pa55word';
const URL_KEY = 'url-key-9f8e7d6c5b4a';
const SECRETS = [KEY, CUSTOM_TOKEN, PASSWORD, URL_KEY];

const request: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] }],
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Everything an error can show: util.inspect (causes, stacks, bodies) and JSON of its cause chain. */
function everyOutput(error: unknown): string {
  const chain: unknown[] = [];
  for (let current = error; typeof current === 'object' && current !== null && chain.length < 8; ) {
    const { message, stack, ...own } = current as Error & Record<string, unknown>;
    chain.push({ message, stack, ...own });
    current = (current as Error).cause;
  }
  return `${inspect(error, { depth: Number.POSITIVE_INFINITY })}\n${JSON.stringify(chain, (_key, value) => (typeof value === 'bigint' ? String(value) : value))}`;
}

function expectNoSecret(output: string): void {
  for (const secret of SECRETS) expect(output).not.toContain(secret);
}

async function failures(model: ChatModel): Promise<unknown[]> {
  const generated = await model.generate(request).catch((caught: unknown) => caught);
  const streamed: unknown[] = [];
  try {
    for await (const event of model.stream(request)) if (event.type === 'error') streamed.push(event.error);
  } catch (caught) {
    streamed.push(caught);
  }
  return [generated, ...streamed];
}

function io(env: Record<string, string>) {
  const chunks: string[] = [];
  const stderr = { write: (text: string) => chunks.push(text), text: () => chunks.join('') };
  const stdout = { write: (text: string) => chunks.push(text) };
  return { stdin: Object.assign(new PassThrough(), { isTTY: true }), stdout, stderr, env: { NO_COLOR: '1', ...env } };
}

describe('issue 12, item 10: traces redact credentials by value', () => {
  it('traceFetch: a custom credential header, and the key echoed in an error body, never reach a leg', async () => {
    const body = {
      error: {
        message: `Incorrect API key provided: ${KEY}. Header X-Custom-Auth was Bearer ${CUSTOM_TOKEN}.`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    };
    server = await startProviderServer({
      routes: [{ path: '/v1/chat/completions', reply: json(body, { status: 401 }) }],
    });
    const legs: ModelTraceLeg[] = [];
    const model = createOpenAI({
      baseURL: `${server.url}/v1`,
      apiKey: KEY,
      maxRetries: 0,
      headers: { 'X-Custom-Auth': `Bearer ${CUSTOM_TOKEN}` },
      fetch: traceFetch(globalThis.fetch, (leg) => legs.push(leg)),
    })('gpt-4.1');
    const errors = await failures(model);
    // The server did get the credentials: they are redacted in the outputs only.
    expect(server.requests[0]?.headers['x-custom-auth']).toBe(`Bearer ${CUSTOM_TOKEN}`);
    expect(legs.map((leg) => leg.type)).toEqual(['model-request', 'model-response', 'model-request', 'model-response']);
    expect(legs[0]).toMatchObject({ headers: { authorization: '[REDACTED]', 'x-custom-auth': '[REDACTED]' } });
    expect(legs[1]).toMatchObject({ status: 401, body: { error: { code: 'invalid_api_key' } } });
    expectNoSecret(JSON.stringify(legs));
    for (const error of errors) expectNoSecret(everyOutput(error));
  });

  it('createRedactor redacts a bearer token or a key-shaped value it was not told about', () => {
    const redact = createRedactor([]);
    const line = `[trace] model → POST https://api.example.com/v1 {"x-custom-auth":"Bearer ${CUSTOM_TOKEN}","x-extra":"${KEY}"}`;
    expectNoSecret(redact(line));
    expect(redact(line)).toContain('"x-custom-auth":"Bearer [REDACTED]"');
  });

  it('the CLI prints no key from an error body, in the trace or in the error line', async () => {
    server = await startProviderServer({
      routes: [
        {
          path: '/v1/messages',
          reply: json(
            { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } },
            { status: 401 },
          ),
        },
      ],
    });
    const cli = io({ ANTHROPIC_API_KEY: KEY, INTERLINGUA_DEBUG: '1' });
    const code = await runCli(
      ['chat', '--trace', '--model', 'anthropic:claude-sonnet-4-6', '--base-url', server.url, 'hi'],
      cli,
    );
    expect(code).toBe(1);
    expect(cli.stderr.text()).toContain('[trace] model ← 401');
    expectNoSecret(cli.stderr.text());
  });
});

describe('issue 12, item 11: a base URL with credentials reaches no error and no trace', () => {
  const adapters = [
    ['openai', (baseURL: string) => createOpenAI({ baseURL: `${baseURL}/v1`, apiKey: KEY, maxRetries: 0 })('gpt-4.1')],
    [
      'openai (responses)',
      (baseURL: string) => createOpenAI({ baseURL: `${baseURL}/v1`, apiKey: KEY, maxRetries: 0 }).responses('gpt-4.1'),
    ],
    ['anthropic', (baseURL: string) => createAnthropic({ baseURL, apiKey: KEY, maxRetries: 0 })('claude-sonnet-4-6')],
    ['gemini', (baseUrl: string) => createGemini({ baseUrl, apiKey: KEY, maxRetries: 0 })('gemini-2.5-flash')],
  ] as const;

  it.each(adapters)('%s: user and password in the base URL', async (_name, create) => {
    server = await startProviderServer({ routes: [] });
    const { host } = new URL(server.url);
    const errors = await failures(create(`http://admin:${PASSWORD}@${host}`));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const error of errors) {
      expect(error).toMatchObject({ code: 'API_CALL_ERROR' });
      expectNoSecret(everyOutput(error));
    }
  });

  it.each(adapters)('%s: a key in the base URL’s query', async (_name, create) => {
    server = await startProviderServer({ routes: [] });
    const errors = await failures(create(`${server.url}/?key=${URL_KEY}`));
    for (const error of errors) expectNoSecret(everyOutput(error));
  });

  it('the CLI, traced and with INTERLINGUA_DEBUG, prints no credential of the base URL', async () => {
    server = await startProviderServer({
      routes: [{ path: /streamGenerateContent/, reply: sse('gemini', [], { end: 'reset' }) }],
    });
    const { host } = new URL(server.url);
    const cli = io({ GEMINI_API_KEY: KEY, INTERLINGUA_DEBUG: '1' });
    const code = await runCli(
      ['chat', '--trace', '--model', 'gemini:gemini-2.5-flash', '--base-url', `http://admin:${PASSWORD}@${host}`, 'hi'],
      cli,
    );
    expect(code).toBe(1);
    expect(cli.stderr.text()).toMatch(/^error: /m);
    expectNoSecret(cli.stderr.text());
  });
});
