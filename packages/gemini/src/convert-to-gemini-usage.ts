import type { Usage } from '@interlingua/core';
import type { GeminiUsageMetadata } from './gemini-api';

/** IR usage → Gemini `usageMetadata` (the inverse of `convertGeminiUsage`). */
export function convertToGeminiUsage(usage: Usage): GeminiUsageMetadata {
  const thoughts = usage.reasoningTokens;
  const out: GeminiUsageMetadata = {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens - (thoughts ?? 0),
    totalTokenCount: usage.inputTokens + usage.outputTokens,
  };
  if (usage.cachedInputTokens !== undefined) out.cachedContentTokenCount = usage.cachedInputTokens;
  if (thoughts !== undefined) out.thoughtsTokenCount = thoughts;
  return out;
}
