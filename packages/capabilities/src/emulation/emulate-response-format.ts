import type {
  ChatRequest,
  JSONObject,
  ModelCapabilities,
  ModelResponse,
  StreamEvent,
  Tool,
  ToolCall,
  Warning,
} from '@interlingua/core';

/** The name of the tool whose input is the answer, when JSON output is emulated with a forced tool call. */
export const ANSWER_TOOL_NAME = 'json_answer';

/** How a request's `responseFormat` is emulated: a forced answer tool, or instructions in the prompt. */
export type ResponseFormatEmulation =
  | { mode: 'tool'; toolName: string; wrapped: boolean }
  | { mode: 'prompt'; schema: JSONObject | undefined };

/**
 * Emulates `responseFormat` for a model without native structured output, per its capability
 * data: `structuredOutput: 'tool'` (and tool calling) adds a tool whose input is the answer and
 * forces it (a non-object schema is wrapped as `{ value }`), `'none'` asks for JSON in the
 * system prompt. Native or unknown support leaves the request to the codec.
 */
export function emulateResponseFormat(
  request: ChatRequest,
  capabilities: Pick<ModelCapabilities, 'structuredOutput' | 'toolCalling'>,
  warnings: Warning[],
): { request: ChatRequest; emulation: ResponseFormatEmulation | undefined } {
  const format = request.responseFormat;
  const support = capabilities.structuredOutput;
  if (format?.type !== 'json' || support === 'native' || support === 'unknown')
    return { request, emulation: undefined };
  const { responseFormat: _format, ...rest } = request;
  if (support === 'tool' && format.schema !== undefined && capabilities.toolCalling !== 'none') {
    const wrapped = format.schema.type !== 'object';
    const inputSchema: JSONObject = wrapped
      ? { type: 'object', properties: { value: format.schema }, required: ['value'], additionalProperties: false }
      : format.schema;
    const tool: Tool = {
      name: ANSWER_TOOL_NAME,
      description: format.description ?? 'Give your final answer by calling this tool; its input is the answer.',
      inputSchema,
    };
    const others = rest.tools ?? [];
    const choice = rest.toolChoice;
    const toolChoice =
      others.length === 0 || choice === undefined || choice === 'none'
        ? ({ type: 'tool', name: ANSWER_TOOL_NAME } as const)
        : choice === 'auto'
          ? 'required'
          : choice;
    warnings.push({
      type: 'degraded',
      feature: 'responseFormat',
      message: `This model has no native structured output; the answer was asked for as a call of the tool "${ANSWER_TOOL_NAME}" and returned as JSON text.`,
    });
    return {
      request: { ...rest, tools: [...others, tool], toolChoice },
      emulation: { mode: 'tool', toolName: ANSWER_TOOL_NAME, wrapped },
    };
  }
  const instruction =
    format.schema === undefined
      ? 'Answer with a single valid JSON value and nothing else: no prose, no code fence.'
      : `Answer with a single valid JSON value and nothing else (no prose, no code fence), matching this JSON Schema:\n${JSON.stringify(format.schema)}`;
  warnings.push({
    type: 'degraded',
    feature: 'responseFormat',
    message:
      'This model has no structured output; JSON was asked for in the system prompt and the answer is validated.',
  });
  return {
    request: {
      ...rest,
      system: rest.system === undefined || rest.system === '' ? instruction : `${rest.system}\n\n${instruction}`,
    },
    emulation: { mode: 'prompt', schema: format.schema },
  };
}

function answerText(call: ToolCall, emulation: { wrapped: boolean }): string {
  if (call.argsText !== undefined) return call.argsText;
  return JSON.stringify(emulation.wrapped ? (call.args.value ?? null) : call.args);
}

/**
 * Turns the answer tool's call in a response back into the JSON text answer (`finishReason`
 * `stop`); a response that called other tools instead is returned as it is.
 */
export function answerFromToolCall(
  response: ModelResponse,
  emulation: { toolName: string; wrapped: boolean },
): ModelResponse {
  const call = response.message.content.find(
    (part): part is ToolCall => part.type === 'tool-call' && part.name === emulation.toolName,
  );
  if (call === undefined) return response;
  const content = response.message.content.filter((part) => part.type !== 'tool-call');
  const warnings = [...response.warnings];
  if (response.message.content.some((part) => part.type === 'tool-call' && part !== call)) {
    warnings.push({
      type: 'other',
      feature: 'responseFormat',
      message: 'The model called other tools beside the answer tool; those calls were dropped.',
    });
  }
  content.push({ type: 'text', text: answerText(call, emulation) });
  return {
    ...response,
    message: { role: 'assistant', content },
    finishReason: 'stop',
    warnings,
  };
}

/**
 * The stream form of {@link answerFromToolCall}: the answer tool's argument deltas become
 * text deltas as they arrive (buffered when the schema was wrapped), and its finish says `stop`.
 */
export async function* answerStreamFromToolCall(
  events: AsyncIterable<StreamEvent>,
  emulation: { toolName: string; wrapped: boolean },
): AsyncIterable<StreamEvent> {
  let answerId: string | undefined;
  let streamed = false;
  let otherCalls = 0;
  for await (const event of events) {
    switch (event.type) {
      case 'tool-call-start':
        if (event.name === emulation.toolName && answerId === undefined) answerId = event.id;
        else {
          otherCalls++;
          yield event;
        }
        break;
      case 'tool-call-delta':
        if (event.id !== answerId) yield event;
        else if (!emulation.wrapped && event.argsTextDelta !== '') {
          streamed = true;
          yield { type: 'text-delta', text: event.argsTextDelta };
        }
        break;
      case 'tool-call-end':
        if (event.toolCall.id !== answerId) yield event;
        else if (!streamed) yield { type: 'text-delta', text: answerText(event.toolCall, emulation) };
        break;
      case 'finish':
        yield answerId !== undefined && otherCalls === 0 && event.finishReason === 'tool_calls'
          ? { ...event, finishReason: 'stop' }
          : event;
        break;
      default:
        yield event;
    }
  }
}
