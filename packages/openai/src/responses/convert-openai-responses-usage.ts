import type { Usage } from '@interlingua/core';
import type { OpenAIResponsesUsageBody, ResponsesUsage } from './openai-responses-api';

/**
 * Maps Responses `usage` to the IR: `input_tokens` (cached included) → `inputTokens`,
 * `output_tokens` (reasoning included) → `outputTokens`, and the cached, cache-write and
 * reasoning details where the server sent them. No usage counts zero.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 */
export function convertOpenAIResponsesUsage(usage: ResponsesUsage | null | undefined): Usage {
  if (usage === null || usage === undefined) return { inputTokens: 0, outputTokens: 0 };
  const cached = usage.input_tokens_details?.cached_tokens;
  const cacheWrite = usage.input_tokens_details?.cache_write_tokens;
  const reasoning = usage.output_tokens_details?.reasoning_tokens;
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    ...(typeof cached === 'number' ? { cachedInputTokens: cached } : {}),
    ...(typeof cacheWrite === 'number' ? { cacheWriteTokens: cacheWrite } : {}),
    ...(typeof reasoning === 'number' ? { reasoningTokens: reasoning } : {}),
  };
}

/**
 * Maps IR usage back to Responses `usage` (the gateway direction). Both detail objects are
 * always sent, as the API sends them (clients read `input_tokens_details.cached_tokens`
 * without a check), with 0 for a count the IR does not know; `total_tokens` is the sum.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 */
export function toOpenAIResponsesUsage(usage: Usage): OpenAIResponsesUsageBody {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: {
      cached_tokens: usage.cachedInputTokens ?? 0,
      ...(usage.cacheWriteTokens === undefined ? {} : { cache_write_tokens: usage.cacheWriteTokens }),
    } as OpenAIResponsesUsageBody['input_tokens_details'],
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}
