import type {
  AssistantContentPart,
  ChatModel,
  ChatRequest,
  Message,
  ModelResponse,
  StreamEvent,
  Tool,
  Usage,
} from '@interlingua/core';
import { functionToolsOf, toChatRequest } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { demoJsonAnswer } from './demo-json-answer';

/** Settings of {@link createDemoModel}. */
export type DemoModelSettings = {
  /** The model id it reports. Default `weather-demo`. */
  modelId?: string;
  /** Pause between streamed text pieces, so a terminal shows the stream arriving. Default 0. */
  chunkDelayMs?: number;
};

/**
 * The built-in offline demo model: a `ChatModel` that follows the weather script of the
 * getting-started guide without a network or a key. It greets, calls the weather tool it was
 * given (any tool named `get_weather` or `<server>__get_weather`) for a city it is asked about,
 * understands a follow-up such as "那上海呢？" only from a weather call in the history, relays
 * tool errors, and answers from tool results. Usage is estimated from the request size
 * (about 4 characters or one CJK character per token), so it grows with the history as a real
 * model's does. Deterministic: the same request gives the same response.
 *
 * @example
 * const result = await runAgent({ model: createDemoModel(), tools: await bridge.tools(), messages });
 */
export function createDemoModel(settings: DemoModelSettings = {}): ChatModel {
  const modelId = settings.modelId ?? 'weather-demo';
  const delay = settings.chunkDelayMs ?? 0;
  return {
    provider: 'demo',
    modelId,
    capabilities: { toolCalling: 'native', parallelToolCalls: false },
    async generate(input) {
      return decideDemoResponse(toChatRequest(input));
    },
    async *stream(input, options) {
      const response = decideDemoResponse(toChatRequest(input));
      for (const event of splitTextDeltas(responseToStream(response))) {
        if (delay > 0 && event.type === 'text-delta') await pause(delay, options?.signal);
        yield event;
      }
    },
  };
}

/**
 * The demo model's next turn for a request: the pure decision behind {@link createDemoModel}.
 * Never throws; a request it has no script for gets a short answer saying what it can do.
 */
export function decideDemoResponse(request: ChatRequest): ModelResponse {
  const last = request.messages.at(-1);
  const weatherTool = findWeatherTool(functionToolsOf(request.tools));
  let content: AssistantContentPart[];
  const format = request.responseFormat;
  if (format?.type === 'json' && last?.role === 'user') {
    // Asked for data: the weather of the city asked about, in the requested shape.
    const text = lastText(last).trim();
    const city = weatherQuestion(text) ?? /\b(?:in|for|at) (\p{Lu}[\p{L}'-]*)/u.exec(text)?.[1] ?? 'Paris';
    content = [{ type: 'text', text: JSON.stringify(demoJsonAnswer(format.schema ?? {}, city)) }];
  } else if (last?.role === 'tool' && last.content.every((result) => result.toolName === SEARCH_TOOLS)) {
    // A tool search answered: ask the question again, now with the tools it found.
    const question = request.messages.findLast((message) => message.role === 'user');
    // Searched once: without a weather tool now, it says so rather than search again.
    const tools = weatherTool === undefined ? [] : functionToolsOf(request.tools);
    content = replyTo(question?.role === 'user' ? lastText(question) : '', request.messages, weatherTool, tools);
  } else if (last?.role === 'tool') {
    content = [{ type: 'text', text: last.content.map(answerFromResult).join('\n') }];
  } else {
    const text = last?.role === 'user' ? lastText(last) : '';
    content = replyTo(text, request.messages, weatherTool, functionToolsOf(request.tools));
  }
  const calls = content.filter((part) => part.type === 'tool-call').length;
  return {
    message: { role: 'assistant', content },
    finishReason: calls > 0 ? 'tool_calls' : 'stop',
    rawFinishReason: calls > 0 ? 'tool_calls' : 'stop',
    usage: estimateUsage(request, content),
    id: `demo_${request.messages.length}`,
    warnings: [],
  };
}

// The agent's local tool search (deferred tools): the demo searches with it when the weather tool is held back.
const SEARCH_TOOLS = 'search_tools';

function replyTo(
  text: string,
  history: readonly Message[],
  weatherTool: Tool | undefined,
  tools: readonly Tool[],
): AssistantContentPart[] {
  const trimmed = text.trim().replace(/[？?！!。.]+$/u, '');
  if (/^(你好|您好|hi|hello|hey)\b|^(你好|您好)/iu.test(trimmed)) {
    return [{ type: 'text', text: isChinese(trimmed) ? '你好！有什么可以帮你？' : 'Hello! How can I help?' }];
  }
  const asked = weatherQuestion(trimmed) ?? followUp(trimmed, history);
  if (asked === undefined) {
    const city = followUpCity(trimmed);
    if (city !== undefined) {
      return [
        {
          type: 'text',
          text: isChinese(city) ? `你想了解${city}的什么？` : `What would you like to know about ${city}?`,
        },
      ];
    }
    return [
      {
        type: 'text',
        text: isChinese(trimmed)
          ? '我是离线演示模型，只会查天气。试试问：北京今天天气怎么样？'
          : 'I am the offline demo model and only know the weather. Try: what is the weather in Paris?',
      },
    ];
  }
  if (weatherTool === undefined && tools.some((tool) => tool.name === SEARCH_TOOLS)) {
    const callNumber = countToolCalls(history) + 1;
    return [{ type: 'tool-call', id: `call_demo_${callNumber}`, name: SEARCH_TOOLS, args: { query: 'weather' } }];
  }
  if (weatherTool === undefined) {
    return [
      {
        type: 'text',
        text: isChinese(asked)
          ? `我没有查询天气的工具，无法回答${asked}的天气。`
          : `I have no weather tool, so I cannot tell the weather in ${asked}.`,
      },
    ];
  }
  const callNumber = countToolCalls(history) + 1;
  return [
    { type: 'text', text: isChinese(asked) ? `我需要查一下${asked}的天气。` : `Let me check the weather in ${asked}.` },
    { type: 'tool-call', id: `call_demo_${callNumber}`, name: weatherTool.name, args: { city: asked } },
  ];
}

/** "北京今天天气怎么样" → 北京; "what's the weather in Paris today" → Paris. */
function weatherQuestion(text: string): string | undefined {
  const chinese = /^(?:那么?)?(.+?)(?:今天|明天|现在|的)*天气/u.exec(text);
  if (chinese?.[1] !== undefined) return chinese[1].trim();
  const english = /weather (?:in|for|at) ([\p{L} .'-]+?)(?: today| now| tomorrow)?$/iu.exec(text);
  return english?.[1]?.trim();
}

/** "那上海呢" / "and Shanghai" name a city without saying what about it. */
function followUpCity(text: string): string | undefined {
  const chinese = /^(?:那么?)?(.+?)呢$/u.exec(text);
  if (chinese?.[1] !== undefined) return chinese[1].trim();
  const english = /^(?:and|what about|how about) ([\p{L} .'-]+)$/iu.exec(text);
  return english?.[1]?.trim();
}

/** A follow-up is a weather question only when the history holds an earlier weather call. */
function followUp(text: string, history: readonly Message[]): string | undefined {
  const city = followUpCity(text);
  if (city === undefined) return undefined;
  const askedBefore = history.some(
    (message) =>
      message.role === 'assistant' &&
      message.content.some((part) => part.type === 'tool-call' && isWeatherToolName(part.name)),
  );
  return askedBefore ? city : undefined;
}

function answerFromResult(result: Extract<Message, { role: 'tool' }>['content'][number]): string {
  const text = result.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
  if (result.isError) return isChinese(text) ? `抱歉，${text}` : `Sorry: ${text}`;
  if (isChinese(text)) return `${text}，${/雨|雪/u.test(text) ? '记得带伞。' : '适合出门。'}`;
  return `${text}. ${/rain|snow/iu.test(text) ? 'Take an umbrella.' : 'Enjoy your day.'}`;
}

function findWeatherTool(tools: readonly Tool[]): Tool | undefined {
  return tools.find((tool) => isWeatherToolName(tool.name));
}

function isWeatherToolName(name: string): boolean {
  return name === 'get_weather' || name.endsWith('__get_weather');
}

function countToolCalls(history: readonly Message[]): number {
  let count = 0;
  for (const message of history) {
    if (message.role === 'assistant') count += message.content.filter((part) => part.type === 'tool-call').length;
  }
  return count;
}

function lastText(message: Extract<Message, { role: 'user' }>): string {
  const texts = message.content.filter((part) => part.type === 'text');
  return texts.at(-1)?.text ?? '';
}

function isChinese(text: string): boolean {
  return /[\u3400-\u9fff]/u.test(text);
}

/** About 4 characters per token, a CJK character one token: the usual rough rule. */
function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/gu)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

function estimateUsage(request: ChatRequest, content: AssistantContentPart[]): Usage {
  const prompt = JSON.stringify([request.system ?? '', request.messages, request.tools ?? []]);
  return { inputTokens: estimateTokens(prompt), outputTokens: Math.max(1, estimateTokens(JSON.stringify(content))) };
}

/** Splits each text delta into pieces of a few characters, as a real stream arrives. */
function splitTextDeltas(events: StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = [];
  for (const event of events) {
    if (event.type !== 'text-delta') {
      out.push(event);
      continue;
    }
    const characters = [...event.text];
    for (let index = 0; index < characters.length; index += 4) {
      out.push({ type: 'text-delta', text: characters.slice(index, index + 4).join('') });
    }
  }
  return out;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    // Removed when the pause ends, so a long stream does not pile listeners on the caller's signal.
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
