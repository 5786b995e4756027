/** Header values by lower-case name, as `undici` and `Headers#get` give them. */
export type HeaderLookup = (name: string) => string | null | undefined;

/**
 * Whether a failed answer is worth another attempt, by the official SDKs' rule: the server's
 * `x-should-retry: true|false` when it says, else 408 (request timeout), 409 (lock timeout),
 * 429 (rate limit) and every 5xx.
 */
export function shouldRetryStatus(status: number, header: HeaderLookup): boolean {
  const said = header('x-should-retry');
  if (said === 'true') return true;
  if (said === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

// A timer holds at most a signed 32-bit delay; a longer one fires at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Milliseconds to wait before the next attempt, by the official SDKs' rule: what the server asked
 * (`retry-after-ms`, else `retry-after` in seconds or as an HTTP date) when it is a positive delay
 * one timer can hold; otherwise exponential backoff from 0.5 s, doubling per retry, at most 8 s,
 * less up to 25 % of jitter.
 *
 * @param retriesDone how many retries came before this one (0 for the first).
 */
export function retryDelayMs(retriesDone: number, header?: HeaderLookup): number {
  const asked = header === undefined ? undefined : askedDelayMs(header);
  if (asked !== undefined && asked > 0 && asked <= MAX_TIMER_MS) return asked;
  const seconds = Math.min(0.5 * 2 ** retriesDone, 8);
  return seconds * (1 - Math.random() * 0.25) * 1000;
}

function askedDelayMs(header: HeaderLookup): number | undefined {
  const milliseconds = header('retry-after-ms');
  if (milliseconds) {
    const value = Number.parseFloat(milliseconds);
    if (!Number.isNaN(value)) return value;
  }
  const after = header('retry-after');
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : date - Date.now();
}
