import type { Cost, ModelPricing, Usage } from '@interlingua/core';
import { shippedPrices } from '../data/shipped-prices';
import { createPriceTable } from './create-price-table';
import type { PriceRow } from './price-row';

/** The process-wide price table: the shipped rows and whatever `registerPricing` added. */
export const defaultPriceTable = createPriceTable(shippedPrices);

/**
 * What `provider:model` charges per million tokens, with the `source` and `read` date of the
 * figures, or `'unknown'`.
 *
 * @example
 * pricingOf('anthropic:claude-sonnet-4-6'); // { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, source: 'https://…', read: '2026-12-01' }
 * pricingOf('ollama:qwen2.5'); // 'unknown'
 */
export function pricingOf(id: string): ModelPricing | 'unknown' {
  return defaultPriceTable.pricingOf(id);
}

/**
 * What `usage` cost on `provider:model`, in US dollars by kind of token, or `'unknown'` when
 * the model's prices are not known — never 0 for lack of a price.
 *
 * @example
 * costOf({ inputTokens: 1200, outputTokens: 80 }, 'anthropic:claude-sonnet-4-6').total; // 0.0048
 */
export function costOf(usage: Usage, id: string): Cost | 'unknown' {
  return defaultPriceTable.costOf(usage, id);
}

/**
 * Prices models the shipped data does not (a fine-tune, a negotiated rate, a local model you
 * want costed): the row wins over the shipped data for the ids it matches. Throws
 * `InvalidSettingError` for a malformed row.
 *
 * @example
 * registerPricing({ match: 'openai:ft:gpt-4.1*', price: { input: 3, output: 12 }, source: 'our contract', read: '2026-12-01' });
 */
export function registerPricing(row: PriceRow): void {
  defaultPriceTable.register(row);
}
