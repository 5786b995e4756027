import { describe, expect, it } from 'vitest';
import { formatTotalUsage, formatTurnUsage } from './format-usage';

const cost = (total: number) => ({
  currency: 'USD' as const,
  total,
  input: total,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  reasoning: 0,
});

describe('formatTurnUsage and formatTotalUsage', () => {
  it('write the cost into the turn and total usage lines', () => {
    expect(formatTurnUsage({ inputTokens: 812, outputTokens: 57 }, [380, 432], cost(0.0033))).toBe(
      'usage: 812 in / 57 out, $0.0033 (input per step: 380 → 432)',
    );
    expect(formatTotalUsage({ inputTokens: 2100, outputTokens: 140 }, 3, 'unknown')).toBe(
      'total: 2100 in / 140 out over 3 turns, cost unknown',
    );
  });
});
