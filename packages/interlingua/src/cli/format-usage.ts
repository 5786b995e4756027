import type { Usage } from '@interlingua/core';

/** `usage: 812 in / 57 out (input per step: 380 → 432)` — the per-step series shows the history's growth. */
export function formatTurnUsage(usage: Usage, inputTokensPerStep: readonly number[]): string {
  const steps = inputTokensPerStep.length > 1 ? ` (input per step: ${inputTokensPerStep.join(' → ')})` : '';
  return `usage: ${usage.inputTokens} in / ${usage.outputTokens} out${cached(usage)}${steps}`;
}

/** `total: 2100 in / 140 out over 3 turns`. */
export function formatTotalUsage(usage: Usage, turns: number): string {
  return `total: ${usage.inputTokens} in / ${usage.outputTokens} out over ${turns} turn${turns === 1 ? '' : 's'}${cached(usage)}`;
}

function cached(usage: Usage): string {
  return usage.cachedInputTokens === undefined || usage.cachedInputTokens === 0
    ? ''
    : `, ${usage.cachedInputTokens} cached`;
}
