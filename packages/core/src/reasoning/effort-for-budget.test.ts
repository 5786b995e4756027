import { describe, expect, it } from 'vitest';
import { DEFAULT_EFFORT_BUDGETS } from './default-effort-budgets';
import { effortForBudget } from './effort-for-budget';

describe('effortForBudget', () => {
  it('maps each default budget back to its own level', () => {
    for (const [level, budget] of Object.entries(DEFAULT_EFFORT_BUDGETS)) expect(effortForBudget(budget)).toBe(level);
  });

  it('picks the nearest level on a log scale, among the levels the model takes', () => {
    expect(effortForBudget(10_000)).toBe('medium');
    expect(effortForBudget(100)).toBe('minimal');
    expect(effortForBudget(1_000_000)).toBe('high');
    expect(effortForBudget(10_000, { levels: ['low', 'high'] })).toBe('high');
    expect(effortForBudget(3000, { levels: ['low', 'high'] })).toBe('low');
    expect(effortForBudget(0)).toBe('minimal');
  });
});
