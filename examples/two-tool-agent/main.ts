/**
 * A two-tool agent: weather and local time, the loop run by `@interlingua/agent`.
 *
 *   npx tsx examples/two-tool-agent/main.ts
 *
 * With OPENAI_API_KEY (or ANTHROPIC_API_KEY) set it talks to the real API; without one it
 * runs on the testkit's scripted model, which replays what a model would answer, and says so.
 */
import { createConversation } from '@interlingua/agent';
import { createAnthropic } from '@interlingua/anthropic';
import { type ChatModel, defineTool } from '@interlingua/core';
import { createOpenAI } from '@interlingua/openai';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { z } from 'zod';

const weather: Record<string, string> = { 北京: '晴，25°C', 上海: '多云，22°C' };
const timeZones: Record<string, string> = { 北京: 'Asia/Shanghai', 上海: 'Asia/Shanghai' };

const getWeather = defineTool({
  name: 'get_weather',
  description: '根据城市名查询实时天气 (current weather for a city).',
  input: z.object({ city: z.string().describe('城市名，如北京') }),
  execute: ({ city }) => weather[city] ?? `找不到城市${city}，是否想输入北京？`,
});

const getTime = defineTool({
  name: 'get_time',
  description: 'Local time in a city.',
  input: z.object({ city: z.string() }),
  execute: ({ city }, { signal }) => {
    signal.throwIfAborted();
    const timeZone = timeZones[city];
    if (timeZone === undefined) throw new Error(`Unknown city ${city}`);
    return new Date().toLocaleTimeString('zh-CN', { timeZone });
  },
});

function textOf(parts: readonly { type: string; text?: string }[]): string {
  return parts.map((part) => part.text ?? `[${part.type}]`).join('');
}

function pickModel(): { model: ChatModel; note: string } {
  if (process.env.OPENAI_API_KEY) return { model: createOpenAI()('gpt-4.1-mini'), note: 'OpenAI gpt-4.1-mini' };
  if (process.env.ANTHROPIC_API_KEY) {
    return { model: createAnthropic()('claude-sonnet-4-6'), note: 'Anthropic claude-sonnet-4-6' };
  }
  // No key: a scripted model plays the answers a real model gives to these questions.
  const model = scriptedModel([
    toolCallResponse(
      [
        { id: 'call_1', name: 'get_weather', args: { city: '北京' } },
        { id: 'call_2', name: 'get_time', args: { city: '北京' } },
      ],
      { text: '我查一下北京的天气和时间。', usage: { inputTokens: 420, outputTokens: 41 } },
    ),
    // A step may be a function of the request: answer from the tool results actually sent.
    (request) => {
      const results = request.messages.at(-1);
      const [sky, time] = results?.role === 'tool' ? results.content.map((result) => textOf(result.content)) : [];
      return textResponse(`北京现在${sky}，当地时间 ${time}。`, { usage: { inputTokens: 512, outputTokens: 18 } });
    },
    toolCallResponse([{ id: 'call_3', name: 'get_weather', args: { city: '上海' } }], {
      usage: { inputTokens: 560, outputTokens: 20 },
    }),
    textResponse('上海多云，22°C。', { usage: { inputTokens: 620, outputTokens: 12 } }),
  ]);
  return { model, note: 'no API key found: running on the testkit scripted model (canned answers)' };
}

const { model, note } = pickModel();
console.log(`Model: ${note}\n`);

const chat = createConversation({
  model,
  tools: [getWeather, getTime],
  system: '你是一个专业的天气助手，回答简洁。',
  maxSteps: 6,
  toolTimeout: 5_000,
  onEvent: (event) => {
    if (event.type === 'tool-call') console.log(`  → ${event.toolCall.name}(${JSON.stringify(event.toolCall.args)})`);
    if (event.type === 'tool-result') {
      const text = textOf(event.result.content);
      console.log(`  ← ${event.result.isError ? 'error: ' : ''}${text}`);
    }
  },
});

for (const question of ['北京现在天气怎么样，几点了？', '那上海呢？']) {
  console.log(`User: ${question}`);
  const result = await chat.send(question);
  console.log(`Assistant: ${result.text}`);
  console.log(
    `  (${result.finishReason}; ${result.steps.length} steps; input tokens per step ${result.inputTokensPerStep.join(' → ')})\n`,
  );
}
console.log(`History: ${chat.messages.length} messages, tool exchanges included.`);
