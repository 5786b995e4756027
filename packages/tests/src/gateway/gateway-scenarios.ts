import type { ChatRequest, ModelResponse, Tool } from '@interlingua/core';

/** One row of the gateway matrix: what the client asks (as IR) and what the backend answers (as IR). */
export type GatewayScenario = { name: string; request: ChatRequest; response: ModelResponse };

const weather: Tool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const time: Tool = {
  name: 'get_time',
  description: 'Local time in a timezone.',
  inputSchema: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
};
// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const ask = (text: string): ChatRequest['messages'][number] => ({ role: 'user', content: [{ type: 'text', text }] });

/** The six scenarios of the matrix. */
export const GATEWAY_SCENARIOS: readonly GatewayScenario[] = [
  {
    name: 'text',
    request: { system: '你是一个天气助手。', messages: [ask('你好')], maxOutputTokens: 256 },
    response: {
      message: { role: 'assistant', content: [{ type: 'text', text: '你好！有什么可以帮你？' }] },
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 21, outputTokens: 9 },
      warnings: [],
    },
  },
  {
    name: 'one tool call',
    request: { messages: [ask('北京今天天气怎么样？')], tools: [weather], maxOutputTokens: 256 },
    response: {
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: '我查一下北京的天气。' },
          { type: 'tool-call', id: 'call_w1', name: 'get_weather', args: { city: '北京' } },
        ],
      },
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: { inputTokens: 80, outputTokens: 20 },
      warnings: [],
    },
  },
  {
    name: 'parallel calls',
    request: { messages: [ask('Weather and time in Paris?')], tools: [weather, time], maxOutputTokens: 256 },
    response: {
      message: {
        role: 'assistant',
        content: [
          { type: 'tool-call', id: 'call_p1', name: 'get_weather', args: { city: 'Paris' } },
          { type: 'tool-call', id: 'call_p2', name: 'get_time', args: { timezone: 'Europe/Paris' } },
        ],
      },
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: { inputTokens: 95, outputTokens: 30 },
      warnings: [],
    },
  },
  {
    name: 'tool results with is_error and an image',
    request: {
      messages: [
        ask('Weather in Paris and Atlantis, and show the map.'),
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', id: 'call_r1', name: 'get_weather', args: { city: 'Paris' } },
            { type: 'tool-call', id: 'call_r2', name: 'get_weather', args: { city: 'Atlantis' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_r1',
              toolName: 'get_weather',
              content: [
                { type: 'text', text: 'Paris: 18°C, sunny' },
                { type: 'image', source: { type: 'base64', data: PNG }, mediaType: 'image/png' },
              ],
              isError: false,
            },
            {
              type: 'tool-result',
              toolCallId: 'call_r2',
              toolName: 'get_weather',
              content: [{ type: 'text', text: 'Unknown city: Atlantis' }],
              isError: true,
            },
          ],
        },
      ],
      tools: [weather],
      maxOutputTokens: 256,
    },
    response: {
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'Paris is sunny at 18°C; Atlantis is not a city I know.' }],
      },
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 240, outputTokens: 18 },
      warnings: [],
    },
  },
  {
    name: 'thinking with a signature',
    request: { messages: [ask('What is 17 × 23?')], maxOutputTokens: 2048 },
    response: {
      message: {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: '17 × 23 = 17 × 20 + 17 × 3 = 340 + 51 = 391.',
            signature: 'EqQBCkgIBRABGAIiQL2sig',
          },
          { type: 'text', text: '391' },
        ],
      },
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 30, outputTokens: 60 },
      warnings: [],
    },
  },
  {
    name: 'usage with cache reads',
    request: { system: 'A long, cached system prompt.', messages: [ask('Summarize.')], maxOutputTokens: 256 },
    response: {
      message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 2048, outputTokens: 12, cachedInputTokens: 1536 },
      warnings: [],
    },
  },
];
