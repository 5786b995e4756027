import type { GatewayConfig } from '../config/gateway-config-schema';
import type { BackendPricer } from '../observability/create-backend-pricer';
import type { ModelTable } from '../router/create-model-table';

/** A key with a `usd` budget that may be served by backends without a known price. */
export type UnpricedBudget = {
  /** The key's name. */
  key: string;
  /** The backends (`provider:model`) it may reach that have no price, in config order. */
  backends: string[];
  /** The start-up warning, naming the key, the backends and the fix. */
  message: string;
};

/**
 * The keys whose `usd` budget cannot count every call: a model the key may use (or one of its
 * fallbacks) is served by a backend with no price — no `models.*.price`, no `costOf` answer, no
 * shipped price. Such calls are counted in tokens only; the gateway warns of them at start-up
 * and on each such request's log line. (`provider:model` names a client sends with
 * `allowProviderModels` cannot be known in advance: they are warned of per request.)
 */
export function findUnpricedBudgets(config: GatewayConfig, table: ModelTable, pricer: BackendPricer): UnpricedBudget[] {
  const found: UnpricedBudget[] = [];
  for (const key of config.keys ?? []) {
    if (key.budget?.usd === undefined) continue;
    const backends = new Set<string>();
    for (const name of key.models ?? table.names) {
      const plan = table.plan(name);
      for (const candidate of [...plan.candidates, ...plan.contextWindow]) {
        if (!pricer.isPriced(candidate)) backends.add(candidate.backend);
      }
    }
    if (backends.size === 0) continue;
    const list = [...backends];
    const what =
      key.budget.unpriced === 'refuse'
        ? `this key never uses ${list.length === 1 ? 'it' : 'them'} (budget.unpriced: "refuse")`
        : 'calls answered there are counted in tokens only, not against the usd budget';
    found.push({
      key: key.name,
      backends: list,
      message: `Key "${key.name}" has a $${key.budget.usd} budget, but ${list.join(', ')} ${list.length === 1 ? 'has' : 'have'} no known price: ${what}. Set models.<name>.price for ${list.length === 1 ? 'it' : 'them'}.`,
    });
  }
  return found;
}
