import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisKeyNames } from './redis-key-names';
import { defineRedisScript } from './redis-script';
import { EPOCH_CHECK_SCRIPT, REINITIALIZE_SCRIPT } from './redis-scripts';

/** What the epoch check reports: the store lost its data, got it back, or was re-initialized by the operator. */
export type StoreEpochEvent =
  | { type: 'data-lost'; knewData: boolean }
  | { type: 'data-restored'; revocationsWrittenBack: number }
  | { type: 'reinitialized'; revocationsWrittenBack: number };

/** Where a replica stands with the store's data: not yet checked, intact, or lost. */
export type StoreEpochState = 'unchecked' | 'intact' | 'lost';

/** The replica's side of the store epoch (see docs/decisions/014-store-epoch.md). */
export type StoreEpoch = {
  readonly state: StoreEpochState;
  /** Whether this replica saw the store's data (an epoch) before: then it remembers the revocations made since it started. */
  readonly knewData: boolean;
  /** Compares Redis's epoch with the one this replica knows; `loadRevocations` also reads the revoked set into memory. */
  check(loadRevocations: boolean): Promise<void>;
  /** The operator's way out of a loss: a new epoch, written with the remembered revocations. */
  reinitialize(): Promise<{ reinitialized: boolean; revocations: number }>;
  /** Stops the periodic check. */
  stop(): void;
};

/** Settings of {@link createStoreEpoch}. */
export type StoreEpochSettings = {
  client: Redis;
  names: RedisKeyNames;
  /** The revocations this replica remembers: names read from Redis are added; after a loss they are written back. */
  revoked: Set<string>;
  /** How often the epoch is checked besides every reconnect and every announcement. */
  intervalMs: number;
  onEvent(event: StoreEpochEvent): void;
};

const checkScript = defineRedisScript(EPOCH_CHECK_SCRIPT);
const reinitializeScript = defineRedisScript(REINITIALIZE_SCRIPT);

/**
 * Keeps one replica's view of the store epoch. The first replica to meet an empty store writes
 * `created:<id>`; every replica remembers the epoch it saw, and a store without it (or with
 * another one it was not told of) lost its data — a Redis restarted without persistence, a
 * `FLUSHALL`, a failover to an empty server. The state changes only on a check's answer, and
 * each change is reported once. Checks are coalesced: at most one runs and one waits.
 */
export function createStoreEpoch(settings: StoreEpochSettings): StoreEpoch {
  const { client, names, revoked, onEvent } = settings;
  let state: StoreEpochState = 'unchecked';
  let known: string | undefined;
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  let wantLoad = false;

  // Writes the remembered revocations back: a restored backup older than a revocation, or a
  // re-initialized store, must not undo it for replicas that start later.
  const writeBack = async () => {
    if (revoked.size > 0) await client.sadd(names.revoked, ...revoked);
    return revoked.size;
  };

  const run = async (load: boolean) => {
    const candidate = `created:${randomBytes(12).toString('hex')}`;
    const reply = (await checkScript.run(
      client,
      [names.epoch, names.revoked],
      [known ?? '', candidate, load || state !== 'intact' ? '1' : '0', names.epochs],
    )) as string[];
    const [status, epoch, ...revokedNames] = reply;
    for (const name of revokedNames) revoked.add(name);
    if (status === 'lost') {
      if (state === 'lost') return;
      state = 'lost';
      onEvent({ type: 'data-lost', knewData: known !== undefined });
      return;
    }
    const wasLost = state === 'lost';
    known = epoch;
    state = 'intact';
    if (!wasLost && status !== 'reinitialized') return;
    const revocationsWrittenBack = await writeBack();
    const restored = status === 'intact' || !epoch?.startsWith('reinitialized:');
    onEvent({ type: restored ? 'data-restored' : 'reinitialized', revocationsWrittenBack });
  };

  const check = (load: boolean): Promise<void> => {
    wantLoad = wantLoad || load;
    if (queued !== undefined) return queued;
    const next = tail
      .then(() => {
        queued = undefined;
        const loadNow = wantLoad;
        wantLoad = false;
        return run(loadNow);
      })
      // A failed check changes nothing: Redis is away (the connection's events say so) and the
      // next reconnect checks again.
      .catch(() => undefined);
    queued = next;
    tail = next;
    return next;
  };

  const timer = setInterval(() => void check(false), settings.intervalMs);
  timer.unref();

  return {
    get state() {
      return state;
    },
    get knewData() {
      return known !== undefined;
    },
    check,
    async reinitialize() {
      const epoch = `reinitialized:${randomBytes(12).toString('hex')}`;
      const [written, detail] = (await reinitializeScript.run(
        client,
        [names.epoch, names.revoked],
        [epoch, names.epochs, ...revoked],
      )) as [number, number | string];
      if (written !== 1) {
        // The store holds a live epoch: its data is there (restored, or re-initialized by another replica).
        await check(true);
        return { reinitialized: false, revocations: revoked.size };
      }
      const wasLost = state === 'lost';
      known = epoch;
      state = 'intact';
      if (wasLost) onEvent({ type: 'reinitialized', revocationsWrittenBack: revoked.size });
      return { reinitialized: true, revocations: Number(detail) };
    },
    stop() {
      clearInterval(timer);
    },
  };
}
