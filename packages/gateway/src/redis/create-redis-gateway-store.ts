import { Redis } from 'ioredis';
import type { BudgetPeriod, GatewayKeyConfig } from '../config/gateway-config-schema';
import type {
  BucketTake,
  GatewayKeyStore,
  GatewayStore,
  SpendTotal,
  StoreHealth,
  StoreReinitialization,
  TakeResult,
} from '../store/gateway-store';
import { createBoundedCache } from './bounded-cache';
import { defaultOnEvent, type RedisStoreEvent } from './describe-redis-store-event';
import { quitRedis, waitRedisReady } from './redis-connection';
import { redisKeyNames } from './redis-key-names';
import { defineRedisScript } from './redis-script';
import { ADD_SPEND_SCRIPT, GIVE_SCRIPT, READ_SPEND_SCRIPT, SAVE_KEY_SCRIPT, TAKE_SCRIPT } from './redis-scripts';
import { createdKeyRefusedError, keyCreationRefusedError, revocationsUnknownError } from './store-data-lost';
import { createStoreEpoch } from './store-epoch';
import { isStoreUnavailable, type StoreUnavailablePolicy, storeUnavailableError } from './store-unavailable';

/** Settings of {@link createRedisGatewayStore}: the config's `store` entry, plus tuning. */
export type RedisGatewayStoreSettings = {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` (TLS). */
  url: string;
  /** Prepended to every key, as a Cluster hash tag: `{<prefix>}:v1:…`. Default `interlingua`. */
  prefix?: string | undefined;
  /** While Redis cannot be reached: refuse with 503 (`fail-closed`, the default) or serve unlimited and log (`fail-open`). */
  onUnavailable?: StoreUnavailablePolicy | undefined;
  /** A command not answered within this is a failure of Redis. Default 1000. */
  commandTimeoutMs?: number | undefined;
  /** Key names whose revocation state is kept locally (kept right by pub/sub). Default 10000. */
  revocationCacheSize?: number | undefined;
  /** Told when Redis goes away and comes back, when it lost its data, and of each request served fail-open. Default: a line on stderr per outage. */
  onEvent?: ((event: RedisStoreEvent) => void) | undefined;
  /** How often the store's epoch is checked besides every reconnect (docs/decisions/014-store-epoch.md). Default 5000. */
  epochCheckIntervalMs?: number | undefined;
};

export type { RedisStoreEvent };

/** The Redis store: a {@link GatewayStore} with the admin routes' key records ({@link GatewayKeyStore}). */
export type RedisGatewayStore = GatewayStore & {
  readonly keys: GatewayKeyStore;
  /** The command connection (for tests and health checks); do not write the gateway's keys with it. */
  readonly client: Redis;
  /** Resolves once both connections are ready (the store works before that, failing per policy). */
  ready(): Promise<void>;
  /** Whether Redis can be reached now, and whether it lost its data (`GET /readyz` reads it). */
  health(): StoreHealth;
  /** Leaves the "data lost" state: a new epoch, with the revocations this replica remembers written back. */
  reinitialize(): Promise<StoreReinitialization>;
};

// Cached "not revoked" answers live this long when pub/sub is up (a safety net; pub/sub is what keeps them right).
const NOT_REVOKED_TTL_MS = 30_000;

/**
 * The shared {@link GatewayStore} for several gateway replicas: every counter lives in Redis
 * and changes only inside an atomic Lua script timed by the server's clock (`take` and `give`
 * over several token buckets at once, spend added per budget period); revocations are a set
 * plus a pub/sub message, so every replica refuses a revoked key as soon as the message
 * arrives, with a bounded local cache in front; cooldowns are keys with a TTL. While Redis is
 * unreachable the `onUnavailable` policy holds, and the client reconnects by itself; commands
 * are never queued or resent across a reconnect, so none is applied twice.
 *
 * @example
 * import { createRedisGatewayStore } from '@interlingua/gateway/redis';
 * const store = createRedisGatewayStore({ url: process.env.REDIS_URL!, onUnavailable: 'fail-closed' });
 * const gateway = createGateway(config, { models, codecs, store });
 */
export function createRedisGatewayStore(settings: RedisGatewayStoreSettings): RedisGatewayStore {
  const names = redisKeyNames(settings.prefix ?? 'interlingua');
  const policy = settings.onUnavailable ?? 'fail-closed';
  const onEvent = settings.onEvent ?? defaultOnEvent;
  const options = {
    // A command during an outage fails at once (the policy decides), and one sent before a drop
    // is not resent after reconnecting: it may have run, and must not run twice.
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    commandTimeout: settings.commandTimeoutMs ?? 1_000,
    connectTimeout: 2_000,
    retryStrategy: (times: number) => Math.min(50 * times, 1_000),
    lazyConnect: false,
  };
  const client = new Redis(settings.url, options);
  const subscriber = new Redis(settings.url, { ...options, enableOfflineQueue: true });
  const revokedCache = createBoundedCache<boolean>(settings.revocationCacheSize ?? 10_000, NOT_REVOKED_TTL_MS);
  const keyCache = createBoundedCache<GatewayKeyConfig | null>(settings.revocationCacheSize ?? 10_000, 5_000);
  // Backend → until when (this process's clock) it cools down; 0 for "not cooling", as last read or announced.
  const cooldownCache = createBoundedCache<number>(settings.revocationCacheSize ?? 10_000, NOT_REVOKED_TTL_MS);
  let listening = false;
  let closing = false;
  let down: string | undefined;
  // Every revocation this replica has seen, never forgotten while it runs: a Redis that lost its
  // data must not undo one (docs/decisions/014-store-epoch.md). Names only; only the master key adds.
  const remembered = new Set<string>();
  const epoch = createStoreEpoch({
    client,
    names,
    revoked: remembered,
    intervalMs: settings.epochCheckIntervalMs ?? 5_000,
    onEvent: (event) => {
      if (!closing) onEvent(event);
    },
  });
  // A restart drops the connection: every reconnect checks that Redis still holds the data.
  client.on('ready', () => void epoch.check(true));

  const markDown = (reason: string) => {
    if (down !== undefined || closing) return;
    down = reason;
    onEvent({ type: 'unavailable', reason, policy });
  };
  client.on('error', (error: Error) => markDown(error.message));
  client.on('close', () => markDown('connection closed'));
  client.on('ready', () => {
    if (down === undefined) return;
    down = undefined;
    onEvent({ type: 'recovered' });
  });
  subscriber.on('error', () => undefined);
  // A revocation published while the subscriber was away was missed: forget what is cached.
  subscriber.on('close', () => {
    listening = false;
  });
  subscriber.on('ready', () => {
    revokedCache.clear();
    keyCache.clear();
    cooldownCache.clear();
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === names.revocations) {
      remembered.add(message);
      revokedCache.set(message, true, Number.POSITIVE_INFINITY);
    }
    if (channel === names.epochs) void epoch.check(true);
    if (channel === names.cooldowns) {
      const { target, ms } = JSON.parse(message) as { target: string; ms: number };
      cooldownCache.set(target, Date.now() + ms);
    }
  });
  // Subscribes on every (re)connect — also after a first attempt that failed because Redis was
  // down — and trusts the caches only once the server confirmed the subscription.
  const subscribe = () =>
    subscriber.subscribe(names.revocations, names.cooldowns, names.epochs).then(
      () => {
        listening = true;
      },
      () => undefined,
    );
  let subscribed = subscribe();
  subscriber.on('ready', () => {
    subscribed = subscribe();
  });

  const take = defineRedisScript(TAKE_SCRIPT);
  const give = defineRedisScript(GIVE_SCRIPT);
  const addSpend = defineRedisScript(ADD_SPEND_SCRIPT);
  const readSpend = defineRedisScript(READ_SPEND_SCRIPT);
  const saveKey = defineRedisScript(SAVE_KEY_SCRIPT);

  /** Runs one operation under the policy: fail-closed throws a 503, fail-open answers `open`. */
  async function guarded<T>(operation: string, run: () => Promise<T>, open: () => T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      markDown(reason);
      if (policy === 'fail-closed') throw storeUnavailableError(reason);
      onEvent({ type: 'served-open', operation, reason });
      return open();
    }
  }

  const bucketArgs = (specs: readonly Omit<BucketTake, 'amount'>[], amounts: readonly number[]) =>
    specs.flatMap((spec, index) => [spec.limit, spec.windowMs, amounts[index] ?? 0]);

  const keys: GatewayKeyStore = {
    async saveKey(record) {
      if (epoch.state === 'lost') throw keyCreationRefusedError();
      return guarded(
        'saveKey',
        async () => {
          const hash = record.sha256.toLowerCase();
          const saved = await saveKey.run(
            client,
            [names.keys, names.keyNames],
            [record.name, hash, JSON.stringify(record)],
          );
          if (saved === 1) keyCache.set(hash, record);
          return saved === 1;
        },
        () => {
          throw storeUnavailableError('a key cannot be created while Redis is away');
        },
      );
    },
    async findKey(sha256) {
      if (epoch.state === 'lost') throw createdKeyRefusedError();
      const cached = keyCache.get(sha256);
      if (cached !== undefined) return cached ?? undefined;
      return guarded(
        'findKey',
        async () => {
          const raw = await client.hget(names.keys, sha256);
          const record = raw === null ? null : (JSON.parse(raw) as GatewayKeyConfig);
          keyCache.set(sha256, record);
          return record ?? undefined;
        },
        () => undefined,
      );
    },
    async listKeys() {
      return guarded(
        'listKeys',
        async () => Object.values(await client.hgetall(names.keys)).map((raw) => JSON.parse(raw) as GatewayKeyConfig),
        () => [],
      );
    },
  };

  return {
    client,
    keys,
    async ready() {
      await Promise.all([waitRedisReady(client), waitRedisReady(subscriber), subscribed]);
      await epoch.check(true);
    },
    health() {
      const available = down === undefined && client.status === 'ready';
      const reason = available ? undefined : (down ?? `connection ${client.status}`);
      const dataLost = epoch.state === 'lost';
      // A replica that never saw the data refuses every key (it cannot know the revocations): not ready.
      const refusing = (!available && policy === 'fail-closed') || (dataLost && !epoch.knewData);
      return { available, reason, refusing, ...(dataLost ? { dataLost } : {}) };
    },
    async reinitialize() {
      return guarded(
        'reinitialize',
        () => epoch.reinitialize(),
        () => {
          throw storeUnavailableError('the store cannot be re-initialized while Redis is away');
        },
      );
    },
    async take(specs: readonly BucketTake[]): Promise<TakeResult> {
      if (specs.length === 0) return { ok: true };
      return guarded(
        'take',
        async () => {
          const answer = (await take.run(
            client,
            specs.map((spec) => names.bucket(spec.name)),
            bucketArgs(
              specs,
              specs.map((spec) => spec.amount),
            ),
          )) as number[];
          if (answer[0] === 1) return { ok: true } as const;
          const failed = specs[(answer[1] as number) - 1] as BucketTake;
          return { ok: false, name: failed.name, retryAfterMs: answer[2] as number, tooLarge: answer[3] === 1 };
        },
        () => ({ ok: true }) as const,
      );
    },
    async give(specs, amounts) {
      if (specs.length === 0) return;
      await guarded(
        'give',
        async () => {
          await give.run(
            client,
            specs.map((spec) => names.bucket(spec.name)),
            bucketArgs(specs, amounts),
          );
        },
        () => undefined,
      );
    },
    async addSpend(key, period, spend) {
      if (!(spend.usd >= 0) || !Number.isSafeInteger(spend.tokens) || spend.tokens < 0) {
        throw new RangeError(
          `Expected spend of at least 0 USD and a whole number of tokens, got ${spend.usd} USD and ${spend.tokens} tokens.`,
        );
      }
      return guarded(
        'addSpend',
        async () =>
          toSpendTotal(
            await addSpend.run(client, [names.spend(key, period)], [period, String(spend.usd), spend.tokens]),
          ),
        () => ({ usd: 0, tokens: 0, resetsAt: undefined }),
      );
    },
    async readSpend(key: string, period: BudgetPeriod): Promise<SpendTotal> {
      return guarded(
        'readSpend',
        async () => toSpendTotal(await readSpend.run(client, [names.spend(key, period)], [period])),
        () => ({ usd: 0, tokens: 0, resetsAt: undefined }),
      );
    },
    async resetSpend(key, period) {
      await guarded(
        'resetSpend',
        async () => {
          await client.del(names.spend(key, period));
        },
        () => {
          throw storeUnavailableError('a budget cannot be reset while Redis is away');
        },
      );
    },
    async revoke(key) {
      await guarded(
        'revoke',
        async () => {
          // One round trip, applied together: the set for replicas that start later, the message for those running.
          await client.multi().sadd(names.revoked, key).publish(names.revocations, key).exec();
          remembered.add(key);
          revokedCache.set(key, true, Number.POSITIVE_INFINITY);
        },
        () => {
          throw storeUnavailableError('a key cannot be revoked while Redis is away');
        },
      );
    },
    async isRevoked(key) {
      if (remembered.has(key)) return true;
      if (epoch.state === 'lost' && !epoch.knewData) throw revocationsUnknownError();
      const cached = listening ? revokedCache.get(key) : undefined;
      if (cached !== undefined) return cached;
      return guarded(
        'isRevoked',
        async () => {
          const revoked = (await client.sismember(names.revoked, key)) === 1;
          if (revoked) remembered.add(key);
          if (listening) revokedCache.set(key, revoked, revoked ? Number.POSITIVE_INFINITY : NOT_REVOKED_TTL_MS);
          return revoked;
        },
        () => revokedCache.get(key) ?? false,
      );
    },
    async coolDown(target, ms) {
      const wait = Math.max(1, Math.ceil(ms));
      await guarded(
        'coolDown',
        async () => {
          // The mark with its TTL (the server's clock decides when it ends), and a message so the
          // other replicas need not ask Redis before every request.
          await client
            .multi()
            .set(names.cooldown(target), '1', 'PX', wait)
            .publish(names.cooldowns, JSON.stringify({ target, ms: wait }))
            .exec();
          cooldownCache.set(target, Date.now() + wait);
        },
        () => undefined,
      );
    },
    async cooldownLeft(target) {
      const until = listening ? cooldownCache.get(target) : undefined;
      if (until !== undefined) return Math.max(0, until - Date.now());
      return guarded(
        'cooldownLeft',
        async () => {
          const left = Math.max(0, await client.pttl(names.cooldown(target)));
          if (listening) cooldownCache.set(target, left === 0 ? 0 : Date.now() + left);
          return left;
        },
        () => 0,
      );
    },
    async close() {
      closing = true;
      listening = false;
      epoch.stop();
      await Promise.allSettled([quitRedis(subscriber), quitRedis(client)]);
    },
  };
}

function toSpendTotal(answer: unknown): SpendTotal {
  const [usd, tokens, endsAt] = answer as [string, string, string];
  const ends = Number(endsAt);
  return { usd: Number(usd), tokens: Number(tokens), resetsAt: ends < 0 ? undefined : ends };
}
