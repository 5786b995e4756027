// Small native bodies shared by the issue-12 regression tests: one valid request, response and
// stream per codec, shaped as each provider's API reference shows them.

/** A Chat Completions request with a tool, a call and its result. */
export function openaiRequest(): Record<string, unknown> {
  return {
    model: 'gpt-4.1',
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '22°C' },
    ],
    tools: [
      {
        type: 'function',
        function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } },
      },
    ],
  };
}

/** A Messages API request with a tool, a tool_use and its tool_result. */
export function anthropicRequest(): Record<string, unknown> {
  return {
    model: 'claude-sonnet-4-6',
    max_tokens: 1024,
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '22°C' }] },
    ],
    tools: [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: {} } }],
  };
}

/** A generateContent request with a tool, a functionCall and its functionResponse. */
export function geminiRequest(): Record<string, unknown> {
  return {
    contents: [
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '22°C' } } }] },
    ],
    tools: [
      {
        functionDeclarations: [
          { name: 'get_weather', description: 'Weather', parameters: { type: 'OBJECT', properties: {} } },
        ],
      },
    ],
  };
}

/** A chat completion calling one tool with `args` as its argument text. */
export function openaiResponse(
  argumentsText = '{"city":"Paris"}',
  usage: unknown = undefined,
): Record<string, unknown> {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4.1',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: argumentsText } }],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: usage ?? { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** A Message calling one tool with `input`. */
export function anthropicResponse(
  input: unknown = { city: 'Paris' },
  usage: unknown = undefined,
): Record<string, unknown> {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: usage ?? { input_tokens: 10, output_tokens: 5 },
  };
}

/** A GenerateContentResponse calling one function (no id: Gemini often sends none) with `args`. */
export function geminiResponse(
  args: unknown = { city: 'Paris' },
  usageMetadata: unknown = undefined,
): Record<string, unknown> {
  return {
    candidates: [
      { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args } }] }, finishReason: 'STOP' },
    ],
    usageMetadata: usageMetadata ?? { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'gemini-2.5-flash',
  };
}

/** `depth` levels of `{ "a": … }` around `inner`. */
export function nested(depth: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** Feeds chunks to a stream decoder and collects every event. */
export async function drain<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** An async iterable of `items`, as an SDK yields stream chunks. */
export async function* chunks<T>(items: T[]): AsyncIterable<T> {
  yield* items;
}

/** What was thrown by `run`, or a failure if nothing was. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('Expected an error, but nothing was thrown.');
}
