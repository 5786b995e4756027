import type { Cost, Usage } from '@interlingua/core';
import { formatCost } from '../format-cost';

/**
 * `usage: 812 in / 57 out, $0.0033 (input per step: 380 → 432)` — the per-step series shows the
 * history's growth; a model without a known price says `cost unknown`.
 */
export function formatTurnUsage(usage: Usage, inputTokensPerStep: readonly number[], cost?: Cost | 'unknown'): string {
  const steps = inputTokensPerStep.length > 1 ? ` (input per step: ${inputTokensPerStep.join(' → ')})` : '';
  return `usage: ${usage.inputTokens} in / ${usage.outputTokens} out${cached(usage)}${priced(cost)}${steps}`;
}

/** `total: 2100 in / 140 out over 3 turns, $0.0085`. */
export function formatTotalUsage(usage: Usage, turns: number, cost?: Cost | 'unknown'): string {
  return `total: ${usage.inputTokens} in / ${usage.outputTokens} out over ${turns} turn${turns === 1 ? '' : 's'}${cached(usage)}${priced(cost)}`;
}

function priced(cost: Cost | 'unknown' | undefined): string {
  return cost === undefined ? '' : `, ${formatCost(cost)}`;
}

function cached(usage: Usage): string {
  return usage.cachedInputTokens === undefined || usage.cachedInputTokens === 0
    ? ''
    : `, ${usage.cachedInputTokens} cached`;
}
