import type { Usage } from '@interlingua/core';

/** Adds two usages field by field; an optional count is present when either side has it. */
export function addUsage(a: Usage, b: Usage): Usage {
  const usage: Usage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
  if (a.cachedInputTokens !== undefined || b.cachedInputTokens !== undefined)
    usage.cachedInputTokens = (a.cachedInputTokens ?? 0) + (b.cachedInputTokens ?? 0);
  if (a.cacheWriteTokens !== undefined || b.cacheWriteTokens !== undefined)
    usage.cacheWriteTokens = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0);
  if (a.reasoningTokens !== undefined || b.reasoningTokens !== undefined)
    usage.reasoningTokens = (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  return usage;
}
