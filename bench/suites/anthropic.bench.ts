import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { anthropicCodec, createAnthropic } from '@interlingua/anthropic';
import type { ChatRequest, Message } from '@interlingua/core';
import { json, startProviderServer } from '@interlingua/testkit';
import { type Comparison, compare, report } from '../harness';

// The SDK is a dependency of the adapter, not of the bench: load the very copy the adapter uses.
type BareAnthropicClient = {
  messages: { create(body: unknown, options: { timeout: number }): Promise<unknown> };
};
const { Anthropic } = createRequire(new URL('../../packages/anthropic/package.json', import.meta.url))(
  '@anthropic-ai/sdk',
) as {
  Anthropic: new (options: {
    baseURL: string;
    apiKey: string;
    maxRetries: number;
    defaultHeaders: Record<string, string>;
  }) => BareAnthropicClient;
};

const responseBody: unknown = JSON.parse(
  readFileSync(
    fileURLToPath(
      new URL('../../packages/anthropic/src/__fixtures__/anthropic-weather-tool-use.1.json', import.meta.url),
    ),
    'utf8',
  ),
);

/** A 1,000-message history: user turns, assistant text + tool calls, tool results, in the §7.2 pattern. */
function buildRequest(): ChatRequest {
  const messages: Message[] = [];
  for (let turn = 0; messages.length < 1000; turn++) {
    messages.push({ role: 'user', content: [{ type: 'text', text: `第${turn}轮：北京今天天气怎么样？` }] });
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: '我需要查一下北京的天气。' },
        { type: 'tool-call', id: `toolu_${turn}`, name: 'get_weather', args: { city: '北京', day: turn } },
      ],
    });
    messages.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `toolu_${turn}`,
          toolName: 'get_weather',
          content: [{ type: 'text', text: '北京今天晴，25°C' }],
          isError: false,
        },
      ],
    });
    messages.push({ role: 'assistant', content: [{ type: 'text', text: '北京今天晴，25°C，适合出门。' }] });
  }
  return {
    system: '你是一个专业的天气助手，回答简洁。',
    messages: messages.slice(0, 1000),
    tools: [
      {
        name: 'get_weather',
        description: '根据城市名查询实时天气',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ],
    maxOutputTokens: 1024,
  };
}

export async function run(): Promise<void> {
  const server = await startProviderServer({
    routes: [{ method: 'POST', path: '/v1/messages', reply: json(responseBody) }],
  });
  try {
    const request = buildRequest();
    const apiKey = 'sk-ant-bench';
    const model = createAnthropic({ baseURL: server.url, apiKey, maxRetries: 0 })('claude-sonnet-4-6');
    // The baseline sends the same bytes with the same headers: only our encode/decode differs.
    const client = new Anthropic({
      baseURL: server.url,
      apiKey,
      maxRetries: 0,
      defaultHeaders: { 'x-api-key': apiKey },
    });
    const prebuiltBody = anthropicCodec.encodeRequest(request, { model: 'claude-sonnet-4-6' }).value;
    const comparisons: Comparison[] = [
      {
        name: 'model.generate, 1,000-message history vs SDK messages.create(prebuilt body)',
        baseline: async () => {
          server.requests.length = 0; // the server records requests; keep memory flat
          return client.messages.create(prebuiltBody, { timeout: 600_000 });
        },
        subject: async () => {
          server.requests.length = 0;
          return model.generate(request);
        },
        goal: 1.1,
      },
      {
        // Identical work on both sides: shows how much of a ratio the machine's noise alone makes.
        name: 'noise floor: SDK messages.create(prebuilt body) on both sides',
        baseline: async () => {
          server.requests.length = 0;
          return client.messages.create(prebuiltBody, { timeout: 600_000 });
        },
        subject: async () => {
          server.requests.length = 0;
          return client.messages.create(prebuiltBody, { timeout: 600_000 });
        },
      },
      {
        name: 'encodeRequest alone, 1,000 messages vs JSON.stringify of the body',
        baseline: () => JSON.stringify(prebuiltBody),
        subject: () => anthropicCodec.encodeRequest(request, { model: 'claude-sonnet-4-6' }),
      },
    ];
    // Longer runs: each call is a real HTTP round trip, and the machine's noise is large at 500 ms.
    report('anthropic', await compare(comparisons, { time: 1500 }));
  } finally {
    await server.close();
  }
}
