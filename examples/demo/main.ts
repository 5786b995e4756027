/**
 * The foundation demo: a conversation with a zod tool, as IR, and the JSON Schema the
 * tool produces. Run with `pnpm demo`.
 */
import {
  type ChatRequest,
  chatRequestSchema,
  collectStream,
  defineTool,
  parseToolArguments,
  responseToStream,
} from '@interlingua/core';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  input: z.object({ city: z.string().describe('City name, e.g. 北京') }),
  execute: ({ city }) => (city === '北京' ? '北京：晴，25°C' : `找不到城市${city}`),
});

console.log('The tool as the model sees it (JSON Schema from zod):');
console.log(
  JSON.stringify(
    { name: getWeather.name, description: getWeather.description, inputSchema: getWeather.inputSchema },
    null,
    2,
  ),
);

// The model's call, as a provider would stream it: arguments split mid-character.
const streamed = await collectStream([
  { type: 'text-delta', text: 'I need to check the weather.' },
  { type: 'tool-call-start', id: 'call_1', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'call_1', argsTextDelta: '{"city":"\\u5317' },
  { type: 'tool-call-delta', id: 'call_1', argsTextDelta: '\\u4eac"}' },
  {
    type: 'tool-call-end',
    toolCall: {
      type: 'tool-call',
      id: 'call_1',
      name: 'get_weather',
      args: parseToolArguments('{"city":"\\u5317\\u4eac"}').args,
    },
  },
  {
    type: 'finish',
    finishReason: 'tool_calls',
    rawFinishReason: 'tool_use',
    usage: { inputTokens: 42, outputTokens: 18 },
  },
]);

const call = streamed.message.content.find((part) => part.type === 'tool-call');
if (call === undefined) throw new Error('expected a tool call');
const validated = getWeather.validate?.(call.args);
if (!validated?.success) throw new Error(validated?.error ?? 'no validator');
const output = await getWeather.execute(validated.value, {
  toolCallId: call.id,
  signal: AbortSignal.timeout(1000),
  messages: [],
});

const request: ChatRequest = chatRequestSchema.parse({
  system: 'You are a helpful assistant.',
  messages: [
    { role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] },
    streamed.message,
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: call.id,
          toolName: call.name,
          content: [{ type: 'text', text: String(output) }],
          isError: false,
        },
      ],
    },
  ],
  tools: [{ name: getWeather.name, description: getWeather.description, inputSchema: getWeather.inputSchema }],
});

console.log('\nThe next request, as IR (validated by chatRequestSchema):');
console.log(JSON.stringify(request, null, 2));
console.log('\nA malformed argument string keeps its text and says why:');
console.log(parseToolArguments('{"city": "北'));
console.log(`\nThe stream folds back to the same events: ${responseToStream(streamed).length} events.`);
