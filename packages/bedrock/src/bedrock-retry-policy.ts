import type { HeaderLookup, LeanRetryPolicy } from '@interlingua/core/adapter';

// The AWS SDK's standard retry strategy (`@smithy/core/retry`, 2026 defaults), as the SDK
// transport retries: throttling (429 or a throttling error code) and transient failures (500,
// 502, 503, 504, a `$retryable` exception, a failed connection) are retried; the wait is a random
// share of `base × 2^retries` (at most 20 s), from 1 s after throttling and 50 ms otherwise, and
// at least what `retry-after` / `x-amz-retry-after` asked, up to 5 s more than the backoff.
const THROTTLING_CODES: ReadonlySet<string> = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
// Transient by name: the SDK's timeout codes and the Bedrock exceptions modeled `@retryable`.
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ModelNotReadyException',
]);
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);
const TRANSIENT_BASE_MS = 50;
const THROTTLING_BASE_MS = 1_000;
const MAX_DELAY_MS = 20_000;
const MAX_HINT_EXTRA_MS = 5_000;

/** The exception name of an error answer, from `x-amzn-errortype` (`ThrottlingException:http://…`). */
export function bedrockErrorType(header: HeaderLookup): string | undefined {
  const raw = header('x-amzn-errortype');
  if (raw === undefined || raw === null || raw === '') return undefined;
  return raw.split(':')[0]?.split('#').at(-1);
}

function isThrottling(status: number | undefined, header: HeaderLookup | undefined): boolean {
  if (status === 429) return true;
  const type = header === undefined ? undefined : bedrockErrorType(header);
  return type !== undefined && THROTTLING_CODES.has(type);
}

/**
 * The AWS SDK's standard retry rule for Bedrock's lean transport: the same answers retried as
 * by the SDK transport, with the SDK's backoff.
 */
export const bedrockRetryPolicy: LeanRetryPolicy = {
  // ECONNRESET, ECONNREFUSED, EPIPE, ETIMEDOUT and the DNS failures are transient to the SDK.
  retryConnections: true,
  retryStatus(status, header) {
    if (isThrottling(status, header) || TRANSIENT_STATUSES.has(status)) return true;
    const type = bedrockErrorType(header);
    return type !== undefined && TRANSIENT_CODES.has(type);
  },
  delayMs(retriesDone, header, status) {
    const base = isThrottling(status, header) ? THROTTLING_BASE_MS : TRANSIENT_BASE_MS;
    const backoff = Math.floor(Math.random() * Math.min(base * 2 ** retriesDone, MAX_DELAY_MS));
    const hint = header === undefined ? undefined : retryAfterMs(header);
    return hint === undefined ? backoff : Math.max(backoff, Math.min(hint, backoff + MAX_HINT_EXTRA_MS));
  },
};

// What the server asked: `retry-after` (seconds or an HTTP date) or `x-amz-retry-after` (milliseconds).
function retryAfterMs(header: HeaderLookup): number | undefined {
  const after = header('retry-after');
  if (after !== undefined && after !== null && after !== '') {
    if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1000;
    const date = Date.parse(after);
    return Number.isNaN(date) ? undefined : date - Date.now();
  }
  const amz = header('x-amz-retry-after');
  if (amz === undefined || amz === null || amz === '') return undefined;
  const milliseconds = Number(amz);
  return Number.isNaN(milliseconds) ? undefined : milliseconds;
}
