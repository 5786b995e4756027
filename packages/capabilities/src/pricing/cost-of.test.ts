import type { ChatModel } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { shippedCapabilities } from '../data/shipped-capabilities';
import { shippedPrices } from '../data/shipped-prices';
import { withCapabilities } from '../with-capabilities';
import { createPriceTable } from './create-price-table';
import { costOf, pricingOf } from './default-price-table';
import { priceRowSchema } from './price-row-schema';

describe('shipped prices', () => {
  it('every row is well formed, and every priced row names an https source and the date it was read', () => {
    for (const row of shippedPrices) {
      expect(priceRowSchema.safeParse(row).success, JSON.stringify(row.match)).toBe(true);
      if (row.price === 'unknown') continue;
      expect(row.source, JSON.stringify(row.match)).toMatch(/^https:\/\/\S+$/);
      expect(row.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('prices only providers the capability data ships', () => {
    const providers = new Set(
      shippedCapabilities
        .flatMap((row) => (typeof row.match === 'string' ? [row.match] : [...row.match]))
        .map((p) => p.split(':')[0]),
    );
    for (const row of shippedPrices) {
      for (const pattern of typeof row.match === 'string' ? [row.match] : row.match) {
        expect(providers.has(pattern.split(':')[0] as string), pattern).toBe(true);
      }
    }
  });
});

describe('pricingOf and costOf', () => {
  it('read the most specific row, with its source and date', () => {
    const sonnet = pricingOf('anthropic:claude-sonnet-4-6');
    expect(sonnet).toEqual({
      input: 3,
      output: 15,
      cacheRead: 0.3,
      cacheWrite: 3.75,
      source: 'https://platform.claude.com/docs/en/about-claude/pricing',
      read: '2026-12-01',
    });
    // Sonnet 4.5 falls to the Sonnet 4 row, with its long-context rates; Opus 4.6 is not Opus 4's price.
    expect(pricingOf('anthropic:claude-sonnet-4-5-20250929')).toMatchObject({ longContext: { input: 6 } });
    expect(pricingOf('anthropic:claude-opus-4-6')).toMatchObject({ input: 5, output: 25 });
    expect(pricingOf('anthropic:claude-opus-4-1-20250805')).toMatchObject({ input: 15, output: 75 });
    expect(pricingOf('openai:GPT-4.1-mini')).toMatchObject({ input: 0.4 });
  });

  it('say "unknown", never 0, for a model without a public price, or a variant priced apart', () => {
    expect(pricingOf('ollama:qwen2.5')).toBe('unknown');
    expect(costOf({ inputTokens: 5000, outputTokens: 100 }, 'ollama:qwen2.5')).toBe('unknown');
    expect(pricingOf('openai:gpt-4o-2024-05-13')).toBe('unknown');
    expect(pricingOf('openai:gpt-4o-audio-preview')).toBe('unknown');
  });

  it('compute the cost of a usage in dollars', () => {
    const cost = costOf({ inputTokens: 1200, outputTokens: 80 }, 'anthropic:claude-sonnet-4-6');
    expect(cost !== 'unknown' && cost.total).toBeCloseTo(1200 * 3e-6 + 80 * 15e-6, 12);
  });
});

describe('createPriceTable', () => {
  it('lets a registered row win over shipped data, and rejects a malformed one', () => {
    const table = createPriceTable(shippedPrices);
    // Looked up (and remembered) before the registration, by the id as asked and in other case.
    expect(table.pricingOf('anthropic:claude-sonnet-4-6')).toMatchObject({ input: 3 });
    expect(table.pricingOf('Anthropic:Claude-Sonnet-4-6')).toMatchObject({ input: 3 });
    table.register({
      match: 'anthropic:claude-sonnet-4-6*',
      price: { input: 1, output: 2 },
      source: 'contract',
      read: '2026-12-01',
    });
    expect(table.pricingOf('anthropic:claude-sonnet-4-6')).toMatchObject({ input: 1, source: 'contract' });
    expect(table.pricingOf('Anthropic:Claude-Sonnet-4-6')).toMatchObject({ input: 1, source: 'contract' });
    expect(pricingOf('anthropic:claude-sonnet-4-6')).toMatchObject({ input: 3 });
    expect(() =>
      table.register({ match: 'x:y', price: { input: -1, output: 2 }, source: 's', read: 'yesterday' }),
    ).toThrow(/Expected a price row/);
  });
});

describe('withCapabilities', () => {
  it('gives the wrapped model its pricing, unless the model states its own', () => {
    const bare: ChatModel = {
      provider: 'openai',
      modelId: 'gpt-4.1',
      capabilities: {},
      generate: () => Promise.reject(new Error('not called')),
      stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('not called')) }) }),
    };
    expect(withCapabilities(bare).pricing).toMatchObject({ input: 2, output: 8, cacheRead: 0.5 });
    const own = { input: 9, output: 9, source: 'own', read: '2026-12-01' };
    expect(withCapabilities({ ...bare, pricing: own }).pricing).toBe(own);
    expect(withCapabilities({ ...bare, modelId: 'my-finetune' }).pricing).toBe('unknown');
  });
});
