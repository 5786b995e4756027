import type { BudgetPeriod, GatewayKeyConfig } from '../config/gateway-config-schema';
import { budgetPeriodWindow } from './budget-period-window';
import type { BucketTake, GatewayStore, Spend, SpendTotal, TakeResult } from './gateway-store';

/** Settings of {@link createMemoryGatewayStore}. */
export type MemoryGatewayStoreSettings = {
  /** The clock (Unix ms). Default `Date.now`; tests pass their own. */
  now?: () => number;
};

type Bucket = { level: number; at: number; limit: number; windowMs: number };

/**
 * The in-process {@link GatewayStore}: token buckets, spend, revocations and cooldowns in
 * `Map`s (and keys created by the admin routes), for one gateway process (the default `store: { type: 'memory' }`). Buckets refill
 * continuously; idle full buckets are dropped so memory stays bounded by active names.
 *
 * @example
 * const gateway = createGateway(config, { models, codecs, store: createMemoryGatewayStore() });
 */
export function createMemoryGatewayStore(settings: MemoryGatewayStoreSettings = {}): GatewayStore {
  const now = settings.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  const spend = new Map<string, Spend>();
  const revoked = new Set<string>();
  const cooldowns = new Map<string, number>();
  const created = new Map<string, GatewayKeyConfig>();

  const current = (spec: Omit<BucketTake, 'amount'>, at: number): Bucket => {
    const bucket = buckets.get(spec.name);
    if (bucket === undefined) return { level: spec.limit, at, limit: spec.limit, windowMs: spec.windowMs };
    const refilled = bucket.level + ((at - bucket.at) * spec.limit) / spec.windowMs;
    return { level: Math.min(spec.limit, refilled), at, limit: spec.limit, windowMs: spec.windowMs };
  };
  const store = (name: string, bucket: Bucket) => {
    if (bucket.level >= bucket.limit) buckets.delete(name);
    else buckets.set(name, bucket);
  };

  return {
    keys: {
      async saveKey(record) {
        const hash = record.sha256.toLowerCase();
        if (created.has(hash) || [...created.values()].some((key) => key.name === record.name)) return false;
        created.set(hash, record);
        return true;
      },
      async findKey(sha256) {
        return created.get(sha256);
      },
      async listKeys() {
        return [...created.values()];
      },
    },
    async take(specs: readonly BucketTake[]): Promise<TakeResult> {
      const at = now();
      const levels = specs.map((spec) => current(spec, at));
      for (let index = 0; index < specs.length; index++) {
        const spec = specs[index] as BucketTake;
        const bucket = levels[index] as Bucket;
        if (spec.amount > spec.limit)
          return { ok: false, name: spec.name, retryAfterMs: spec.windowMs, tooLarge: true };
        if (bucket.level < spec.amount) {
          const missing = spec.amount - bucket.level;
          const retryAfterMs = Math.ceil((missing * spec.windowMs) / spec.limit);
          return { ok: false, name: spec.name, retryAfterMs, tooLarge: false };
        }
      }
      specs.forEach((spec, index) => {
        const bucket = levels[index] as Bucket;
        store(spec.name, { ...bucket, level: bucket.level - spec.amount });
      });
      return { ok: true };
    },
    async give(specs, amounts) {
      const at = now();
      specs.forEach((spec, index) => {
        const bucket = current(spec, at);
        const level = Math.min(spec.limit, bucket.level + (amounts[index] ?? 0));
        store(spec.name, { ...bucket, level });
      });
    },
    async addSpend(key, period, amount) {
      const { id, endsAt } = budgetPeriodWindow(period, now());
      const name = `${key}\u0000${id}`;
      const total = spend.get(name) ?? { usd: 0, tokens: 0 };
      const next = { usd: total.usd + amount.usd, tokens: total.tokens + amount.tokens };
      spend.set(name, next);
      return { ...next, resetsAt: endsAt };
    },
    async readSpend(key: string, period: BudgetPeriod): Promise<SpendTotal> {
      const { id, endsAt } = budgetPeriodWindow(period, now());
      const total = spend.get(`${key}\u0000${id}`) ?? { usd: 0, tokens: 0 };
      return { ...total, resetsAt: endsAt };
    },
    async resetSpend(key, period) {
      spend.delete(`${key}\u0000${budgetPeriodWindow(period, now()).id}`);
    },
    async revoke(key) {
      revoked.add(key);
    },
    async isRevoked(key) {
      return revoked.has(key);
    },
    async coolDown(target, ms) {
      cooldowns.set(target, now() + ms);
    },
    async cooldownLeft(target) {
      const until = cooldowns.get(target);
      if (until === undefined) return 0;
      const left = until - now();
      if (left <= 0) cooldowns.delete(target);
      return Math.max(0, left);
    },
    async close() {
      buckets.clear();
      cooldowns.clear();
    },
  };
}
