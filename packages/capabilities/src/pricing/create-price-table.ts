import { type Cost, InvalidSettingError, type ModelPricing, parseModelId, type Usage } from '@interlingua/core';
import { computeCost, formatSchemaIssues } from '@interlingua/core/adapter';
import { compileModelPattern, type ModelPattern } from '../registry/compile-model-pattern';
import type { PriceRow } from './price-row';
import { priceRowSchema } from './price-row-schema';

/** Prices by model id: shipped rows plus registrations. */
export type PriceTable = {
  /** The rows the table started from. */
  readonly rows: readonly PriceRow[];
  /** What `provider:model` charges, with the row's source and date, or `'unknown'`. */
  pricingOf(id: string): ModelPricing | 'unknown';
  /** The cost of `usage` on `provider:model`; `'unknown'` when its prices are. */
  costOf(usage: Usage, id: string): Cost | 'unknown';
  /** Adds a row that wins over the shipped data (and earlier registrations) for the ids it matches. */
  register(row: PriceRow): void;
};

type Compiled = { patterns: ModelPattern[]; row: PriceRow };

function compile(row: PriceRow): Compiled {
  const patterns = (typeof row.match === 'string' ? [row.match] : [...row.match]).map(compileModelPattern);
  return { patterns, row };
}

function specificity(compiled: Compiled, id: string): number {
  let best = -1;
  for (const pattern of compiled.patterns)
    if (pattern.specificity > best && pattern.test(id)) best = pattern.specificity;
  return best;
}

/**
 * Makes a price table over `rows`. The most specific matching row wins whole (a row's prices
 * are never mixed with another's); a registered row wins over every shipped one.
 *
 * @example
 * const table = createPriceTable(shippedPrices);
 * table.costOf({ inputTokens: 1200, outputTokens: 80 }, 'anthropic:claude-sonnet-4-6'); // { total: 0.0048, … }
 */
export function createPriceTable(rows: readonly PriceRow[]): PriceTable {
  const shipped = rows.map(compile);
  const registered: Compiled[] = [];
  const cache = new Map<string, ModelPricing | 'unknown'>();

  // By the id as asked (the gateway asks per request): no parse, no lower-casing once known.
  const byId = new Map<string, ModelPricing | 'unknown'>();

  function pricingOf(id: string): ModelPricing | 'unknown' {
    const known = byId.get(id);
    if (known !== undefined) return known;
    const pricing = lookUp(id);
    if (byId.size >= 1000) byId.clear();
    byId.set(id, pricing);
    return pricing;
  }

  function lookUp(id: string): ModelPricing | 'unknown' {
    const { provider, modelId } = parseModelId(id);
    const normalized = `${provider}:${modelId}`.toLowerCase();
    const cached = cache.get(normalized);
    if (cached !== undefined) return cached;
    let chosen: PriceRow | undefined;
    for (let index = registered.length - 1; index >= 0 && chosen === undefined; index--) {
      const compiled = registered[index] as Compiled;
      if (specificity(compiled, normalized) >= 0) chosen = compiled.row;
    }
    if (chosen === undefined) {
      let best = -1;
      for (const compiled of shipped) {
        const score = specificity(compiled, normalized);
        if (score > best) {
          best = score;
          chosen = compiled.row;
        }
      }
    }
    const pricing: ModelPricing | 'unknown' =
      chosen === undefined || chosen.price === 'unknown'
        ? 'unknown'
        : { ...chosen.price, source: chosen.source, read: chosen.read };
    if (cache.size >= 1000) cache.clear();
    cache.set(normalized, pricing);
    return pricing;
  }

  return {
    rows,
    pricingOf,
    costOf: (usage, id) => computeCost(usage, pricingOf(id)),
    register(row) {
      const result = priceRowSchema.safeParse(row);
      if (!result.success) {
        throw new InvalidSettingError({
          message: `Expected a price row: ${formatSchemaIssues(result.error.issues)}`,
          cause: result.error,
        });
      }
      registered.push(compile(row));
      cache.clear();
      byId.clear();
    },
  };
}
