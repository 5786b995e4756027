import { runAgent, userMessage } from '@interlingua/agent';
import { type ChatModel, type ChatRequest, defineTool, type Message, type ModelResponse } from '@interlingua/core';
import { z } from 'zod';
import { type Comparison, compare, report } from '../harness';

const steps = 5;
const usage = { inputTokens: 100, outputTokens: 10 };

/**
 * A ChatModel with no network: each call serializes the request (what every adapter does
 * before sending it) and answers with a tool call until the last step, then with text.
 */
function benchModel(serialize: boolean): ChatModel {
  const generate = async (request: ChatRequest): Promise<ModelResponse> => {
    if (serialize) JSON.stringify(request);
    const step = request.messages.filter((message) => message.role === 'assistant').length;
    if (step === steps - 1) {
      return {
        message: { role: 'assistant', content: [{ type: 'text', text: 'Sunny everywhere.' }] },
        finishReason: 'stop',
        rawFinishReason: 'end_turn',
        usage,
        warnings: [],
      };
    }
    return {
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: `call_${step}_a`, name: 'get_weather', args: { city: '北京' } },
          { type: 'tool-call', id: `call_${step}_b`, name: 'get_weather', args: { city: '上海' } },
        ],
      },
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_use',
      usage,
      warnings: [],
    };
  };
  return {
    provider: 'bench',
    modelId: 'bench',
    capabilities: {},
    generate,
    stream: () => {
      throw new Error('not used');
    },
  };
}

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  input: z.object({ city: z.string() }),
  execute: async ({ city }) => `${city}：晴，25°C`,
});
const tools = [getWeather];
const toolData = [{ name: getWeather.name, description: getWeather.description, inputSchema: getWeather.inputSchema }];
const idle = new AbortController().signal;
const question = [userMessage('北京和上海今天天气怎么样？')];

/** The loop a careful developer writes by hand: validate, run in parallel, one tool message, stop on finishReason. */
async function handWrittenLoop(model: ChatModel): Promise<string> {
  const messages: Message[] = [...question];
  for (let step = 0; step < 10; step++) {
    const response = await model.generate({ system: 'Be brief.', messages, tools: toolData });
    messages.push(response.message);
    if (response.finishReason !== 'tool_calls') break;
    const calls = response.message.content.filter((part) => part.type === 'tool-call');
    const results = await Promise.all(
      calls.map(async (call) => {
        const validation = getWeather.validate?.(call.args);
        const text = validation?.success
          ? String(
              await getWeather.execute(validation.value, {
                toolCallId: call.id,
                signal: idle,
                messages,
              }),
            )
          : 'invalid';
        return {
          type: 'tool-result' as const,
          toolCallId: call.id,
          toolName: call.name,
          content: [{ type: 'text' as const, text }],
          isError: false,
        };
      }),
    );
    messages.push({ role: 'tool', content: results });
  }
  return messages.length.toString();
}

export async function run(): Promise<void> {
  const encoding = benchModel(true);
  const bare = benchModel(false);
  const comparisons: Comparison[] = [
    {
      name: `runAgent vs hand-written loop, ${steps} steps × 2 calls (model serializes the request)`,
      baseline: () => handWrittenLoop(encoding),
      subject: () => runAgent({ model: encoding, tools, system: 'Be brief.', messages: question }),
      goal: 1.2,
    },
    {
      name: `same, model doing no work at all (pure loop overhead)`,
      baseline: () => handWrittenLoop(bare),
      subject: () => runAgent({ model: bare, tools, system: 'Be brief.', messages: question }),
    },
  ];
  report('agent', await compare(comparisons));
}
