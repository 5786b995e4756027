import { STATUS_CODES } from 'node:http';
import type { LeanErrorFactory, LeanRetryPolicy } from '@interlingua/core/adapter';

/**
 * `@google/genai`'s `ApiError` as `mapGenAIError` recognizes it (the name `ApiError`, `status`,
 * the error body as JSON in the message), built without loading the SDK.
 */
class GenAIApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

// What Node's fetch rejects with when the caller's signal or the SDK's attempt timer aborts it.
const aborted = () => new DOMException('This operation was aborted', 'AbortError');

/**
 * The errors `@google/genai` throws, for the lean transport's failures, so that `mapGenAIError`
 * maps both transports' alike: an HTTP error as the SDK's `throwErrorIfNotOK` builds it (a JSON
 * body parsed, a body that is not JSON wrapped in `{ error: { message, code, status } }` with the
 * status text), a failed connection as Node's `fetch failed`, a timeout or an abort as the
 * `AbortError` the SDK's aborted fetch gives.
 */
export const GENAI_LEAN_ERRORS: LeanErrorFactory = {
  status(status, text, headers) {
    let body: unknown;
    if (headers.get('content-type')?.includes('application/json') === true) {
      try {
        body = JSON.parse(text);
      } catch (error) {
        // The SDK's `response.json()` throws the same SyntaxError.
        return error;
      }
    } else {
      // The status text of the standard phrase: `undici`'s pool does not hand over the one sent.
      body = { error: { message: text, code: status, status: STATUS_CODES[status] ?? '' } };
    }
    const message = JSON.stringify(body);
    return status >= 400 && status < 600 ? new GenAIApiError(message, status) : new Error(message);
  },
  connection: (cause) => new TypeError('fetch failed', { cause }),
  timeout: aborted,
  abort: aborted,
};

// The statuses `@google/genai` retries (its DEFAULT_RETRY_HTTP_STATUS_CODES).
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/**
 * `@google/genai`'s retry rule as the SDK transport configures it (`retryOptions`: attempts
 * `maxRetries + 1`, initial delay 0.5 s, at most 8 s): 408, 429, 500, 502, 503 and 504, and an
 * attempt that timed out, are tried again after p-retry's backoff — 0.5 s doubling per retry,
 * times a random factor in [1, 2), at most 8 s; no `retry-after` header is read. A failed
 * connection is not retried: p-retry gives up on the `TypeError` Node's fetch throws for it.
 */
export const GENAI_RETRY_POLICY: LeanRetryPolicy = {
  retryStatus: (status) => RETRY_STATUSES.has(status),
  delayMs: (retriesDone) => Math.min(Math.round((Math.random() + 1) * 500 * 2 ** retriesDone), 8_000),
  retryConnections: false,
};
