/** The longest a server's `ttlMs` is taken at its word (a day), as the SDK bounds its own cache. */
const MAX_TTL_MS = 86_400_000;

/**
 * The cache hint of a 2026-07-28 list result: how long, in milliseconds, the list may be used
 * before it is fetched again. Undefined when the server gave none (or nothing usable): then the
 * list is kept until a list change is announced, as in the legacy era.
 */
export function cacheTtlOf(result: object): number | undefined {
  const ttlMs = (result as { ttlMs?: unknown }).ttlMs;
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) return undefined;
  return Math.min(ttlMs, MAX_TTL_MS);
}
