import Anthropic from '@anthropic-ai/sdk';
import type { ModelResponse } from '@interlingua/core';
import type { Gateway } from '@interlingua/gateway';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';

// Issue 28, finding 8: Anthropic in → Anthropic backend (Claude Code) lost what the backend
// understands — the `anthropic-beta` header was not forwarded while `context_management` was,
// three system blocks became one (with a warning), three cache breakpoints became two — and the
// backend call carried both `authorization` and `x-api-key`. Same-format traffic now keeps them;
// the translated paths are unchanged (no Anthropic header reaches another provider).

let backends: Backends;
let gateway: Gateway;
let url: string;

const TEXT: ModelResponse = {
  message: { role: 'assistant', content: [{ type: 'text', text: '好的。' }] },
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage: { inputTokens: 12, outputTokens: 3 },
  warnings: [],
};

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = TEXT;
  ({ gateway, url } = await startGateway(backendConfig(backends)));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

const BETA = 'context-management-2025-06-27,interleaved-thinking-2025-05-14';
// Claude Code's shape: three system blocks, two of them cache breakpoints, a third breakpoint on
// the last user block, and the context management its beta header turns on.
const SYSTEM = [
  { type: 'text' as const, text: 'x-anthropic-billing-header: cc_version=2.1.0' },
  { type: 'text' as const, text: 'You are Claude Code.', cache_control: { type: 'ephemeral' as const } },
  { type: 'text' as const, text: '# 工作目录\n~/app', cache_control: { type: 'ephemeral' as const } },
];
const claudeCodeBody = (model: string) =>
  ({
    model,
    max_tokens: 512,
    system: SYSTEM,
    messages: [
      {
        role: 'user',
        content: [{ type: 'text', text: '看一下 package.json', cache_control: { type: 'ephemeral' } }],
      },
    ],
    context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] },
  }) as unknown as Anthropic.MessageCreateParamsNonStreaming;

const breakpoints = (body: unknown) => JSON.stringify(body).split('"cache_control"').length - 1;

describe('Anthropic in, Anthropic backend', () => {
  it('keeps the system blocks and every cache breakpoint, forwards anthropic-beta, sends one auth header', async () => {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries: 0 });
    const { data, response } = await client.messages
      .create(claudeCodeBody('anthropic-backend'), { headers: { 'anthropic-beta': BETA } })
      .withResponse();
    expect(data.content).toEqual([{ type: 'text', text: '好的。' }]);
    const sent = backends.servers.anthropic.requests.at(-1);
    expect(sent?.body).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 512,
      system: SYSTEM,
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: '看一下 package.json', cache_control: { type: 'ephemeral' } }],
        },
      ],
      context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] },
    });
    expect(breakpoints(sent?.body)).toBe(3);
    expect(sent?.headers['anthropic-beta']).toBe(BETA);
    expect(sent?.headers['x-api-key']).toBe('sk-ant-backend-0000');
    expect(sent?.headers.authorization).toBeUndefined();
    // Nothing was joined, so nothing is warned about.
    expect(response.headers.get('x-interlingua-warnings')).toBeNull();
  });

  it('streamed: the same body and headers reach the backend', async () => {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries: 0 });
    const message = await client.messages
      .stream(claudeCodeBody('anthropic-backend'), { headers: { 'anthropic-beta': BETA } })
      .finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: '好的。' }]);
    const sent = backends.servers.anthropic.requests.at(-1);
    expect((sent?.body as { system?: unknown } | undefined)?.system).toEqual(SYSTEM);
    expect(breakpoints(sent?.body)).toBe(3);
    expect(sent?.headers['anthropic-beta']).toBe(BETA);
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it('translated onto an OpenAI backend: the system prompt is the blocks joined, no Anthropic header goes along', async () => {
    const client = new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries: 0 });
    await client.messages.create(claudeCodeBody('openai-backend'), { headers: { 'anthropic-beta': BETA } });
    const sent = backends.servers.openai.requests.at(-1);
    const messages = (sent?.body as { messages: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
    expect(messages[0]).toEqual({ role: 'system', content: SYSTEM.map((block) => block.text).join('\n') });
    expect(sent?.headers['anthropic-beta']).toBeUndefined();
    expect(JSON.stringify(sent?.body)).not.toContain('cache_control');
  });
});

describe('OpenAI in, OpenAI backend', () => {
  it('forwards OpenAI-Beta to the OpenAI backend only', async () => {
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0 });
    const body = { messages: [{ role: 'user' as const, content: '你好' }] };
    const headers = { 'OpenAI-Beta': 'responses_websockets=2026-02-06' };
    await client.chat.completions.create({ ...body, model: 'openai-backend' }, { headers });
    expect(backends.servers.openai.requests.at(-1)?.headers['openai-beta']).toBe('responses_websockets=2026-02-06');
    await client.chat.completions.create({ ...body, model: 'anthropic-backend' }, { headers });
    expect(backends.servers.anthropic.requests.at(-1)?.headers['openai-beta']).toBeUndefined();
  });
});
