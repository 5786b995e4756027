import { runAgent } from '@interlingua/agent';
import { createAnthropic } from '@interlingua/anthropic';
import { createBedrock } from '@interlingua/bedrock';
import { InvalidRequestError, type MessageInput } from '@interlingua/core';
import { createGemini } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import { json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { model } from './model';

// Issue 32: the types refused a plain string where a message's content is expected, and at run time
// a ChatModel given one threw an untyped `Error: Unknown user content part "h"` (the codec walked the
// string's characters). A string is now one text part, through every shipped model and the agent;
// content that is neither is an InvalidRequestError naming its path, before anything is sent.

const openaiBody = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1',
  choices: [
    { index: 0, message: { role: 'assistant', content: 'hi', refusal: null }, finish_reason: 'stop', logprobs: null },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
};
const anthropicBody = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  content: [{ type: 'text', text: 'hi' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 1 },
};
const geminiBody = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 1, totalTokenCount: 6 },
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(): Promise<ProviderServer> {
  server = await startProviderServer({
    routes: [
      { method: 'POST', path: '/v1/chat/completions', reply: json(openaiBody) },
      { method: 'POST', path: '/v1/messages', reply: json(anthropicBody) },
      { method: 'POST', path: /:generateContent$/, reply: json(geminiBody) },
    ],
  });
  return server;
}

const history: MessageInput[] = [
  { role: 'user', content: '北京今天天气怎么样？' },
  { role: 'assistant', content: '晴，20°C。' },
  { role: 'user', content: 'And Paris?' },
];

describe('a plain string as message content (issue 32)', () => {
  it('OpenAI Chat: each string is sent as that message content', async () => {
    const { url, requests } = await serve();
    const response = await model('openai:gpt-4.1', { baseURL: `${url}/v1`, apiKey: 'sk-test' }).generate({
      messages: history,
    });
    expect(response.message.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(requests[0]?.body).toMatchObject({
      messages: [
        { role: 'user', content: '北京今天天气怎么样？' },
        { role: 'assistant', content: '晴，20°C。' },
        { role: 'user', content: 'And Paris?' },
      ],
    });
  });

  it('Anthropic: each string becomes one text block', async () => {
    const { url, requests } = await serve();
    await model('anthropic:claude-sonnet-4-6', { baseURL: url, apiKey: 'sk-ant-test' }).generate({ messages: history });
    expect(requests[0]?.body).toMatchObject({
      messages: [
        { role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] },
        { role: 'assistant', content: [{ type: 'text', text: '晴，20°C。' }] },
        { role: 'user', content: [{ type: 'text', text: 'And Paris?' }] },
      ],
    });
  });

  it('Gemini: each string becomes one text part', async () => {
    const { url, requests } = await serve();
    await model('gemini:gemini-2.5-flash', { baseURL: url, apiKey: 'g-key' }).generate({ messages: history });
    expect(requests[0]?.body).toMatchObject({
      contents: [
        { role: 'user', parts: [{ text: '北京今天天气怎么样？' }] },
        { role: 'model', parts: [{ text: '晴，20°C。' }] },
        { role: 'user', parts: [{ text: 'And Paris?' }] },
      ],
    });
  });

  it("the adapters' own models (no capability wrapper) take it too", async () => {
    const { url, requests } = await serve();
    const models = [
      createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test' })('gpt-4.1'),
      createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test' }).responses('gpt-4.1'),
      createAnthropic({ baseURL: url, apiKey: 'sk-ant-test' })('claude-sonnet-4-6'),
      createGemini({ baseURL: url, apiKey: 'g-key' })('gemini-2.5-flash'),
      createBedrock({
        region: 'us-east-1',
        endpoint: url,
        credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' },
      })('anthropic.claude-sonnet-4-6'),
    ];
    for (const chat of models) {
      const before = requests.length;
      await chat.generate({ messages: [{ role: 'user', content: 'hi' }] }).catch(() => undefined);
      expect(JSON.stringify(requests[before]?.body), chat.provider).toMatch(/"hi"/);
      expect(JSON.stringify(requests[before]?.body), chat.provider).not.toMatch(/"h"/);
    }
  });

  it('runAgent takes string content and returns the history as IR', async () => {
    const { url } = await serve();
    const result = await runAgent({
      model: model('anthropic:claude-sonnet-4-6', { baseURL: url, apiKey: 'sk-ant-test' }),
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(result.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
    ]);
  });

  it('content that is neither a string nor parts is an InvalidRequestError with its path; nothing is sent', async () => {
    const { url, requests } = await serve();
    const chat = model('openai:gpt-4.1', { baseURL: `${url}/v1`, apiKey: 'sk-test' });
    const broken = {
      messages: [
        { role: 'user', content: 'ok' },
        { role: 'user', content: 42 },
      ],
    } as never;
    const error = await chat.generate(broken).catch((caught: unknown) => caught);
    expect(InvalidRequestError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'messages[1].content: expected a string or an array of content parts, got a number.',
    );
    const streamed = await (async () => {
      for await (const _ of chat.stream(broken)) {
        // not reached
      }
    })().catch((caught: unknown) => caught);
    expect(InvalidRequestError.isInstance(streamed)).toBe(true);
    const system = await chat
      .generate({ messages: [{ role: 'system', content: 'Be brief.' }] } as never)
      .catch((caught: unknown) => caught);
    expect((system as Error).message).toContain(
      "messages[0].role: expected 'user', 'assistant' or 'tool', got 'system'",
    );
    expect((system as Error).message).toContain('`system` field');
    const agent = await runAgent({ model: chat, messages: [{ role: 'tool', content: 'done' }] as never }).catch(
      (caught: unknown) => caught,
    );
    expect((agent as Error).message).toBe('messages[0].content: expected an array of tool results, got a string.');
    expect(requests).toHaveLength(0);
  });
});
