/**
 * Requests per minute per key name, in memory: one token bucket per key, as full as its limit at
 * first and refilled evenly over the minute, so a key may burst its minute's worth and then goes
 * at its rate. A key whose limit changes gets a fresh bucket.
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, { limit: number; tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one request from `key`'s bucket: `undefined` when it may go, else the seconds until it may. */
  take(key: string, requestsPerMinute: number): number | undefined {
    const now = this.now();
    const perMs = requestsPerMinute / 60_000;
    let bucket = this.buckets.get(key);
    if (bucket === undefined || bucket.limit !== requestsPerMinute) {
      bucket = { limit: requestsPerMinute, tokens: requestsPerMinute, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(requestsPerMinute, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }
}
