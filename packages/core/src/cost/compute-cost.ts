import type { Cost, ModelPricing } from '../ir/cost';
import type { Usage } from '../ir/usage';

const PER_TOKEN = 1 / 1_000_000;

/**
 * The cost of `usage` at `pricing`, or `'unknown'` when the prices are unknown — never 0 for
 * lack of a price. A kind of token the usage has (cache reads, cache writes) but the pricing
 * does not state makes the whole cost `'unknown'`, as does a prompt above the long-context
 * threshold when those prices are not stated. Reasoning tokens are billed as output unless the
 * pricing states a reasoning price.
 *
 * @example
 * computeCost({ inputTokens: 1200, outputTokens: 80 }, { input: 3, output: 15, source: '…', read: '2026-12-01' });
 * // { currency: 'USD', total: 0.0048, input: 0.0036, output: 0.0012, … }
 */
export function computeCost(usage: Usage, pricing: ModelPricing | 'unknown' | undefined): Cost | 'unknown' {
  if (pricing === undefined || pricing === 'unknown') return 'unknown';
  const cached = usage.cachedInputTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const reasoningTokens = usage.reasoningTokens ?? 0;
  const long = pricing.longContext;
  const rates = long !== undefined && usage.inputTokens > long.aboveInputTokens ? long : pricing;
  if (cached > 0 && rates.cacheRead === undefined) return 'unknown';
  if (written > 0 && rates.cacheWrite === undefined) return 'unknown';
  const uncached = Math.max(0, usage.inputTokens - cached - written);
  const separateReasoning = pricing.reasoning !== undefined && rates === pricing;
  const input = uncached * rates.input * PER_TOKEN;
  const cacheRead = cached * (rates.cacheRead ?? 0) * PER_TOKEN;
  const cacheWrite = written * (rates.cacheWrite ?? 0) * PER_TOKEN;
  const reasoning = separateReasoning ? reasoningTokens * (pricing.reasoning ?? 0) * PER_TOKEN : 0;
  const outputTokens = separateReasoning ? Math.max(0, usage.outputTokens - reasoningTokens) : usage.outputTokens;
  const output = outputTokens * rates.output * PER_TOKEN;
  return {
    currency: 'USD',
    total: input + output + cacheRead + cacheWrite + reasoning,
    input,
    output,
    cacheRead,
    cacheWrite,
    reasoning,
  };
}

/** The sum of two costs; `'unknown'` when either is (a total with an unknown part is not known). */
export function addCosts(a: Cost | 'unknown', b: Cost | 'unknown'): Cost | 'unknown' {
  if (a === 'unknown' || b === 'unknown') return 'unknown';
  return {
    currency: 'USD',
    total: a.total + b.total,
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    reasoning: a.reasoning + b.reasoning,
  };
}

/** A cost of nothing: the starting point of a sum. */
export const ZERO_COST: Cost = Object.freeze({
  currency: 'USD',
  total: 0,
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  reasoning: 0,
}) as Cost;
