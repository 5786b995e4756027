import { describe, expect, it } from 'vitest';
import type { ModelPricing } from '../ir/cost';
import { addCosts, computeCost, ZERO_COST } from './compute-cost';

const sonnet: ModelPricing = {
  input: 3,
  output: 15,
  cacheRead: 0.3,
  cacheWrite: 3.75,
  source: 'https://platform.claude.com/docs/en/about-claude/pricing',
  read: '2026-12-01',
};

describe('computeCost', () => {
  it('prices uncached input, cache reads and writes, and output each at its own rate', () => {
    // 10,000 prompt tokens, of which 6,000 read from and 1,000 written to the cache.
    const cost = computeCost(
      { inputTokens: 10_000, outputTokens: 500, cachedInputTokens: 6000, cacheWriteTokens: 1000 },
      sonnet,
    );
    expect(cost).not.toBe('unknown');
    if (cost === 'unknown') return;
    expect(cost.input).toBeCloseTo(3000 * 3e-6, 12);
    expect(cost.cacheRead).toBeCloseTo(6000 * 0.3e-6, 12);
    expect(cost.cacheWrite).toBeCloseTo(1000 * 3.75e-6, 12);
    expect(cost.output).toBeCloseTo(500 * 15e-6, 12);
    expect(cost.total).toBeCloseTo(0.009 + 0.0018 + 0.00375 + 0.0075, 12);
    expect(cost.currency).toBe('USD');
  });

  it('is unknown, never 0, without a price or for a kind of token the price does not cover', () => {
    expect(computeCost({ inputTokens: 10, outputTokens: 1 }, undefined)).toBe('unknown');
    expect(computeCost({ inputTokens: 10, outputTokens: 1 }, 'unknown')).toBe('unknown');
    const noCache: ModelPricing = { input: 1, output: 2, source: 's', read: '2026-12-01' };
    expect(computeCost({ inputTokens: 10, outputTokens: 1, cachedInputTokens: 4 }, noCache)).toBe('unknown');
    expect(computeCost({ inputTokens: 10, outputTokens: 1, cacheWriteTokens: 4 }, noCache)).toBe('unknown');
    expect(computeCost({ inputTokens: 10, outputTokens: 1, cachedInputTokens: 0 }, noCache)).not.toBe('unknown');
  });

  it('bills a prompt above the long-context threshold wholly at the long-context rates', () => {
    const tiered: ModelPricing = {
      input: 3,
      output: 15,
      longContext: { aboveInputTokens: 200_000, input: 6, output: 22.5 },
      source: 's',
      read: '2026-12-01',
    };
    const short = computeCost({ inputTokens: 200_000, outputTokens: 1000 }, tiered);
    const long = computeCost({ inputTokens: 200_001, outputTokens: 1000 }, tiered);
    expect(short !== 'unknown' && short.total).toBeCloseTo(0.6 + 0.015, 10);
    expect(long !== 'unknown' && long.total).toBeCloseTo(200_001 * 6e-6 + 1000 * 22.5e-6, 10);
    // The long tier states no cache price: a long cached call is not priced by guess.
    expect(
      computeCost({ inputTokens: 300_000, outputTokens: 1, cachedInputTokens: 5 }, { ...tiered, cacheRead: 0.3 }),
    ).toBe('unknown');
  });

  it('bills reasoning as output unless it is priced apart', () => {
    const usage = { inputTokens: 0, outputTokens: 1000, reasoningTokens: 400 };
    const asOutput = computeCost(usage, { input: 1, output: 10, source: 's', read: '2026-12-01' });
    const apart = computeCost(usage, { input: 1, output: 10, reasoning: 5, source: 's', read: '2026-12-01' });
    expect(asOutput !== 'unknown' && asOutput.total).toBeCloseTo(0.01, 12);
    expect(apart !== 'unknown' && apart.output).toBeCloseTo(600 * 10e-6, 12);
    expect(apart !== 'unknown' && apart.reasoning).toBeCloseTo(400 * 5e-6, 12);
  });
});

describe('addCosts', () => {
  it('sums part by part, and an unknown part makes the total unknown', () => {
    const one = computeCost({ inputTokens: 1000, outputTokens: 100 }, sonnet);
    const sum = addCosts(addCosts(ZERO_COST, one), one);
    expect(sum !== 'unknown' && one !== 'unknown' && sum.total).toBeCloseTo(one !== 'unknown' ? one.total * 2 : 0, 12);
    expect(addCosts(sum, 'unknown')).toBe('unknown');
    expect(addCosts('unknown', ZERO_COST)).toBe('unknown');
  });
});
