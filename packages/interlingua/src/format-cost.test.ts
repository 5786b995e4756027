import { describe, expect, it } from 'vitest';
import { formatCost } from './format-cost';

const cost = (total: number) => ({
  currency: 'USD' as const,
  total,
  input: total,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  reasoning: 0,
});

describe('formatCost', () => {
  it('writes dollars with four significant digits, and says when the price is unknown', () => {
    expect(formatCost(cost(0.0033604))).toBe('$0.00336');
    expect(formatCost(cost(0.000000123456))).toBe('$0.0000001235');
    expect(formatCost(cost(12.3456))).toBe('$12.35');
    expect(formatCost(cost(0))).toBe('$0');
    expect(formatCost('unknown')).toBe('cost unknown');
  });
});
