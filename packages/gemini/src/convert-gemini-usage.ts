import type { Usage, Warning } from '@interlingua/core';
import { readTokenCounts, sumTokenCounts } from '@interlingua/core/adapter';

const FIELDS = [
  'promptTokenCount',
  'candidatesTokenCount',
  'cachedContentTokenCount',
  'thoughtsTokenCount',
  'toolUsePromptTokenCount',
] as const;

/**
 * Gemini `usageMetadata` → IR usage. `inputTokens` = `promptTokenCount` (which already counts
 * the cached part) + `toolUsePromptTokenCount`; `outputTokens` = `candidatesTokenCount` +
 * `thoughtsTokenCount` (Gemini bills thoughts as output but leaves them out of
 * `candidatesTokenCount`); `cachedInputTokens` = `cachedContentTokenCount`; `reasoningTokens` =
 * `thoughtsTokenCount`. In streams the counts are cumulative: pass the last chunk's. A count
 * that is not a non-negative integer is left out with a warning (`readTokenCount`).
 *
 * @see https://ai.google.dev/api/generate-content#UsageMetadata
 */
export function convertGeminiUsage(usage: unknown, warnings: Warning[]): Usage {
  const counts = readTokenCounts(usage, FIELDS, warnings, 'usageMetadata');
  const thoughts = counts.thoughtsTokenCount;
  const result: Usage = {
    inputTokens: sumTokenCounts(
      [counts.promptTokenCount, counts.toolUsePromptTokenCount],
      'usageMetadata.promptTokenCount',
      warnings,
    ),
    outputTokens: sumTokenCounts(
      [counts.candidatesTokenCount, thoughts],
      'usageMetadata.candidatesTokenCount',
      warnings,
    ),
  };
  if (counts.cachedContentTokenCount !== undefined) result.cachedInputTokens = counts.cachedContentTokenCount;
  if (thoughts !== undefined) result.reasoningTokens = thoughts;
  return result;
}
