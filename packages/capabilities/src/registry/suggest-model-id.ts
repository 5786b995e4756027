import { parseModelId } from '@interlingua/core';
import { findClosestMatch } from '@interlingua/core/adapter';
import { shippedPrices } from '../data/shipped-prices';
import { pricingOf } from '../pricing/default-price-table';

// The model ids the shipped price data names, by provider: each pattern without its `*`.
let knownIds: Map<string, string[]> | undefined;

function idsOf(provider: string): string[] {
  if (knownIds === undefined) {
    knownIds = new Map();
    for (const row of shippedPrices) {
      for (const pattern of typeof row.match === 'string' ? [row.match] : row.match) {
        const colon = pattern.indexOf(':');
        const id = pattern
          .slice(colon + 1)
          .replace(/[*?].*$/, '')
          .replace(/-$/, '');
        if (colon <= 0 || id === '') continue;
        const list = knownIds.get(pattern.slice(0, colon)) ?? [];
        if (!list.includes(id)) list.push(id);
        knownIds.set(pattern.slice(0, colon), list);
      }
    }
  }
  return knownIds.get(provider) ?? [];
}

/**
 * For a `provider:model` the shipped data does not know but that is one or two edits from a
 * model it does (`anthropic:claude-sonet-4-6`), the known id (`claude-sonnet-4-6`); otherwise
 * `undefined` — a known model, or a new or local one that resembles none. A hint, not a refusal:
 * the provider has the last word on which ids exist.
 *
 * @example
 * suggestModelId('anthropic:claude-sonet-4-6'); // 'claude-sonnet-4-6'
 * suggestModelId('anthropic:claude-sonnet-4-6'); // undefined
 */
export function suggestModelId(id: string): string | undefined {
  if (pricingOf(id) !== 'unknown') return undefined;
  const { provider, modelId } = parseModelId(id);
  const match = findClosestMatch(modelId, idsOf(provider));
  return match === undefined || match === modelId ? undefined : match;
}
