import {
  type AssistantContentPart,
  InvalidResponseError,
  type ModelResponse,
  parseToolArguments,
  type ToolCall,
  type Warning,
} from '@interlingua/core';
import { convertOpenAIUsage } from './convert-openai-usage';
import { mapOpenAIFinishReason } from './map-openai-finish-reason';
import { parseOpenAIResponse } from './parse-openai-response';

/**
 * Decodes a Chat Completions response body (first choice) into an IR response. Argument
 * strings are parsed with `parseToolArguments`: invalid JSON (e.g. cut off at `length`)
 * keeps `argsText` and `argsError` and never throws. A `refusal` becomes a text part marked
 * `providerMetadata.openai.refusal` and `finishReason: 'refusal'`; `reasoning_content`
 * (DeepSeek, vLLM) becomes a reasoning part. A call with an empty `id` gets `call_<n>` (its
 * position), as in a stream; bad usage counts are dropped with a warning.
 *
 * Throws the `APICallError` an error body (`{ "error": … }`) describes, and
 * `InvalidResponseError` when the body is not a chat completion.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object
 */
export function decodeOpenAIResponse(body: unknown): ModelResponse {
  const response = parseOpenAIResponse(body);
  const choice = response.choices[0];
  if (choice === undefined) throw new InvalidResponseError({ message: 'Expected at least one choice, got none.' });
  const { message } = choice;
  const content: AssistantContentPart[] = [];
  const warnings: Warning[] = [];
  if (message.reasoning_content) content.push({ type: 'reasoning', text: message.reasoning_content });
  if (message.content) content.push({ type: 'text', text: message.content });
  if (message.refusal) {
    content.push({ type: 'text', text: message.refusal, providerMetadata: { openai: { refusal: true } } });
  }
  for (const [index, call] of (message.tool_calls ?? []).entries()) {
    if (call.type === 'function') {
      content.push(toToolCall(call.id === '' ? `call_${index}` : call.id, call.function.name, call.function.arguments));
    } else {
      warnings.push({
        type: 'unsupported',
        feature: 'custom tool call',
        message: `The response holds a custom (free-form) tool call "${call.custom.name}", which the IR cannot carry; it was left out.`,
      });
    }
  }
  return {
    message: { role: 'assistant', content },
    finishReason: mapOpenAIFinishReason(
      choice.finish_reason,
      Boolean(message.refusal),
      content.some((part) => part.type === 'tool-call'),
    ),
    rawFinishReason: choice.finish_reason ?? null,
    usage: convertOpenAIUsage(response.usage, warnings),
    ...(response.id ? { id: response.id } : {}),
    ...(response.model ? { model: response.model } : {}),
    warnings,
  };
}

/** Builds an IR tool call from a wire call, keeping unparseable argument text. */
export function toToolCall(id: string, name: string, argsText: string): ToolCall {
  const parsed = parseToolArguments(argsText);
  if (parsed.argsError === undefined) return { type: 'tool-call', id, name, args: parsed.args };
  return { type: 'tool-call', id, name, args: {}, argsText: parsed.argsText, argsError: parsed.argsError };
}
