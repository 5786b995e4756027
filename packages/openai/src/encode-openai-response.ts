import type { CodecResult, ModelResponse, Warning } from '@interlingua/core';
import { convertToOpenAIUsage } from './convert-openai-usage';
import { convertToOpenAIFinishReason } from './map-openai-finish-reason';
import type { OpenAIChatResponseBody } from './openai-api';
import type { OpenAIEncodeResponseOptions } from './openai-compat';
import { splitOpenAIAssistantContent } from './split-openai-assistant-content';

/** The id used when neither the response nor the options give one. */
export const OPENAI_PLACEHOLDER_ID = 'chatcmpl-interlingua';

/**
 * Encodes an IR response as a `chat.completion` body (the gateway direction). Text parts are
 * joined into `content`, refusal-marked text goes to `refusal`, calls to `tool_calls` (with
 * `argsText` verbatim when the arguments did not parse). Reasoning has no field in Chat
 * Completions and is left out with a warning; finish reasons without a word of their own
 * become `stop` with a warning.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object
 */
export function encodeOpenAIResponse(
  response: ModelResponse,
  options: OpenAIEncodeResponseOptions = {},
): CodecResult<OpenAIChatResponseBody> {
  const warnings: Warning[] = [];
  const {
    texts,
    refusal,
    toolCalls,
    reasoning: reasoningParts,
  } = splitOpenAIAssistantContent(response.message.content);
  const reasoning = reasoningParts.length > 0;
  const content = texts.length === 0 ? null : texts.map((part) => part.text).join('');
  if (reasoning) {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoning',
      message: 'Chat Completions responses have no reasoning field; reasoning parts were left out.',
    });
  }
  const finishReason = convertToOpenAIFinishReason(response.finishReason);
  if (finishReason !== response.finishReason && response.finishReason !== 'refusal') {
    warnings.push({
      type: 'degraded',
      feature: 'finishReason',
      message: `Chat Completions has no finish_reason "${response.finishReason}"; it was sent as "${finishReason}".`,
    });
  }
  return {
    value: {
      id: options.id ?? response.id ?? OPENAI_PLACEHOLDER_ID,
      object: 'chat.completion',
      created: options.created ?? 0,
      model: response.model ?? options.model ?? 'unknown',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content,
            refusal: refusal ?? null,
            ...(toolCalls.length === 0 ? {} : { tool_calls: toolCalls }),
          },
          finish_reason: finishReason,
          logprobs: null,
        },
      ],
      usage: convertToOpenAIUsage(response.usage),
    },
    warnings,
  };
}
