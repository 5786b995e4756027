import type { Usage } from '@interlingua/core';
import type { GeminiUsageMetadata } from './gemini-api';

/**
 * Gemini `usageMetadata` → IR usage. `inputTokens` = `promptTokenCount` (which already counts
 * the cached part) + `toolUsePromptTokenCount`; `outputTokens` = `candidatesTokenCount` +
 * `thoughtsTokenCount` (Gemini bills thoughts as output but leaves them out of
 * `candidatesTokenCount`); `cachedInputTokens` = `cachedContentTokenCount`; `reasoningTokens` =
 * `thoughtsTokenCount`. In streams the counts are cumulative: pass the last chunk's.
 *
 * @see https://ai.google.dev/api/generate-content#UsageMetadata
 */
export function convertGeminiUsage(usage: GeminiUsageMetadata | undefined): Usage {
  const thoughts = usage?.thoughtsTokenCount;
  const result: Usage = {
    inputTokens: (usage?.promptTokenCount ?? 0) + (usage?.toolUsePromptTokenCount ?? 0),
    outputTokens: (usage?.candidatesTokenCount ?? 0) + (thoughts ?? 0),
  };
  if (usage?.cachedContentTokenCount !== undefined) result.cachedInputTokens = usage.cachedContentTokenCount;
  if (thoughts !== undefined) result.reasoningTokens = thoughts;
  return result;
}
