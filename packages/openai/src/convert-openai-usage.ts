import type { Usage } from '@interlingua/core';
import type { CompletionUsage } from 'openai/resources/completions';
import type { OpenAIUsage } from './openai-api';

/**
 * Maps Chat Completions `usage` to the IR: `prompt_tokens` (cached included) → `inputTokens`,
 * `completion_tokens` (reasoning included) → `outputTokens`, and the cached / cache-write /
 * reasoning details where the server sent them. No usage (a stream without
 * `include_usage`) counts zero.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage
 */
export function convertOpenAIUsage(usage: OpenAIUsage | null | undefined): Usage {
  if (usage === null || usage === undefined) return { inputTokens: 0, outputTokens: 0 };
  const cached = usage.prompt_tokens_details?.cached_tokens;
  const cacheWrite = usage.prompt_tokens_details?.cache_write_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    ...(typeof cached === 'number' ? { cachedInputTokens: cached } : {}),
    ...(typeof cacheWrite === 'number' ? { cacheWriteTokens: cacheWrite } : {}),
    ...(typeof reasoning === 'number' ? { reasoningTokens: reasoning } : {}),
  };
}

/**
 * Maps IR usage back to Chat Completions `usage` (gateway direction); `total_tokens` is their sum.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage
 */
export function toOpenAIUsage(usage: Usage): CompletionUsage {
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
