import type { Cost } from '@interlingua/core';

/**
 * `$0.0033`: dollars with four significant digits (`$0` only for a cost of nothing); `cost unknown`. Shared by the
 * CLI's usage lines and the trace page (bundled for the browser, so this file imports types only).
 */
export function formatCost(cost: Cost | 'unknown'): string {
  if (cost === 'unknown') return 'cost unknown';
  if (cost.total === 0) return '$0';
  if (cost.total >= 1) return `$${cost.total.toFixed(2)}`;
  const digits = Math.min(12, 3 - Math.floor(Math.log10(cost.total)));
  return `$${cost.total.toFixed(digits).replace(/0+$/, '')}`;
}
