import { getEventListeners } from 'node:events';
import type { ChatRequest, Message, Tool } from '@interlingua/core';
import { collectStream } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { createDemoModel, decideDemoResponse } from './demo-model';

const weatherTool: Tool = {
  name: 'weather__get_weather',
  description: '根据城市名查询实时天气',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const request = (messages: Message[], tools: Tool[] = [weatherTool]): ChatRequest => ({ messages, tools });

describe('decideDemoResponse', () => {
  it('greets without calling a tool', () => {
    const response = decideDemoResponse(request([user('你好')]));
    expect(response.finishReason).toBe('stop');
    expect(response.message.content).toEqual([{ type: 'text', text: '你好！有什么可以帮你？' }]);
  });

  it('calls the weather tool it was given for a weather question, saying so first', () => {
    const response = decideDemoResponse(request([user('北京今天天气怎么样？')]));
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.content).toEqual([
      { type: 'text', text: '我需要查一下北京的天气。' },
      { type: 'tool-call', id: 'call_demo_1', name: 'weather__get_weather', args: { city: '北京' } },
    ]);
  });

  it('understands "那上海呢？" as a weather question only when the history holds a weather call', () => {
    const history: Message[] = [
      user('北京今天天气怎么样？'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'call_demo_1', name: 'weather__get_weather', args: { city: '北京' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_demo_1',
            toolName: 'weather__get_weather',
            content: [{ type: 'text', text: '北京今天晴，25°C' }],
            isError: false,
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: '北京今天晴，25°C，适合出门。' }] },
      user('那上海呢？'),
    ];
    const followUp = decideDemoResponse(request(history));
    expect(followUp.message.content.at(-1)).toEqual({
      type: 'tool-call',
      id: 'call_demo_2',
      name: 'weather__get_weather',
      args: { city: '上海' },
    });
    // Without the earlier exchange the same words are ambiguous.
    const alone = decideDemoResponse(request([user('那上海呢？')]));
    expect(alone.finishReason).toBe('stop');
    expect(alone.message.content).toEqual([{ type: 'text', text: '你想了解上海的什么？' }]);
  });

  it('answers from a tool result, and relays a tool error with its suggestion', () => {
    const result = (text: string, isError: boolean): Message => ({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', content: [{ type: 'text', text }], isError },
      ],
    });
    expect(decideDemoResponse(request([user('x'), result('北京今天晴，25°C', false)])).message.content).toEqual([
      { type: 'text', text: '北京今天晴，25°C，适合出门。' },
    ]);
    expect(
      decideDemoResponse(request([user('x'), result('找不到城市北进，是否想输入北京？', true)])).message.content,
    ).toEqual([{ type: 'text', text: '抱歉，找不到城市北进，是否想输入北京？' }]);
  });

  it('says it has no tool rather than inventing a call', () => {
    const response = decideDemoResponse(request([user('北京今天天气怎么样？')], []));
    expect(response.finishReason).toBe('stop');
    expect(response.message.content[0]).toMatchObject({ type: 'text' });
  });

  it('searches with the local search_tools when the weather tool is held back, then calls what it found', () => {
    const search: Tool = { name: 'search_tools', description: 'Find tools.', inputSchema: { type: 'object' } };
    const asked = decideDemoResponse(request([user('北京今天天气怎么样？')], [search]));
    expect(asked.message.content).toEqual([
      { type: 'tool-call', id: 'call_demo_1', name: 'search_tools', args: { query: 'weather' } },
    ]);
    const found: Message[] = [
      user('北京今天天气怎么样？'),
      asked.message,
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_demo_1',
            toolName: 'search_tools',
            content: [{ type: 'text', text: '{"tools":[{"name":"weather__get_weather"}]}' }],
            isError: false,
          },
        ],
      },
    ];
    expect(decideDemoResponse(request(found, [weatherTool, search])).message.content).toContainEqual({
      type: 'tool-call',
      id: 'call_demo_2',
      name: 'weather__get_weather',
      args: { city: '北京' },
    });
    // Found nothing: it says so rather than search again.
    expect(decideDemoResponse(request(found, [search])).message.content).toEqual([
      { type: 'text', text: '我没有查询天气的工具，无法回答北京的天气。' },
    ]);
  });

  it('answers a request for JSON with a value of the schema, for the city asked about', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        temperatureC: { type: 'number' },
        conditions: { type: 'array', items: { type: 'string' } },
        unit: { enum: ['C', 'F'] },
      },
      required: ['city', 'temperatureC', 'conditions', 'unit'],
    };
    const response = decideDemoResponse({
      messages: [user('The weather in Rome, as data.')],
      responseFormat: { type: 'json', schema },
    });
    expect(response.finishReason).toBe('stop');
    const [part] = response.message.content;
    expect(part?.type === 'text' ? JSON.parse(part.text) : part).toEqual({
      city: 'Rome',
      temperatureC: 25,
      conditions: ['sunny'],
      unit: 'C',
    });
  });

  it('reports input tokens that grow with the history', () => {
    const first = decideDemoResponse(request([user('你好')]));
    const second = decideDemoResponse(request([user('你好'), first.message, user('北京今天天气怎么样？')]));
    expect(second.usage.inputTokens).toBeGreaterThan(first.usage.inputTokens);
  });
});

describe('createDemoModel', () => {
  it("leaves no listener on the caller's signal after a paced stream", async () => {
    const controller = new AbortController();
    const model = createDemoModel({ chunkDelayMs: 1 });
    await collectStream(model.stream(request([user('北京今天天气怎么样？')]), { signal: controller.signal }));
    expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
  });

  it('streams exactly what generate returns, text in small pieces', async () => {
    const demo = createDemoModel();
    const input = request([user('北京今天天气怎么样？')]);
    const events = [];
    for await (const event of demo.stream(input)) events.push(event);
    expect(events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(1);
    expect(await collectStream(events)).toEqual(await demo.generate(input));
  });
});
