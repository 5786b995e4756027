/** A `Map` that holds at most `maxEntries` (dropping the oldest) and forgets entries after `ttlMs`. */
export type BoundedCache<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V, ttlMs?: number): void;
  clear(): void;
  readonly size: number;
};

/**
 * Creates a {@link BoundedCache}. Memory stays bounded whatever the traffic: a gateway seeing a
 * million distinct key names keeps only the newest `maxEntries`. `now` is injectable for tests.
 */
export function createBoundedCache<V>(
  maxEntries: number,
  ttlMs: number,
  now: () => number = Date.now,
): BoundedCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, entryTtlMs = ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + entryTtlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
