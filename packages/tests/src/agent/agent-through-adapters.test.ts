import {
  AgentAbortedError,
  type AgentEvent,
  createConversation,
  runAgent,
  streamAgent,
  userMessage,
} from '@interlingua/agent';
import { createAnthropic } from '@interlingua/anthropic';
import { type ChatModel, defineTool } from '@interlingua/core';
import { createGemini } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import { hang, json, type ProviderServer, type Reply, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// Wire bodies follow each provider's API reference, shaped like the adapters' own
// fixtures (see packages/{openai,anthropic,gemini}/src/__fixtures__/SOURCES.md).

const getWeather = defineTool({
  name: 'get_weather',
  description: '根据城市名查询实时天气',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => (city === '北京' ? '北京：晴，25°C' : `${city}：多云，22°C`),
});
const getTime = defineTool({
  name: 'get_time',
  description: 'Local time in a city.',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => `${city} 10:00`,
});
const tools = [getWeather, getTime];
const system = '你是一个专业的天气助手，回答简洁。';
const question = [userMessage('北京现在天气怎么样，几点了？')];

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(path: string | RegExp, reply: Reply[]): Promise<ProviderServer> {
  server = await startProviderServer({ routes: [{ method: 'POST', path, reply }] });
  return server;
}

// ---------- OpenAI Chat Completions ----------
const openaiCalls = {
  id: 'chatcmpl-agent0001',
  object: 'chat.completion',
  created: 1767225600,
  model: 'gpt-4.1-2025-04-14',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: '我查一下。',
        refusal: null,
        annotations: [],
        tool_calls: [
          { id: 'call_weather01', type: 'function', function: { name: 'get_weather', arguments: '{"city":"北京"}' } },
          { id: 'call_time02', type: 'function', function: { name: 'get_time', arguments: '{"city":"北京"}' } },
        ],
      },
      logprobs: null,
      finish_reason: 'tool_calls',
    },
  ],
  usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
  service_tier: 'default',
  system_fingerprint: 'fp_3f58d112f7',
};
const openaiText = {
  ...openaiCalls,
  id: 'chatcmpl-agent0002',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: '北京晴，25°C，现在10:00。', refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 190, completion_tokens: 12, total_tokens: 202 },
};
const chunk = (choice: object, usage: object | null = null) => ({
  id: 'chatcmpl-agent0003',
  object: 'chat.completion.chunk',
  created: 1767225600,
  model: 'gpt-4.1-2025-04-14',
  system_fingerprint: 'fp_3f58d112f7',
  choices: [{ index: 0, logprobs: null, finish_reason: null, ...choice }],
  usage,
});
const openaiCallChunks = [
  chunk({ delta: { role: 'assistant', content: null, refusal: null } }),
  chunk({
    delta: {
      tool_calls: [
        { index: 0, id: 'call_weather01', type: 'function', function: { name: 'get_weather', arguments: '' } },
      ],
    },
  }),
  chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] } }),
  chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: '"北京"}' } }] } }),
  chunk({ delta: {}, finish_reason: 'tool_calls' }),
  { ...chunk({}), choices: [], usage: { prompt_tokens: 120, completion_tokens: 20, total_tokens: 140 } },
];
const openaiTextChunks = [
  chunk({ delta: { role: 'assistant', content: '', refusal: null } }),
  chunk({ delta: { content: '北京晴，' } }),
  chunk({ delta: { content: '25°C。' } }),
  chunk({ delta: {}, finish_reason: 'stop' }),
  { ...chunk({}), choices: [], usage: { prompt_tokens: 170, completion_tokens: 8, total_tokens: 178 } },
];

// ---------- Anthropic Messages ----------
const anthropicUsage = (input: number, output: number) => ({
  input_tokens: input,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: output,
  service_tier: 'standard',
});
const anthropicCalls = {
  model: 'claude-sonnet-4-6',
  id: 'msg_01AgentWeather01',
  type: 'message',
  role: 'assistant',
  content: [
    { type: 'text', text: '我需要查一下北京的天气和时间。', citations: null },
    { type: 'tool_use', id: 'toolu_01Weather', name: 'get_weather', input: { city: '北京' } },
    { type: 'tool_use', id: 'toolu_02Time', name: 'get_time', input: { city: '北京' } },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: anthropicUsage(512, 38),
};
const anthropicText = {
  ...anthropicCalls,
  id: 'msg_01AgentWeather02',
  content: [{ type: 'text', text: '北京今天晴，25°C，现在10:00。', citations: null }],
  stop_reason: 'end_turn',
  usage: anthropicUsage(640, 20),
};
const anthropicCallEvents = [
  {
    type: 'message_start',
    message: { ...anthropicCalls, content: [], stop_reason: null, usage: anthropicUsage(512, 1) },
  },
  {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'tool_use', id: 'toolu_01Weather', name: 'get_weather', input: {} },
  },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "北' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '京"}' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 30 } },
  { type: 'message_stop' },
];
const anthropicTextEvents = [
  {
    type: 'message_start',
    message: { ...anthropicText, content: [], stop_reason: null, usage: anthropicUsage(600, 1) },
  },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '北京晴，' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '25°C。' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } },
  { type: 'message_stop' },
];

// ---------- Gemini generateContent ----------
const geminiCalls = {
  candidates: [
    {
      content: {
        parts: [
          { text: '我查一下。' },
          { functionCall: { name: 'get_weather', args: { city: '北京' } } },
          { functionCall: { name: 'get_time', args: { city: '北京' } } },
        ],
        role: 'model',
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 71, candidatesTokenCount: 22, totalTokenCount: 93 },
  modelVersion: 'gemini-2.0-flash',
  responseId: 'agentGeminiCall01',
};
const geminiText = {
  candidates: [
    {
      content: { parts: [{ text: '北京今天晴，25°C，现在10:00。' }], role: 'model' },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 14, totalTokenCount: 134 },
  modelVersion: 'gemini-2.0-flash',
  responseId: 'agentGeminiText02',
};
const geminiCallChunks = [
  {
    candidates: [
      {
        content: { parts: [{ functionCall: { name: 'get_weather', args: { city: '北京' } } }], role: 'model' },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 58, candidatesTokenCount: 6, totalTokenCount: 64 },
    modelVersion: 'gemini-2.0-flash',
    responseId: 'agentGeminiStream1',
  },
];
const geminiTextChunks = [
  {
    candidates: [{ content: { parts: [{ text: '北京晴，' }], role: 'model' }, index: 0 }],
    usageMetadata: { promptTokenCount: 90, totalTokenCount: 90 },
    modelVersion: 'gemini-2.0-flash',
    responseId: 'agentGeminiStream2',
  },
  {
    candidates: [{ content: { parts: [{ text: '25°C。' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 90, candidatesTokenCount: 7, totalTokenCount: 97 },
    modelVersion: 'gemini-2.0-flash',
    responseId: 'agentGeminiStream2',
  },
];

type Adapter = {
  name: string;
  path: string | RegExp;
  model: (url: string) => ChatModel;
  generate: Reply[];
  /** The text of the final answer in `generate`. */
  answer: string;
  stream: Reply[];
  /** The second request's body, as the provider must receive the tool results. */
  expectToolResults: (body: Record<string, unknown>) => void;
  expectStreamedToolResult: (body: Record<string, unknown>) => void;
};

const adapters: Adapter[] = [
  {
    name: 'openai',
    path: '/v1/chat/completions',
    model: (url) => createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 })('gpt-4.1'),
    generate: [json(openaiCalls), json(openaiText)],
    answer: '北京晴，25°C，现在10:00。',
    stream: [sse('openai', openaiCallChunks), sse('openai', openaiTextChunks)],
    expectToolResults: (body) => {
      expect(body.messages).toEqual(
        expect.arrayContaining([
          { role: 'tool', tool_call_id: 'call_weather01', content: '北京：晴，25°C' },
          { role: 'tool', tool_call_id: 'call_time02', content: '北京 10:00' },
        ]),
      );
      const messages = body.messages as { role: string }[];
      expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    },
    expectStreamedToolResult: (body) => {
      expect((body.messages as unknown[]).at(-1)).toEqual({
        role: 'tool',
        tool_call_id: 'call_weather01',
        content: '北京：晴，25°C',
      });
    },
  },
  {
    name: 'anthropic',
    path: '/v1/messages',
    model: (url) => createAnthropic({ baseURL: url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-6'),
    generate: [json(anthropicCalls), json(anthropicText)],
    answer: '北京今天晴，25°C，现在10:00。',
    stream: [sse('anthropic', anthropicCallEvents), sse('anthropic', anthropicTextEvents)],
    expectToolResults: (body) => {
      expect(body.system).toBe(system);
      const messages = body.messages as { role: string; content: unknown }[];
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
      expect(messages[2]?.content).toEqual([
        expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_01Weather' }),
        expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_02Time' }),
      ]);
      expect(JSON.stringify(messages[2])).toContain('北京：晴，25°C');
    },
    expectStreamedToolResult: (body) => {
      const last = (body.messages as { role: string; content: unknown }[]).at(-1);
      expect(last?.role).toBe('user');
      expect(last?.content).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_01Weather' })]);
    },
  },
  {
    name: 'gemini',
    path: /^\/v1beta\/models\/gemini-2\.0-flash:(generateContent|streamGenerateContent)$/,
    model: (url) => createGemini({ baseUrl: url, apiKey: 'gm-test', maxRetries: 0 })('gemini-2.0-flash'),
    generate: [json(geminiCalls), json(geminiText)],
    answer: '北京今天晴，25°C，现在10:00。',
    stream: [sse('gemini', geminiCallChunks), sse('gemini', geminiTextChunks)],
    expectToolResults: (body) => {
      const contents = body.contents as { role: string; parts: Record<string, unknown>[] }[];
      expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
      expect(contents[2]?.parts.map((part) => (part.functionResponse as { name: string }).name)).toEqual([
        'get_weather',
        'get_time',
      ]);
      expect(JSON.stringify(contents[2])).toContain('北京：晴，25°C');
    },
    expectStreamedToolResult: (body) => {
      const contents = body.contents as { role: string; parts: Record<string, unknown>[] }[];
      expect(contents.at(-1)?.parts).toEqual([
        expect.objectContaining({ functionResponse: expect.objectContaining({ name: 'get_weather' }) }),
      ]);
    },
  },
];

describe.each(adapters)('agent loop through the $name adapter and its SDK', (adapter) => {
  it('runs two parallel calls and answers them in one turn (generate)', async () => {
    const { url, requests } = await serve(adapter.path, adapter.generate);
    const result = await runAgent({ model: adapter.model(url), tools, system, messages: question });
    expect(result.finishReason).toBe('stop');
    expect(result.text).toBe(adapter.answer);
    expect(requests).toHaveLength(2);
    adapter.expectToolResults(requests[1]?.body as Record<string, unknown>);
    expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const toolMessage = result.messages[2];
    expect(toolMessage?.role === 'tool' && toolMessage.content.map((entry) => entry.toolName)).toEqual([
      'get_weather',
      'get_time',
    ]);
    expect(result.inputTokensPerStep).toHaveLength(2);
    expect(result.usage.inputTokens).toBe(result.inputTokensPerStep[0]! + result.inputTokensPerStep[1]!);
  });

  it('streams a call and the answer (stream)', async () => {
    const { url, requests } = await serve(adapter.path, adapter.stream);
    const events: AgentEvent[] = [];
    for await (const event of streamAgent({ model: adapter.model(url), tools, system, messages: question })) {
      events.push(event);
    }
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(text).toBe('北京晴，25°C。');
    expect(events.filter((event) => event.type === 'tool-result')).toHaveLength(1);
    const finish = events.at(-1);
    expect(finish?.type === 'finish' && finish.result.finishReason).toBe('stop');
    adapter.expectStreamedToolResult(requests[1]?.body as Record<string, unknown>);
  });

  it('carries the earlier tool exchange into the next user turn', async () => {
    const { url, requests } = await serve(adapter.path, [...adapter.generate, adapter.generate[1] as Reply]);
    const chat = createConversation({ model: adapter.model(url), tools, system });
    await chat.send('北京现在天气怎么样，几点了？');
    await chat.send('那上海呢？');
    expect(requests).toHaveLength(3);
    expect(JSON.stringify(requests[2]?.body)).toContain('北京：晴，25°C');
    expect(JSON.stringify(requests[2]?.body)).toContain('那上海呢？');
  });

  it('cancels the in-flight HTTP call when the run is aborted', async () => {
    const { url, requests } = await serve(adapter.path, [hang()]);
    const controller = new AbortController();
    const run = runAgent({ model: adapter.model(url), tools, system, messages: question, signal: controller.signal });
    while (requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('user pressed stop'));
    const error = await run.catch((thrown: unknown) => thrown);
    expect(AgentAbortedError.isInstance(error) && error.message).toBe(
      'The run was aborted during the model call of step 1; no step had completed.',
    );
    expect(AgentAbortedError.isInstance(error) && error.messages).toEqual(question);
  });
});
