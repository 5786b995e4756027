import type { ChatModel, ModelPricing, Usage } from '@interlingua/core';
import { computeCost } from '@interlingua/core/adapter';
import type { GatewayPrice } from '../config/gateway-config-schema';

/** What the pricer needs of a backend: its id, the config's `price`, and its model (which may state `pricing`). */
export type PricedBackend = { backend: string; price: GatewayPrice | undefined; model: ChatModel | Error };

/** Prices backend calls for the log line and `usd` budgets. */
export type BackendPricer = {
  /** The call's cost in USD, or `'unknown'` when no price of the backend is known — never 0 for lack of one. */
  costOf(backend: PricedBackend, usage: Usage): number | 'unknown';
  /** Whether the backend has a price at all (asked once per backend at start-up, for the budget warning). */
  isPriced(backend: PricedBackend): boolean;
};

/**
 * The gateway's pricer: the config's `models.*.price` wins; else the caller's `costOf`; else the
 * `pricing` of the `ChatModel` the gateway holds for the backend (the umbrella's registry fills
 * it from the shipped price data, or from the capability registry the model was made with) —
 * never a process-wide table the model may not agree with. Prices are turned into core's
 * `ModelPricing` and computed by core's `computeCost`, so a kind of token without a stated price
 * (cache writes on a backend whose price says nothing of them) makes the cost `'unknown'` too.
 */
export function createBackendPricer(custom?: (backend: string, usage: Usage) => number | undefined): BackendPricer {
  const pricingFor = (backend: PricedBackend): ModelPricing | 'unknown' => {
    if (backend.price !== undefined) return fromConfigPrice(backend.price);
    return (backend.model instanceof Error ? undefined : backend.model.pricing) ?? 'unknown';
  };
  return {
    costOf(backend, usage) {
      if (backend.price === undefined && custom !== undefined) {
        const usd = custom(backend.backend, usage);
        if (usd !== undefined) return usd;
      }
      const cost = computeCost(usage, pricingFor(backend));
      return cost === 'unknown' ? 'unknown' : cost.total;
    },
    isPriced(backend) {
      if (backend.price === undefined && custom?.(backend.backend, { inputTokens: 1, outputTokens: 1 }) !== undefined) {
        return true;
      }
      return pricingFor(backend) !== 'unknown';
    },
  };
}

const configPrices = new WeakMap<GatewayPrice, ModelPricing>();

/** A `models.*.price` as core's `ModelPricing`: cache reads and writes default to the input price. */
function fromConfigPrice(price: GatewayPrice): ModelPricing {
  let pricing = configPrices.get(price);
  if (pricing === undefined) {
    pricing = {
      input: price.inputPerMTok,
      output: price.outputPerMTok,
      cacheRead: price.cachedInputPerMTok ?? price.inputPerMTok,
      cacheWrite: price.cacheWritePerMTok ?? price.inputPerMTok,
      source: 'gateway.json',
      read: '',
    };
    configPrices.set(price, pricing);
  }
  return pricing;
}
