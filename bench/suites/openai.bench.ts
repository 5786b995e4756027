import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ChatRequest, Message } from '@interlingua/core';
import { createOpenAI, openaiCodec } from '@interlingua/openai';
import { json, startProviderServer } from '@interlingua/testkit';
import { type Comparison, compare, report } from '../harness';

// `openai` is a dependency of @interlingua/openai, not of the bench folder: load the very same ESM
// copy the adapter uses, so both sides run the same SDK code.
const requireFromAdapter = createRequire(new URL('../../packages/openai/package.json', import.meta.url));
const sdkEntry = pathToFileURL(requireFromAdapter.resolve('openai').replace(/\.js$/, '.mjs')).href;
type BareSDK = {
  OpenAI: new (options: {
    apiKey: string;
    baseURL: string;
    maxRetries: number;
  }) => {
    chat: { completions: { create(body: unknown): Promise<unknown> } };
  };
};
const { OpenAI } = (await import(sdkEntry)) as BareSDK;

/** A 1,000-message history: user turns, assistant turns with calls, tool results, answers. */
function buildHistory(): ChatRequest {
  const messages: Message[] = [];
  for (let turn = 0; messages.length < 1000; turn++) {
    const id = `call_${turn}`;
    messages.push({ role: 'user', content: [{ type: 'text', text: `第${turn}问：北京今天天气怎么样？ Say "hi".` }] });
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check the weather.' },
        { type: 'tool-call', id, name: 'get_weather', args: { city: '北京', unit: 'celsius', day: turn % 7 } },
      ],
    });
    messages.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'get_weather',
          content: [{ type: 'text', text: '晴，25°C' }],
          isError: turn % 9 === 0,
        },
      ],
    });
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `北京今天晴，25°C（${turn}）。` }] });
  }
  return {
    system: 'You are a weather assistant.',
    messages: messages.slice(0, 1000),
    tools: [
      {
        name: 'get_weather',
        description: 'Current weather for a city',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ],
    maxOutputTokens: 512,
  };
}

const completion = {
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1767225600,
  model: 'gpt-4.1-2025-04-14',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: '北京今天晴，25°C。', refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 30000, completion_tokens: 12, total_tokens: 30012 },
};

export async function run(): Promise<void> {
  const server = await startProviderServer({
    routes: [{ method: 'POST', path: '/v1/chat/completions', reply: json(completion) }],
  });
  try {
    const request = buildHistory();
    const body = openaiCodec.encodeRequest(request, { model: 'gpt-4.1' }).value;
    const client = new OpenAI({ apiKey: 'sk-bench', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const model = createOpenAI({ apiKey: 'sk-bench', baseURL: `${server.url}/v1`, maxRetries: 0 })('gpt-4.1');
    const bodyText = () => JSON.stringify(body);

    const comparisons: Comparison[] = [
      {
        name: 'generate(1,000-message history) vs bare SDK create(prebuilt body)',
        baseline: () => client.chat.completions.create({ ...body, stream: false }),
        subject: () => model.generate(request),
        goal: 1.1,
      },
      {
        name: 'encodeRequest(1,000 messages) vs JSON.stringify of its body',
        baseline: bodyText,
        subject: () => openaiCodec.encodeRequest(request, { model: 'gpt-4.1' }),
      },
    ];
    report('openai', await compare(comparisons, { time: 2000 }));
  } finally {
    await server.close();
  }
}
