import type { Usage, Warning } from '@interlingua/core';
import { readTokenCounts } from '@interlingua/core/adapter';
import type { CompletionUsage } from 'openai/resources/completions';

/**
 * Maps Chat Completions `usage` to the IR: `prompt_tokens` (cached included) → `inputTokens`,
 * `completion_tokens` (reasoning included) → `outputTokens`, and the cached / cache-write /
 * reasoning details where the server sent them. No usage (a stream without
 * `include_usage`) counts zero. A count that is not a non-negative integer (`1.5`, `-5`,
 * `1e308`, a string) is left out with a warning (`readTokenCount`); so is a `usage` that is not
 * an object. The response itself is kept.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage
 */
export function convertOpenAIUsage(usage: unknown, warnings: Warning[]): Usage {
  const counts = readTokenCounts(usage, OPENAI_USAGE_FIELDS, warnings);
  const cached = counts['prompt_tokens_details.cached_tokens'];
  const cacheWrite = counts['prompt_tokens_details.cache_write_tokens'];
  const reasoning = counts['completion_tokens_details.reasoning_tokens'];
  return {
    inputTokens: counts.prompt_tokens ?? 0,
    outputTokens: counts.completion_tokens ?? 0,
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    ...(cacheWrite === undefined ? {} : { cacheWriteTokens: cacheWrite }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

const OPENAI_USAGE_FIELDS = [
  'prompt_tokens',
  'completion_tokens',
  'prompt_tokens_details.cached_tokens',
  'prompt_tokens_details.cache_write_tokens',
  'completion_tokens_details.reasoning_tokens',
] as const;

/**
 * Maps IR usage back to Chat Completions `usage` (gateway direction); `total_tokens` is their sum.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage
 */
export function convertToOpenAIUsage(usage: Usage): CompletionUsage {
  const promptDetails = {
    ...(usage.cachedInputTokens === undefined ? {} : { cached_tokens: usage.cachedInputTokens }),
    ...(usage.cacheWriteTokens === undefined ? {} : { cache_write_tokens: usage.cacheWriteTokens }),
  };
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    ...(Object.keys(promptDetails).length === 0 ? {} : { prompt_tokens_details: promptDetails }),
    ...(usage.reasoningTokens === undefined
      ? {}
      : { completion_tokens_details: { reasoning_tokens: usage.reasoningTokens } }),
  };
}
