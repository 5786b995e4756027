import type { Usage } from '@interlingua/core';
import type { AnthropicUsage } from './anthropic-api';

/**
 * Converts Anthropic usage to IR usage. Anthropic's `input_tokens` excludes cache traffic, so
 * `inputTokens = input_tokens + cache_creation_input_tokens + cache_read_input_tokens`;
 * `cachedInputTokens` is the cache read, `cacheWriteTokens` the cache write.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching#tracking-cache-performance
 */
export function convertAnthropicUsage(usage: AnthropicUsage): Usage {
  const cacheRead = usage.cache_read_input_tokens;
  const cacheWrite = usage.cache_creation_input_tokens;
  const thinking = usage.output_tokens_details?.thinking_tokens;
  return {
    inputTokens: (usage.input_tokens ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0),
    outputTokens: usage.output_tokens ?? 0,
    ...(typeof cacheRead === 'number' ? { cachedInputTokens: cacheRead } : {}),
    ...(typeof cacheWrite === 'number' ? { cacheWriteTokens: cacheWrite } : {}),
    ...(typeof thinking === 'number' ? { reasoningTokens: thinking } : {}),
  };
}

/**
 * Overrides `base` with every non-null field of `update`, as a stream's `message_delta.usage`
 * overrides `message_start.usage` field by field.
 */
export function mergeAnthropicUsage(base: AnthropicUsage, update: AnthropicUsage | null | undefined): AnthropicUsage {
  if (update === null || update === undefined) return base;
  const merged: AnthropicUsage = { ...base };
  if (typeof update.input_tokens === 'number') merged.input_tokens = update.input_tokens;
  if (typeof update.output_tokens === 'number') merged.output_tokens = update.output_tokens;
  if (typeof update.cache_creation_input_tokens === 'number')
    merged.cache_creation_input_tokens = update.cache_creation_input_tokens;
  if (typeof update.cache_read_input_tokens === 'number')
    merged.cache_read_input_tokens = update.cache_read_input_tokens;
  if (typeof update.output_tokens_details?.thinking_tokens === 'number')
    merged.output_tokens_details = update.output_tokens_details;
  return merged;
}

/** Converts IR usage back to Anthropic usage fields (the gateway direction). */
export function convertUsageToAnthropic(usage: Usage): {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
  output_tokens_details: { thinking_tokens: number } | null;
} {
  const cacheRead = usage.cachedInputTokens;
  const cacheWrite = usage.cacheWriteTokens;
  return {
    input_tokens: Math.max(0, usage.inputTokens - (cacheRead ?? 0) - (cacheWrite ?? 0)),
    output_tokens: usage.outputTokens,
    cache_creation_input_tokens: cacheWrite ?? null,
    cache_read_input_tokens: cacheRead ?? null,
    output_tokens_details: usage.reasoningTokens === undefined ? null : { thinking_tokens: usage.reasoningTokens },
  };
}
