/**
 * The version in every key the Redis store writes. Bump it when a script's data layout
 * changes: replicas of two gateway versions then keep apart counters side by side on one
 * server instead of misreading each other's.
 */
export const REDIS_STORE_VERSION = 'v1';

/** The key names of one gateway deployment in Redis. */
export type RedisKeyNames = {
  /** A token bucket (a hash: `level`, `at`). */
  bucket(name: string): string;
  /** A key's spend for one budget period kind (a hash: `period`, `usd`, `tokens`). */
  spend(key: string, period: string): string;
  /** The set of revoked key names. */
  readonly revoked: string;
  /** The pub/sub channel revocations are announced on. */
  readonly revocations: string;
  /** A cooldown mark (a string with a TTL). */
  cooldown(target: string): string;
  /** The pub/sub channel cooldowns are announced on. */
  readonly cooldowns: string;
  /** Keys created through the admin routes: a hash of SHA-256 → record (JSON). */
  readonly keys: string;
  /** Their names: a hash of name → SHA-256, so a name is taken once. */
  readonly keyNames: string;
  /** The store's epoch (a string), written when a replica first initializes the store: see docs/decisions/014-store-epoch.md. */
  readonly epoch: string;
  /** The pub/sub channel a loss of the data and a re-initialization are announced on. */
  readonly epochs: string;
};

/**
 * The names under `prefix`. Every key carries the same hash tag, `{<prefix>}`, so on Redis
 * Cluster they all live in one slot and one script may touch several (a take from the key's,
 * the model's and the backend's buckets at once); the version follows the tag.
 *
 * @example
 * redisKeyNames('interlingua').bucket('key:team-a:rpm') // '{interlingua}:v1:bucket:key:team-a:rpm'
 */
export function redisKeyNames(prefix: string): RedisKeyNames {
  const base = `{${prefix}}:${REDIS_STORE_VERSION}`;
  return {
    bucket: (name) => `${base}:bucket:${name}`,
    spend: (key, period) => `${base}:spend:${period}:${key}`,
    revoked: `${base}:revoked`,
    revocations: `${base}:revocations`,
    cooldown: (target) => `${base}:cooldown:${target}`,
    cooldowns: `${base}:cooldowns`,
    keys: `${base}:keys`,
    keyNames: `${base}:key-names`,
    epoch: `${base}:epoch`,
    epochs: `${base}:epochs`,
  };
}
