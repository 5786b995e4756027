import type { Gateway } from '@interlingua/gateway';
import { json, sse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';

// Issue 28, finding 9: the answer names the model the client asked for — in JSON answers and in
// every chunk of every streamed format — while the model the backend reported goes in the
// `x-interlingua-backend-model` header (the backend that answered) and the log line.

const ASKED = 'claude-sonnet-4-5';
const REPORTED = 'gpt-4o-mini-2024-07-18';

const completion = {
  id: 'chatcmpl-named',
  object: 'chat.completion',
  created: 1767225600,
  model: REPORTED,
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Bonjour', refusal: null },
      finish_reason: 'stop',
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
};
const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-named',
  object: 'chat.completion.chunk',
  created: 1767225600,
  model: REPORTED,
  choices,
  ...extra,
});
const chunks = [
  chunk([{ index: 0, delta: { role: 'assistant', content: 'Bon' }, finish_reason: null }]),
  chunk([{ index: 0, delta: { content: 'jour' }, finish_reason: null }]),
  chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
  chunk([], { usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 } }),
];

let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = (_format, stream) => (stream ? sse('openai', chunks) : json(completion));
  ({ gateway, url, logs } = await startGateway(
    backendConfig(backends, { models: { [ASKED]: { model: 'openai:gpt-4.1', retries: 0 } } }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

/** Every value of a `model` or `modelVersion` property, at any depth. */
function modelNames(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) modelNames(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'model' || key === 'modelVersion') && typeof inner === 'string') found.push(inner);
      else modelNames(inner, found);
    }
  }
  return found;
}

/** The JSON of every `data:` line of an SSE body (but `[DONE]`). */
function sseData(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
}

type Case = {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  stream: boolean;
};
const user = [{ role: 'user', content: 'Say hello in French.' }];
const CASES: Case[] = [
  {
    name: 'chat JSON',
    path: '/v1/chat/completions',
    headers: {},
    body: { model: ASKED, messages: user },
    stream: false,
  },
  {
    name: 'chat stream',
    path: '/v1/chat/completions',
    headers: {},
    body: { model: ASKED, messages: user, stream: true, stream_options: { include_usage: true } },
    stream: true,
  },
  { name: 'responses JSON', path: '/v1/responses', headers: {}, body: { model: ASKED, input: user }, stream: false },
  {
    name: 'responses stream',
    path: '/v1/responses',
    headers: {},
    body: { model: ASKED, input: user, stream: true },
    stream: true,
  },
  {
    name: 'anthropic JSON',
    path: '/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    body: { model: ASKED, max_tokens: 64, messages: user },
    stream: false,
  },
  {
    name: 'anthropic stream',
    path: '/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    body: { model: ASKED, max_tokens: 64, messages: user, stream: true },
    stream: true,
  },
  {
    name: 'gemini JSON',
    path: `/v1beta/models/${ASKED}:generateContent`,
    headers: {},
    body: { contents: [{ role: 'user', parts: [{ text: 'Say hello in French.' }] }] },
    stream: false,
  },
  {
    name: 'gemini stream',
    path: `/v1beta/models/${ASKED}:streamGenerateContent?alt=sse`,
    headers: {},
    body: { contents: [{ role: 'user', parts: [{ text: 'Say hello in French.' }] }] },
    stream: true,
  },
];

describe('the answer names the model the client asked for', () => {
  for (const testCase of CASES) {
    it(`${testCase.name}: every model field is "${ASKED}"; the backend is in a header and the log line`, async () => {
      const id = `named-${testCase.name.replace(/\s/g, '-')}`;
      const response = await fetch(`${url}${testCase.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id, ...testCase.headers },
        body: JSON.stringify(testCase.body),
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      const answers = testCase.stream ? sseData(text) : [JSON.parse(text) as unknown];
      expect(answers.length).toBeGreaterThan(0);
      const names = modelNames(answers);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set([ASKED]));
      if (testCase.stream && testCase.path.startsWith('/v1/chat')) {
        // Every chunk, the finish and usage chunks included, carries the model.
        expect(names).toHaveLength(answers.length);
      }
      expect(response.headers.get('x-interlingua-backend-model')).toBe('openai:gpt-4.1');
      await expect
        .poll(() => logs.find((line) => line.id === id))
        .toMatchObject({
          model: ASKED,
          backend: 'openai:gpt-4.1',
          backendModel: REPORTED,
        });
    });
  }
});
