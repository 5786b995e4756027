import type { ChatRequest, Message, ModelResponse } from '@interlingua/core';
import { REALISTIC_TOOLS } from './realistic-tools';

/**
 * A request with `size` messages and the 20 realistic tools: rounds of a user question, an
 * assistant turn with text and a tool call, the tool's result (every ninth an error), and the
 * answer — Chinese and Latin text mixed, as in the design notes.
 */
export function buildHistory(size: number): ChatRequest {
  const messages: Message[] = [];
  for (let turn = 0; messages.length < size; turn++) {
    const id = `call_${turn}`;
    messages.push({
      role: 'user',
      content: [{ type: 'text', text: `第${turn}问：北京今天天气怎么样？ And Paris, please.` }],
    });
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check the weather.' },
        { type: 'tool-call', id, name: 'get_weather', args: { city: '北京', unit: 'celsius', days: turn % 7 } },
      ],
    });
    messages.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'get_weather',
          content: [
            { type: 'text', text: JSON.stringify({ sky: '晴', temperature: 20 + (turn % 10), wind: '3 m/s' }) },
          ],
          isError: turn % 9 === 0,
        },
      ],
    });
    messages.push({
      role: 'assistant',
      content: [{ type: 'text', text: `北京今天晴，${20 + (turn % 10)}°C（第${turn}次）。` }],
    });
  }
  // A history ends with the user's turn.
  const trimmed = messages.slice(0, size - 1);
  trimmed.push({ role: 'user', content: [{ type: 'text', text: '谢谢！What about tomorrow?' }] });
  return {
    system: 'You are a helpful assistant with tools.',
    messages: trimmed,
    tools: REALISTIC_TOOLS,
    maxOutputTokens: 1024,
  };
}

/** The answer every canned request-build reply carries. */
export const TEXT_ANSWER: ModelResponse = {
  id: 'resp_bench_1',
  model: 'bench-model',
  message: { role: 'assistant', content: [{ type: 'text', text: '明天北京多云，18–26°C；Paris: light rain, 14 °C.' }] },
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage: { inputTokens: 30_000, outputTokens: 24 },
  warnings: [],
};
