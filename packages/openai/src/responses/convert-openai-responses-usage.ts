import type { Usage, Warning } from '@interlingua/core';
import { readTokenCounts } from '@interlingua/core/adapter';
import type { OpenAIResponsesUsageBody } from './openai-responses-api';

const RESPONSES_USAGE_FIELDS = [
  'input_tokens',
  'output_tokens',
  'input_tokens_details.cached_tokens',
  'input_tokens_details.cache_write_tokens',
  'output_tokens_details.reasoning_tokens',
] as const;

/**
 * Maps Responses `usage` to the IR: `input_tokens` (cached included) → `inputTokens`,
 * `output_tokens` (reasoning included) → `outputTokens`, and the cached, cache-write and
 * reasoning details where the server sent them. No usage counts zero. A count that is not a
 * non-negative integer is left out with a warning (`readTokenCounts`); the response is kept.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 */
export function convertOpenAIResponsesUsage(usage: unknown, warnings: Warning[]): Usage {
  const counts = readTokenCounts(usage, RESPONSES_USAGE_FIELDS, warnings);
  const cached = counts['input_tokens_details.cached_tokens'];
  const cacheWrite = counts['input_tokens_details.cache_write_tokens'];
  const reasoning = counts['output_tokens_details.reasoning_tokens'];
  return {
    inputTokens: counts.input_tokens ?? 0,
    outputTokens: counts.output_tokens ?? 0,
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    ...(cacheWrite === undefined ? {} : { cacheWriteTokens: cacheWrite }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

/**
 * Maps IR usage back to Responses `usage` (the gateway direction). Both detail objects are
 * always sent, as the API sends them (clients read `input_tokens_details.cached_tokens`
 * without a check), with 0 for a count the IR does not know; `total_tokens` is the sum.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 */
export function convertToOpenAIResponsesUsage(usage: Usage): OpenAIResponsesUsageBody {
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
