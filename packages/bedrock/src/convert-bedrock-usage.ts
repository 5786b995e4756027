import type { Usage } from '@interlingua/core';
import type { BedrockTokenUsage } from './bedrock-api';

/**
 * Converts Converse `usage` to IR usage. Bedrock's `inputTokens` leaves out the cache traffic,
 * reported beside it, so `inputTokens = inputTokens + cacheReadInputTokens + cacheWriteInputTokens`;
 * `cachedInputTokens` is the cache read, `cacheWriteTokens` the cache write.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_TokenUsage.html
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 */
export function convertBedrockUsage(usage: {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens?: number | undefined;
  cacheWriteInputTokens?: number | undefined;
}): Usage {
  const read = usage.cacheReadInputTokens;
  const write = usage.cacheWriteInputTokens;
  return {
    inputTokens: usage.inputTokens + (read ?? 0) + (write ?? 0),
    outputTokens: usage.outputTokens,
    ...(read === undefined ? {} : { cachedInputTokens: read }),
    ...(write === undefined ? {} : { cacheWriteTokens: write }),
  };
}

/** Converts IR usage back to Converse `usage` (the gateway direction); `totalTokens` counts everything. */
export function convertUsageToBedrock(usage: Usage): BedrockTokenUsage {
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
