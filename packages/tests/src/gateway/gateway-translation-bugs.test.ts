import Anthropic from '@anthropic-ai/sdk';
import type { Gateway } from '@interlingua/gateway';
import { OPENAI_TOOL_ERROR_PREFIX } from '@interlingua/openai';
import { json } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// The translation bugs most reported against other gateways, each a named test.

const [text, oneCall, parallel, , thinking, cached] = GATEWAY_SCENARIOS;
let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  ({ gateway, url, logs } = await startGateway(backendConfig(backends)));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});
beforeEach(() => {
  backends.answer = text!.response;
});

type Frame = { event: string | undefined; data: string };

/** Posts a streaming request and returns the SSE frames exactly as the gateway framed them. */
async function rawStream(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ raw: string; frames: Frame[] }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const raw = await response.text();
  const frames = raw
    .split(/\r?\n\r?\n/)
    .filter((block) => block !== '')
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data };
    });
  return { raw, frames };
}

const anthropicBody = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  max_tokens: 256,
  stream: true,
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      input_schema: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
  ...extra,
});

describe('named translation bugs', () => {
  // BerriAI/litellm#25390, #12158: streaming tool_use arrives with `input: {}` for a non-Anthropic backend.
  it.each(['openai-backend', 'gemini-backend'])(
    'streamed tool_use from %s carries its input, not {}',
    async (model) => {
      backends.answer = oneCall!.response;
      const client = new Anthropic({ apiKey: 'unused', baseURL: url, maxRetries: 0 });
      const message = await client.messages
        .stream(anthropicBody(model) as Anthropic.MessageCreateParamsStreaming)
        .finalMessage();
      const toolUse = message.content.find((block) => block.type === 'tool_use');
      expect(toolUse).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: '北京' } });
      expect(message.stop_reason).toBe('tool_use');
    },
  );

  // BerriAI/litellm#21331, ollama/ollama#15457: every parallel call streamed with `index: 0`.
  it.each(['anthropic-backend', 'gemini-backend'])(
    'parallel calls from %s stream with distinct indices',
    async (model) => {
      backends.answer = parallel!.response;
      const { frames } = await rawStream('/v1/chat/completions', {
        model,
        stream: true,
        messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
      });
      const heads = frames
        .filter((frame) => frame.data !== '[DONE]')
        .flatMap((frame) => (JSON.parse(frame.data) as OpenAI.ChatCompletionChunk).choices[0]?.delta.tool_calls ?? [])
        .filter((call) => call.id !== undefined);
      expect(heads.map((call) => [call.index, call.function?.name])).toEqual([
        [0, 'get_weather'],
        [1, 'get_time'],
      ]);
    },
  );

  // Tool deltas a strict SDK rejects: the first delta of a call must carry id, type and name;
  // later ones only the index and argument text (the openai SDK's stream helper checks this).
  it('tool deltas are shaped as the openai SDK stream accumulator requires', async () => {
    backends.answer = parallel!.response;
    const { frames } = await rawStream('/v1/chat/completions', {
      model: 'anthropic-backend',
      stream: true,
      messages: [{ role: 'user', content: 'Weather and time in Paris?' }],
    });
    const deltas = frames
      .filter((frame) => frame.data !== '[DONE]')
      .flatMap((frame) => (JSON.parse(frame.data) as OpenAI.ChatCompletionChunk).choices[0]?.delta.tool_calls ?? []);
    const seen = new Set<number>();
    for (const delta of deltas) {
      if (!seen.has(delta.index)) {
        expect(delta).toMatchObject({
          id: expect.any(String),
          type: 'function',
          function: { name: expect.any(String) },
        });
        seen.add(delta.index);
      } else {
        expect(Object.keys(delta).sort()).toEqual(['function', 'index']);
        expect(Object.keys(delta.function ?? {})).toEqual(['arguments']);
      }
    }
    const client = new OpenAI({ apiKey: 'unused', baseURL: `${url}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions
      .stream({ model: 'anthropic-backend', messages: [{ role: 'user', content: 'Weather and time in Paris?' }] })
      .finalChatCompletion();
    expect(
      completion.choices[0]?.message.tool_calls?.map(
        (call) => call.type === 'function' && JSON.parse(call.function.arguments),
      ),
    ).toEqual([{ city: 'Paris' }, { timezone: 'Europe/Paris' }]);
  });

  // Thinking signatures lost or attached to the wrong block across turns.
  it('thinking blocks keep their own signatures, in place, on the next turn', async () => {
    const client = new Anthropic({ apiKey: 'unused', baseURL: url, maxRetries: 0 });
    await client.messages.create({
      model: 'anthropic-backend',
      max_tokens: 2048,
      messages: [
        { role: 'user', content: 'Plan, then look up Paris.' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'First thought.', signature: 'sig-one' },
            { type: 'text', text: 'Looking it up.' },
            { type: 'thinking', thinking: 'Second thought.', signature: 'sig-two' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C' }] },
      ],
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: {} } }],
    });
    const sent = backends.servers.anthropic.requests.at(-1)?.body as { messages: { content: unknown }[] };
    expect(sent.messages[1]?.content).toEqual([
      { type: 'thinking', thinking: 'First thought.', signature: 'sig-one' },
      { type: 'text', text: 'Looking it up.' },
      { type: 'thinking', thinking: 'Second thought.', signature: 'sig-two' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
  });

  // Gemini `thoughtSignature` not carried back (the 400 "Function call is missing a thought_signature").
  it('a Gemini thoughtSignature on a functionCall goes back to the Gemini backend', async () => {
    const response = await fetch(`${url}/v1beta/models/gemini-backend:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        contents: [
          { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
          {
            role: 'model',
            parts: [
              { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'c2lnLWdlbWluaQ==' },
            ],
          },
          { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '18°C' } } }] },
        ],
        tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'OBJECT', properties: {} } }] }],
      }),
    });
    expect(response.status).toBe(200);
    const sent = backends.servers.gemini.requests.at(-1)?.body as { contents: { parts: Record<string, unknown>[] }[] };
    expect(sent.contents[1]?.parts[0]).toMatchObject({
      functionCall: { name: 'get_weather', args: { city: 'Paris' } },
      thoughtSignature: 'c2lnLWdlbWluaQ==',
    });
  });

  // maximhq/bifrost#5450: `is_error` dropped on the way to a Chat Completions backend.
  it('is_error survives to an OpenAI backend (marked in the tool message) and to Gemini', async () => {
    const client = new Anthropic({ apiKey: 'unused', baseURL: url, maxRetries: 0 });
    const history = {
      max_tokens: 256,
      messages: [
        { role: 'user' as const, content: 'Weather in Atlantis?' },
        {
          role: 'assistant' as const,
          content: [{ type: 'tool_use' as const, id: 'toolu_9', name: 'get_weather', input: { city: 'Atlantis' } }],
        },
        {
          role: 'user' as const,
          content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_9', content: 'Unknown city', is_error: true }],
        },
      ],
      tools: [{ name: 'get_weather', input_schema: { type: 'object' as const, properties: {} } }],
    };
    await client.messages.create({ model: 'openai-backend', ...history });
    const openaiBody = backends.servers.openai.requests.at(-1)?.body as {
      messages: { role: string; content: unknown }[];
    };
    const tool = openaiBody.messages.find((message) => message.role === 'tool');
    expect(String(tool?.content)).toBe(`${OPENAI_TOOL_ERROR_PREFIX}Unknown city`);
    await client.messages.create({ model: 'gemini-backend', ...history });
    const geminiBody = backends.servers.gemini.requests.at(-1)?.body as {
      contents: { parts: Record<string, unknown>[] }[];
    };
    expect(geminiBody.contents[2]?.parts[0]).toMatchObject({
      functionResponse: { name: 'get_weather', response: { error: 'Unknown city' } },
    });
  });

  // Duplicate or orphaned tool_result blocks are refused with a 400 naming the call, before any backend.
  it.each([
    [
      'orphaned',
      [{ type: 'tool_result', tool_use_id: 'toolu_nope', content: 'x' }],
      // The Anthropic decoder names the path itself; the gateway's pairing check covers the other formats.
      '"toolu_nope"',
    ],
    [
      'duplicate',
      [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' },
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'y' },
      ],
      '"toolu_1" is answered twice',
    ],
  ])('%s tool_result blocks → 400', async (_kind, results, message) => {
    const before = backends.servers.openai.requests.length;
    const response = await fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'openai-backend',
        max_tokens: 64,
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }] },
          { role: 'user', content: results },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
    expect(backends.servers.openai.requests.length).toBe(before);
  });

  // Stream usage lost: cache tokens zeroed, `message_start` usage 0/0 (vercel/ai#17326), usage only with include_usage.
  it('stream usage reaches an Anthropic client with cache reads, and message_start is not 0/0', async () => {
    backends.answer = cached!.response;
    const { frames } = await rawStream('/v1/messages', anthropicBody('openai-backend', { tools: undefined }));
    const start = JSON.parse(frames[0]?.data ?? '{}') as { message: { usage: { input_tokens: number } } };
    expect(frames[0]?.event).toBe('message_start');
    expect(start.message.usage.input_tokens).toBeGreaterThan(0);
    const client = new Anthropic({ apiKey: 'unused', baseURL: url, maxRetries: 0 });
    const message = await client.messages
      .stream(anthropicBody('openai-backend', { tools: undefined }) as Anthropic.MessageCreateParamsStreaming)
      .finalMessage();
    // The IR counts every prompt token; Anthropic's input_tokens excludes the cache reads.
    expect(message.usage).toMatchObject({ input_tokens: 512, cache_read_input_tokens: 1536, output_tokens: 12 });
  });

  it('an OpenAI client gets the usage chunk only with include_usage, and the log line has usage either way', async () => {
    backends.answer = cached!.response;
    const body = { model: 'gemini-backend', stream: true, messages: [{ role: 'user', content: 'Summarize.' }] };
    const without = await rawStream('/v1/chat/completions', body, { 'x-request-id': 'no-usage-1' });
    const chunks = without.frames
      .filter((frame) => frame.data !== '[DONE]')
      .map((frame) => JSON.parse(frame.data) as OpenAI.ChatCompletionChunk);
    expect(chunks.every((chunk) => chunk.choices.length === 1)).toBe(true);
    expect(logs.find((line) => line.id === 'no-usage-1')?.tokens).toEqual({
      input: 2048,
      output: 12,
      cached: 1536,
      reasoning: 0,
    });
    const withUsage = await rawStream('/v1/chat/completions', { ...body, stream_options: { include_usage: true } });
    const last = JSON.parse(withUsage.frames.at(-2)?.data ?? '{}') as OpenAI.ChatCompletionChunk;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({
      prompt_tokens: 2048,
      completion_tokens: 12,
      prompt_tokens_details: { cached_tokens: 1536 },
    });
  });

  // envoyproxy/ai-gateway#2467, barbacane-dev/barbacane#133: tools silently dropped, or
  // `finish_reason: "tool_calls"` with no calls.
  it('tools reach the backend, an unsupported one is a warning, and tool_calls always comes with calls', async () => {
    backends.answer = oneCall!.response;
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gemini-backend',
        messages: [{ role: 'user', content: 'Weather in 北京?' }],
        tools: [
          {
            type: 'function',
            function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
          },
          { type: 'custom', custom: { name: 'apply_patch' } },
        ],
      }),
    });
    const completion = (await response.json()) as OpenAI.ChatCompletion;
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.tool_calls).toHaveLength(1);
    const sent = backends.servers.gemini.requests.at(-1)?.body as {
      tools: { functionDeclarations: { name: string }[] }[];
    };
    expect(sent.tools[0]?.functionDeclarations.map((tool) => tool.name)).toEqual(['get_weather']);
    expect(response.headers.get('x-interlingua-warnings')).toContain('apply_patch');
    backends.answer = text!.response;
    const plain = (await (
      await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gemini-backend', messages: [{ role: 'user', content: 'hi' }] }),
      })
    ).json()) as OpenAI.ChatCompletion;
    expect(plain.choices[0]?.finish_reason).toBe('stop');
  });

  // Stream event order and framing, per format.
  it('frames each format as its provider does, in a valid event order', async () => {
    backends.answer = thinking!.response;
    const anthropic = await rawStream('/v1/messages', anthropicBody('anthropic-backend', { tools: undefined }));
    expect(anthropic.raw).toMatch(/^event: message_start\ndata: /);
    for (const frame of anthropic.frames) expect((JSON.parse(frame.data) as { type: string }).type).toBe(frame.event);
    const events = anthropic.frames.map((frame) => {
      const data = JSON.parse(frame.data) as { type: string; index?: number };
      return data.index === undefined ? data.type : `${data.type}:${data.index}`;
    });
    expect(events[0]).toBe('message_start');
    expect(events.slice(-2)).toEqual(['message_delta', 'message_stop']);
    let open: number | undefined;
    let next = 0;
    for (const event of events.slice(1, -2)) {
      const [type, index] = event.split(':');
      if (type === 'content_block_start') {
        expect(open).toBeUndefined();
        expect(Number(index)).toBe(next++);
        open = Number(index);
      } else {
        expect(Number(index)).toBe(open);
        if (type === 'content_block_stop') open = undefined;
      }
    }
    expect(open).toBeUndefined();

    const openai = await rawStream('/v1/chat/completions', {
      model: 'anthropic-backend',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(openai.raw.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(openai.frames.every((frame) => frame.event === undefined)).toBe(true);
    const gemini = await rawStream('/v1beta/models/anthropic-backend:streamGenerateContent?alt=sse', {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
    expect(gemini.raw).toMatch(/^data: \{.*\}\r\n\r\n/);
    expect(gemini.raw).not.toContain('[DONE]');
  });
});

describe('a backend answering garbage', () => {
  it('a 200 body the backend codec cannot read is a 502 in the caller format, not a crash', async () => {
    backends.answer = () => json({ hello: 'world' });
    const client = new Anthropic({ apiKey: 'unused', baseURL: url, maxRetries: 0 });
    const error = (await client.messages
      .create({ model: 'openai-backend', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(error.status).toBe(502);
    expect((error.error as { error: { type: string } }).error.type).toBe('api_error');
  });
});
