import type { Usage, Warning } from '@interlingua/core';
import { describeJSONKind, readTokenCounts, sumTokenCounts } from '@interlingua/core/adapter';
import type { AnthropicUsage } from './anthropic-api';

const FIELDS = [
  'input_tokens',
  'output_tokens',
  'cache_creation_input_tokens',
  'cache_read_input_tokens',
  'output_tokens_details.thinking_tokens',
] as const;

/**
 * Converts Anthropic usage to IR usage. Anthropic's `input_tokens` excludes cache traffic, so
 * `inputTokens = input_tokens + cache_creation_input_tokens + cache_read_input_tokens`;
 * `cachedInputTokens` is the cache read, `cacheWriteTokens` the cache write. A count that is
 * not a non-negative integer (or a sum past `Number.MAX_SAFE_INTEGER`) is left out with a
 * warning (`readTokenCount`), and the response is kept.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching#tracking-cache-performance
 */
export function convertAnthropicUsage(usage: unknown, warnings: Warning[]): Usage {
  const counts = readTokenCounts(usage, FIELDS, warnings);
  const cacheRead = counts.cache_read_input_tokens;
  const cacheWrite = counts.cache_creation_input_tokens;
  const thinking = counts['output_tokens_details.thinking_tokens'];
  return {
    inputTokens: sumTokenCounts([counts.input_tokens, cacheRead, cacheWrite], 'usage.input_tokens', warnings),
    outputTokens: counts.output_tokens ?? 0,
    ...(cacheRead === undefined ? {} : { cachedInputTokens: cacheRead }),
    ...(cacheWrite === undefined ? {} : { cacheWriteTokens: cacheWrite }),
    ...(thinking === undefined ? {} : { reasoningTokens: thinking }),
  };
}

/**
 * Overrides `base` with every count `update` sends (not null), as a stream's
 * `message_delta.usage` overrides `message_start.usage` field by field. Counts are validated
 * later, by {@link convertAnthropicUsage}; an `update` that is not an object is left out with a warning.
 */
export function mergeAnthropicUsage(base: AnthropicUsage, update: unknown, warnings: Warning[]): AnthropicUsage {
  if (update === null || update === undefined) return base;
  if (typeof update !== 'object' || Array.isArray(update)) {
    warnings.push({
      type: 'other',
      feature: 'usage',
      message: `Expected usage to be an object of token counts, got ${describeJSONKind(update)}; it was left out.`,
    });
    return base;
  }
  const merged: AnthropicUsage = { ...base };
  for (const field of ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens']) {
    const value = Object.hasOwn(update, field) ? (update as AnthropicUsage)[field] : undefined;
    if (value !== null && value !== undefined) merged[field] = value;
  }
  const details = Object.hasOwn(update, 'output_tokens_details')
    ? (update as AnthropicUsage).output_tokens_details
    : undefined;
  if (details !== null && details !== undefined) merged.output_tokens_details = details;
  return merged;
}

/** Converts IR usage back to Anthropic usage fields (the gateway direction). */
export function convertToAnthropicUsage(usage: Usage): {
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
