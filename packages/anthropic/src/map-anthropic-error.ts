// The SDK's error classes only (the same classes its entry exports): the client is loaded lazily.
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/core/error';
import { AbortedError, APICallError, InterlinguaError } from '@interlingua/core';
import { describeConnectionFailure, redactError, toTransportError } from '@interlingua/core/adapter';
import { anthropicErrorBodySchema } from './anthropic-api';
import { isRetryableAnthropicErrorType } from './is-retryable-anthropic-error-type';

/**
 * Turns whatever the Anthropic SDK threw into an Interlingua error, keeping it as `cause`:
 * an abort becomes `AbortedError`; an HTTP error becomes `APICallError` whose `message` is the
 * provider's own message, with `statusCode`, `providerErrorType` (`error.type`), `responseBody`,
 * `retryAfterSeconds` (from `retry-after`) and `isRetryable` (408, 409, 429, 5xx and 529
 * overloaded, connection failures). Anything else goes through `toTransportError`: a dropped
 * connection (fetch's `TypeError: terminated`) or a body that is not JSON is a retryable
 * `APICallError`. Interlingua errors pass through. The result is passed through `redactError`
 * with `secrets` (the API key), so no key or credential URL is left in it or its causes. With
 * `url` (the endpoint called), a connection failure names it, with its root cause.
 *
 * @see https://docs.anthropic.com/en/api/errors
 */
export function mapAnthropicError(
  error: unknown,
  signal?: AbortSignal,
  secrets: readonly (string | null | undefined)[] = [],
  url?: string,
): InterlinguaError {
  return redactError(toCoreError(error, signal, url), secrets);
}

function toCoreError(error: unknown, signal: AbortSignal | undefined, url: string | undefined): InterlinguaError {
  if (InterlinguaError.isInstance(error)) return error;
  if (error instanceof APIUserAbortError || signal?.aborted === true) {
    return new AbortedError({ message: 'The Anthropic call was aborted.', cause: error });
  }
  if (error instanceof APIConnectionError) {
    // The SDK says only "Connection error."; the URL and the root cause say what to fix.
    return new APICallError({
      message: describeConnectionFailure('Anthropic', error, url),
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof APIError) {
    const body = anthropicErrorBodySchema.safeParse(error.error);
    const type = body.success ? body.data.error.type : (error.type ?? undefined);
    const status = typeof error.status === 'number' ? error.status : undefined;
    return new APICallError({
      message: body.success ? body.data.error.message : error.message,
      statusCode: status,
      providerErrorType: type,
      responseBody: error.error,
      retryAfterSeconds: parseRetryAfter(error.headers),
      ...(status === undefined && type !== undefined ? { isRetryable: isRetryableAnthropicErrorType(type) } : {}),
      cause: error,
    });
  }
  return toTransportError(error, 'Anthropic', url);
}

function parseRetryAfter(headers: Headers | undefined): number | undefined {
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds / 1000;
  const value = headers?.get('retry-after');
  if (value === null || value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
