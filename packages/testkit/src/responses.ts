import type { FinishReason, JSONObject, ModelResponse, Usage } from '@interlingua/core';

const defaultUsage: Usage = { inputTokens: 10, outputTokens: 5 };

/** A plain text answer that finishes with `stop`. */
export function textResponse(text: string, overrides: Partial<ModelResponse> = {}): ModelResponse {
  return {
    message: { role: 'assistant', content: [{ type: 'text', text }] },
    finishReason: 'stop',
    rawFinishReason: 'stop',
    usage: defaultUsage,
    warnings: [],
    ...overrides,
  };
}

/** An answer that calls tools (optionally after some text) and finishes with `tool_calls`. */
export function toolCallResponse(
  calls: { id: string; name: string; args?: JSONObject; argsText?: string; argsError?: string }[],
  options: { text?: string; finishReason?: FinishReason; usage?: Usage } = {},
): ModelResponse {
  return {
    message: {
      role: 'assistant',
      content: [
        ...(options.text === undefined ? [] : [{ type: 'text' as const, text: options.text }]),
        ...calls.map((call) => ({
          type: 'tool-call' as const,
          id: call.id,
          name: call.name,
          args: call.args ?? {},
          ...(call.argsText === undefined ? {} : { argsText: call.argsText }),
          ...(call.argsError === undefined ? {} : { argsError: call.argsError }),
        })),
      ],
    },
    finishReason: options.finishReason ?? 'tool_calls',
    rawFinishReason: options.finishReason ?? 'tool_calls',
    usage: options.usage ?? defaultUsage,
    warnings: [],
  };
}
