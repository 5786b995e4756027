import { defineTool, type Message } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentAbortedError } from './agent-aborted-error';
import { createConversation } from './create-conversation';
import { collapseToolResults } from './history/collapse-tool-results';

// The reference note's section 7.2: "你好" → Beijing weather via a tool → "那上海呢？".
const getWeather = defineTool({
  name: 'get_weather',
  description: '根据城市名查询实时天气',
  input: z.object({ city: z.string().describe('城市名，如北京') }),
  execute: ({ city }) => (city === '北京' ? '北京：晴，25°C' : `${city}：多云，22°C`),
});
const system = '你是一个专业的天气助手，回答简洁。';
const text = (value: string) => [{ type: 'text' as const, text: value }];

describe('createConversation', () => {
  it('carries the whole earlier tool exchange into the third turn of the weather conversation', async () => {
    const model = scriptedModel([
      textResponse('你好！有什么可以帮你？', { usage: { inputTokens: 300, outputTokens: 10 } }),
      toolCallResponse([{ id: 'toolu_01AbC', name: 'get_weather', args: { city: '北京' } }], {
        text: '我需要查一下北京的天气。',
        usage: { inputTokens: 512, outputTokens: 38 },
      }),
      textResponse('北京今天晴，25°C，适合出门。', { usage: { inputTokens: 580, outputTokens: 20 } }),
      toolCallResponse([{ id: 'toolu_02XyZ', name: 'get_weather', args: { city: '上海' } }], {
        usage: { inputTokens: 640, outputTokens: 30 },
      }),
      textResponse('上海今天多云，22°C。', { usage: { inputTokens: 700, outputTokens: 15 } }),
    ]);
    const chat = createConversation({ model, tools: [getWeather], system });
    expect((await chat.send('你好')).text).toBe('你好！有什么可以帮你？');
    const second = await chat.send('北京今天天气怎么样？');
    expect(second.inputTokensPerStep).toEqual([512, 580]);
    const third = await chat.send('那上海呢？');

    const earlier: Message[] = [
      { role: 'user', content: text('你好') },
      { role: 'assistant', content: text('你好！有什么可以帮你？') },
      { role: 'user', content: text('北京今天天气怎么样？') },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: '我需要查一下北京的天气。' },
          { type: 'tool-call', id: 'toolu_01AbC', name: 'get_weather', args: { city: '北京' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'toolu_01AbC',
            toolName: 'get_weather',
            content: text('北京：晴，25°C'),
            isError: false,
          },
        ],
      },
      { role: 'assistant', content: text('北京今天晴，25°C，适合出门。') },
      { role: 'user', content: text('那上海呢？') },
    ];
    // The third turn's first request is the reference's request, tool traffic and all.
    expect(model.requests[3]).toMatchObject({ system, messages: earlier, tools: [{ name: 'get_weather' }] });
    expect(third.text).toBe('上海今天多云，22°C。');
    expect(third.newMessages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(chat.messages).toEqual(third.messages);
    expect(chat.messages).toHaveLength(10);
  });

  it('sends older tool results collapsed to one line, pairing kept, stored history whole', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 't1', name: 'get_weather', args: { city: '北京' } }]),
      textResponse('北京今天晴。'),
      textResponse('上海呢…'),
    ]);
    const chat = createConversation({
      model,
      tools: [getWeather],
      historyStrategy: collapseToolResults({ olderThanTurns: 1 }),
    });
    await chat.send('北京今天天气怎么样？');
    await chat.send('那上海呢？');
    const sent = model.requests[2]?.messages ?? [];
    expect(sent[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 't1',
          toolName: 'get_weather',
          content: text('[get_weather → 北京：晴，25°C]'),
          isError: false,
        },
      ],
    });
    // The stored history keeps the full result.
    expect(chat.messages[2]?.content[0]).toMatchObject({ content: text('北京：晴，25°C') });
  });

  it('keeps what completed after an abort, and refuses overlapping turns', async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      toolCallResponse([{ id: 't1', name: 'get_weather', args: { city: '北京' } }]),
      (_request, { signal }) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
          controller.abort();
        }),
      textResponse('Resumed.'),
    ]);
    const chat = createConversation({ model, tools: [getWeather] });
    const turn = chat.send('北京？', { signal: controller.signal });
    await expect(chat.send('again')).rejects.toThrow('Expected one turn at a time');
    const error = await turn.catch((thrown: unknown) => thrown);
    expect(AgentAbortedError.isInstance(error)).toBe(true);
    expect(chat.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    chat.reset();
    expect(chat.messages).toEqual([]);
  });

  it('streams a turn and keeps its history when the stream finishes', async () => {
    const model = scriptedModel([textResponse('Hi!')]);
    const chat = createConversation({ model });
    const types: string[] = [];
    for await (const event of chat.stream('Hello')) types.push(event.type);
    expect(types).toEqual(['step-start', 'text-delta', 'step-finish', 'finish']);
    expect(chat.messages).toEqual([
      { role: 'user', content: text('Hello') },
      { role: 'assistant', content: text('Hi!') },
    ]);
  });
});
