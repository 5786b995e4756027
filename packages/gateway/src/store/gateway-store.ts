import type { BudgetPeriod, GatewayKeyConfig } from '../config/gateway-config-schema';

/**
 * One bucket to take from: a token bucket holding `limit` units that refills continuously at
 * `limit` per `windowMs` (so `rpm: 60` is `{ limit: 60, windowMs: 60000 }`, amount 1 per request).
 * Names are opaque to the store; the gateway uses `key:<name>:rpm`, `model:<name>:tpm`,
 * `backend:<provider:model>:rpm`, `failures:<provider:model>`.
 */
export type BucketTake = {
  name: string;
  limit: number;
  windowMs: number;
  /** Units to take now (a request; a reservation of worst-case tokens). */
  amount: number;
};

/** What {@link GatewayStore.take} answers. */
export type TakeResult =
  | { ok: true }
  | {
      ok: false;
      /** The first bucket that could not give its amount. */
      name: string;
      /** Milliseconds until it could (the whole window when the amount exceeds the limit). */
      retryAfterMs: number;
      /** Whether the amount can never fit (larger than the bucket's limit). */
      tooLarge: boolean;
    };

/** Spend recorded against a key. */
/** What {@link GatewayStore.health} reports. */
export type StoreHealth = {
  available: boolean;
  /** Why the store cannot be reached (a redacted reason: no credentials). */
  reason?: string | undefined;
  /** True when the gateway refuses requests: the store is away under a fail-closed policy, or this replica cannot trust it. */
  refusing: boolean;
  /** True while the store lost its data (its epoch is gone) and the operator has not restored or re-initialized it: see docs/decisions/014-store-epoch.md. */
  dataLost?: boolean | undefined;
};

/** What {@link GatewayStore.reinitialize} answers. */
export type StoreReinitialization = {
  /** False when the store's data was not lost (nothing was written). */
  reinitialized: boolean;
  /** Revoked key names in the store afterwards (the remembered ones written back). */
  revocations: number;
};

export type Spend = { usd: number; tokens: number };

/** Spend so far in the current period, and when the period ends (Unix ms; `undefined` for `total`). */
export type SpendTotal = Spend & { resetsAt: number | undefined };

/**
 * The state gateway replicas must share — and only that: token buckets (rpm and tpm, per key,
 * per model, per backend), spend per key per budget period, revoked keys, and cooldowns. Every
 * method is atomic on its own; clocks are the store's (a shared store uses its server's clock,
 * so replica clocks do not matter). The in-process default is {@link createMemoryGatewayStore};
 * a shared store (Redis) implements the same interface. See docs/decisions/009-gateway-store.md.
 */
export interface GatewayStore {
  /**
   * Takes each bucket's amount, all or nothing: when any bucket lacks its amount, none is
   * taken and the answer names it with the wait. Token limits reserve the worst case here and
   * settle with {@link GatewayStore.give} after the call.
   */
  take(buckets: readonly BucketTake[]): Promise<TakeResult>;
  /**
   * Gives units back (a positive amount: an unused reservation) or takes more without
   * checking (a negative amount: usage beyond the reservation; the bucket may go below zero,
   * delaying the next request). Never fails for lack of units; a bucket is never filled above its limit.
   */
  give(buckets: readonly Omit<BucketTake, 'amount'>[], amounts: readonly number[]): Promise<void>;
  /** Adds spend to the key's current period and answers the new total. */
  addSpend(key: string, period: BudgetPeriod, spend: Spend): Promise<SpendTotal>;
  /** The key's spend in the current period. */
  readSpend(key: string, period: BudgetPeriod): Promise<SpendTotal>;
  /** Sets the key's spend in the current period back to zero (the admin route "reset a budget"). */
  resetSpend(key: string, period: BudgetPeriod): Promise<void>;
  /** Marks a key (by name) revoked on every replica. */
  revoke(key: string): Promise<void>;
  /** Whether the key was revoked. */
  isRevoked(key: string): Promise<boolean>;
  /** Cools a target (a backend `provider:model`) down for `ms`; the mark expires by itself. */
  coolDown(target: string, ms: number): Promise<void>;
  /** Milliseconds of cooldown left for the target, 0 when it is not cooling down. */
  cooldownLeft(target: string): Promise<number>;
  /** Releases connections and timers. */
  close(): Promise<void>;
  /**
   * Whether the store can be reached now, for `GET /readyz`; a store without it (the in-process
   * one) is always available. `refusing` is true when requests are refused while it is away.
   */
  health?(): StoreHealth;
  /**
   * After the store lost its data: the operator accepts the loss (keys created at run time are
   * gone), revocations the replicas remember are written back, and created keys are served again.
   * A store whose data dies with the process (the in-process one) has none.
   */
  reinitialize?(): Promise<StoreReinitialization>;
  /** Where keys created at run time (the admin routes) are kept; without it the admin routes cannot create keys. */
  readonly keys?: GatewayKeyStore;
}

/**
 * Keys created at run time through the admin routes: configuration, not counters, so kept
 * apart from {@link GatewayStore}'s counters (see docs/decisions/009-gateway-store.md). Records
 * hold the key's SHA-256, never the key.
 */
export interface GatewayKeyStore {
  /** Saves a new key; false (and nothing saved) when a created key has the same name or hash. */
  saveKey(record: GatewayKeyConfig): Promise<boolean>;
  /** The key whose (lower-case hex) SHA-256 this is, if one was created. */
  findKey(sha256: string): Promise<GatewayKeyConfig | undefined>;
  /** Every created key. */
  listKeys(): Promise<GatewayKeyConfig[]>;
}
