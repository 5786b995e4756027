import type { ClientGone } from '../http/client-gone';

/** The first retry's delay without `Retry-After`; each next one doubles it. */
export const RETRY_BASE_DELAY_MS = 250;
/** The longest backoff between retries of one backend. */
export const RETRY_MAX_DELAY_MS = 8_000;
/** A `Retry-After` longer than this moves on to the next fallback instead of waiting. */
export const RETRY_AFTER_MAX_WAIT_MS = 30_000;

/**
 * How long to wait before retry number `attempt` (0 for the first): the backend's
 * `Retry-After` when it sent one, else exponential backoff with ±20 % jitter, capped.
 * `undefined` when the backend asks for a wait longer than {@link RETRY_AFTER_MAX_WAIT_MS}
 * (better served by the next fallback).
 */
export function retryDelay(
  attempt: number,
  retryAfterSeconds: number | undefined,
  random = Math.random,
): number | undefined {
  if (retryAfterSeconds !== undefined) {
    const ms = Math.max(0, retryAfterSeconds * 1000);
    return ms > RETRY_AFTER_MAX_WAIT_MS ? undefined : ms;
  }
  const base = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Resolves after `ms`, or rejects with the reason the client left for when it leaves first. */
export function sleep(ms: number, clientGone: ClientGone): Promise<void> {
  return new Promise((resolve, reject) => {
    if (clientGone.happened) {
      reject(clientGone.reason);
      return;
    }
    const timer = setTimeout(() => {
      unwatch();
      resolve();
    }, ms);
    const unwatch = clientGone.watch((reason) => {
      clearTimeout(timer);
      reject(reason);
    });
  });
}
