import { readFileSync } from 'node:fs';
import { APICallError, type ChatRequest, type ToolMessage } from '@interlingua/core';
import { json, type ProviderServer, startProviderServer, strictDeepSeekReplies } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from './create-openai';
import { decodeOpenAIRequest } from './decode-openai-request';
import { encodeOpenAIRequest } from './encode-openai-request';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const request: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: "How's the weather in Hangzhou tomorrow?" }] }],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather of a location',
      inputSchema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    },
  ],
};
const result = (id: string): ToolMessage => ({
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId: id,
      toolName: 'get_weather',
      content: [{ type: 'text', text: 'Cloudy 7~11°C' }],
      isError: false,
    },
  ],
});

async function deepseek(sendReasoningContent: boolean | undefined) {
  server = await startProviderServer({
    routes: [
      {
        method: 'POST',
        path: '/v1/chat/completions',
        reply: strictDeepSeekReplies([
          json(fixture('deepseek-thinking-tool-call.1.json')),
          json(fixture('deepseek-thinking-answer.1.json')),
        ]),
      },
    ],
  });
  return createOpenAI({
    name: 'deepseek',
    baseURL: `${server.url}/v1`,
    apiKey: 'sk-test',
    maxRetries: 0,
    maxTokensField: 'max_tokens',
    ...(sendReasoningContent === undefined ? {} : { sendReasoningContent }),
  })('deepseek-v4-pro');
}

describe('reasoning_content on assistant turns (DeepSeek thinking mode)', () => {
  it('sendReasoningContent: the tool loop goes through a server that wants the reasoning back', async () => {
    const model = await deepseek(true);
    const first = await model.generate(request);
    expect(first.message.content[0]).toEqual({
      type: 'reasoning',
      text: 'The user wants the weather in Hangzhou tomorrow. I should call get_weather with location Hangzhou.',
    });
    const call = first.message.content.find((part) => part.type === 'tool-call');
    const second = await model.generate({
      ...request,
      messages: [...request.messages, first.message, result(call?.type === 'tool-call' ? call.id : '')],
    });
    expect(second.finishReason).toBe('stop');
    expect(second.message.content.at(-1)).toEqual({ type: 'text', text: 'Tomorrow in Hangzhou: cloudy, 7–11°C.' });
    const sent = server?.requests[1]?.body as { messages: Record<string, unknown>[] };
    expect(sent.messages[1]).toMatchObject({
      role: 'assistant',
      reasoning_content:
        'The user wants the weather in Hangzhou tomorrow. I should call get_weather with location Hangzhou.',
      tool_calls: [{ id: 'call_00_kQ7vN3xT9bR2mL5wY8cE4hJd', type: 'function' }],
    });
    expect(second.warnings).toEqual([]);
  });

  it('without it (the OpenAI default) that server answers 400 with DeepSeek’s message', async () => {
    const model = await deepseek(undefined);
    const first = await model.generate(request);
    const call = first.message.content.find((part) => part.type === 'tool-call');
    const failure = await model
      .generate({
        ...request,
        messages: [...request.messages, first.message, result(call?.type === 'tool-call' ? call.id : '')],
      })
      .catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      statusCode: 400,
      message: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
    });
    expect(server?.requests[1]?.body).not.toHaveProperty('messages.1.reasoning_content');
  });

  it('a calling turn with no reasoning (from another provider) is sent as is, with a warning', () => {
    const { value, warnings } = encodeOpenAIRequest(
      {
        messages: [
          ...request.messages,
          {
            role: 'assistant',
            content: [{ type: 'tool-call', id: 'toolu_1', name: 'get_weather', args: { location: 'Hangzhou' } }],
          },
          result('toolu_1'),
        ],
      },
      { model: 'deepseek-v4-pro', sendReasoningContent: true },
    );
    expect(value.messages[1]).not.toHaveProperty('reasoning_content');
    expect(warnings).toEqual([expect.objectContaining({ type: 'degraded', feature: 'messages[1].reasoning_content' })]);
  });

  it('decodeRequest reads reasoning_content back as the first part of the turn (the gateway direction)', () => {
    const history: ChatRequest = {
      messages: [
        ...request.messages,
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Call the tool.' },
            { type: 'tool-call', id: 'call_00_a', name: 'get_weather', args: { location: 'Hangzhou' } },
          ],
        },
        result('call_00_a'),
      ],
    };
    const { value } = encodeOpenAIRequest(history, { model: 'deepseek-v4-pro', sendReasoningContent: true });
    expect(decodeOpenAIRequest(value).value.request.messages).toEqual(history.messages);
    // OpenAI itself gets no reasoning field, with one warning.
    const openai = encodeOpenAIRequest(history, { model: 'gpt-4.1' });
    expect(JSON.stringify(openai.value)).not.toContain('reasoning_content');
    expect(openai.warnings.map((warning) => warning.feature)).toEqual(['reasoning']);
  });
});
