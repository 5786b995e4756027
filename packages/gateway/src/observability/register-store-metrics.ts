import { Gauge, type Registry } from 'prom-client';
import type { GatewayStore } from '../store/gateway-store';

/**
 * Adds the shared store's gauges to the gateway's registry, read from the store's health when
 * `/metrics` is scraped: `interlingua_gateway_store_epoch_lost` is 1 while the store lost its data
 * and the operator has not restored or re-initialized it (docs/decisions/014-store-epoch.md),
 * else 0 — alert on it.
 */
export function registerStoreMetrics(registry: Registry, store: GatewayStore): void {
  new Gauge({
    name: 'interlingua_gateway_store_epoch_lost',
    help: 'Whether the shared store (Redis) lost its data (1) until the operator restores or re-initializes it, else 0.',
    registers: [registry],
    collect() {
      this.set(store.health?.().dataLost === true ? 1 : 0);
    },
  });
}
