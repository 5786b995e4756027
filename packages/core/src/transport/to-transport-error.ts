import { APICallError } from '../errors/api-call-error';
import { InterlinguaError } from '../errors/interlingua-error';
import { describeConnectionFailure } from './describe-connection-failure';

// Node and undici codes of a refused, dropped or timed-out connection.
const CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

// What `fetch` throws (as a TypeError) when the connection fails or drops.
const FETCH_FAILURES = new Set([
  'terminated', // undici: the body was cut off
  'fetch failed', // undici: no connection
  'Failed to fetch', // Chromium
  'NetworkError when attempting to fetch resource.', // Firefox
  'Load failed', // Safari
  'network error',
]);

/**
 * Whether `error`, or an error in its `cause` chain, is a refused, dropped or timed-out
 * connection: fetch's `TypeError: terminated` / `fetch failed`, or a Node / undici code such as
 * `ECONNRESET` or `UND_ERR_SOCKET`.
 */
export function isConnectionError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (name === 'TypeError' && typeof message === 'string' && FETCH_FAILURES.has(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Turns a failure of a transport that is not already an Interlingua error — what an SDK rethrows
 * from `fetch` or from reading a body, beyond its own typed HTTP errors — into an
 * {@link APICallError} without `statusCode`, with the original as `cause`:
 *
 * - a refused, dropped or reset connection (see {@link isConnectionError}) is retryable;
 * - a body that does not parse (`SyntaxError`: a 200 that is not JSON, or JSON cut off) is
 *   retryable, as a cut stream is;
 * - anything else is not retryable.
 *
 * Interlingua errors pass through. Adapters call it last in their error mappers, so no raw
 * `TypeError` or `SyntaxError` ever reaches the caller.
 */
export function toTransportError(error: unknown, provider: string, url?: string): InterlinguaError {
  if (InterlinguaError.isInstance(error)) return error;
  if (isConnectionError(error)) {
    return new APICallError({
      message: describeConnectionFailure(provider, error, url),
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof SyntaxError) {
    return new APICallError({
      message: `Expected ${provider} to answer with JSON, got a body that does not parse: ${error.message}`,
      isRetryable: true,
      cause: error,
    });
  }
  return new APICallError({
    message: `The ${provider} call failed: ${describe(error)}.`,
    isRetryable: false,
    cause: error,
  });
}

// "terminated (other side closed)": the message and, when it says more, its cause's.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause === undefined || cause === '' || cause === error.message ? error.message : `${error.message} (${cause})`;
}
