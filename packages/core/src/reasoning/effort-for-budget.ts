import type { ReasoningEffort } from '../ir/reasoning-settings';
import { DEFAULT_EFFORT_BUDGETS } from './default-effort-budgets';

const EFFORTS: readonly ReasoningEffort[] = ['minimal', 'low', 'medium', 'high'];

/**
 * The effort level nearest to a token budget (on a log scale, against `budgets`), among
 * `levels` (all four by default): how a level-taking provider (OpenAI, Gemini 3) reads
 * `reasoning.budgetTokens` given alone.
 *
 * @example
 * effortForBudget(10_000); // 'medium'
 * effortForBudget(10_000, { levels: ['low', 'high'] }); // 'high'
 */
export function effortForBudget(
  budgetTokens: number,
  options: { levels?: readonly ReasoningEffort[]; budgets?: Readonly<Record<ReasoningEffort, number>> } = {},
): ReasoningEffort {
  const levels = options.levels !== undefined && options.levels.length > 0 ? options.levels : EFFORTS;
  const budgets = options.budgets ?? DEFAULT_EFFORT_BUDGETS;
  const target = Math.log(Math.max(budgetTokens, 1));
  let best = levels[0] as ReasoningEffort;
  let distance = Number.POSITIVE_INFINITY;
  for (const level of levels) {
    const gap = Math.abs(Math.log(Math.max(budgets[level], 1)) - target);
    if (gap < distance) {
      best = level;
      distance = gap;
    }
  }
  return best;
}
