import type { Usage, Warning } from '@interlingua/core';
import { readTokenCounts, sumTokenCounts } from '@interlingua/core/adapter';
import type { BedrockTokenUsage } from './bedrock-api';

/**
 * Converts Converse `usage` to IR usage. Bedrock's `inputTokens` leaves out the cache traffic,
 * reported beside it, so `inputTokens = inputTokens + cacheReadInputTokens + cacheWriteInputTokens`;
 * `cachedInputTokens` is the cache read, `cacheWriteTokens` the cache write. A count that is not
 * a non-negative integer is dropped with a warning (core's `readTokenCounts`), never failing the answer.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_TokenUsage.html
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 */
export function convertBedrockUsage(usage: unknown, warnings: Warning[], root = 'usage'): Usage {
  const counts = readTokenCounts(
    usage,
    ['inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheWriteInputTokens'],
    warnings,
    root,
  );
  const read = counts.cacheReadInputTokens;
  const write = counts.cacheWriteInputTokens;
  return {
    inputTokens: sumTokenCounts([counts.inputTokens, read, write], `${root}.inputTokens`, warnings),
    outputTokens: counts.outputTokens ?? 0,
    ...(read === undefined ? {} : { cachedInputTokens: read }),
    ...(write === undefined ? {} : { cacheWriteTokens: write }),
  };
}

/** Converts IR usage back to Converse `usage` (the gateway direction); `totalTokens` counts everything. */
export function convertToBedrockUsage(usage: Usage): BedrockTokenUsage {
  const read = usage.cachedInputTokens;
  const write = usage.cacheWriteTokens;
  return {
    inputTokens: Math.max(0, usage.inputTokens - (read ?? 0) - (write ?? 0)),
    outputTokens: usage.outputTokens,
    totalTokens: usage.inputTokens + usage.outputTokens,
    ...(read === undefined ? {} : { cacheReadInputTokens: read }),
    ...(write === undefined ? {} : { cacheWriteInputTokens: write }),
  };
}
