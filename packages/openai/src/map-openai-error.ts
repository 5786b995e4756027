import { AbortedError, APICallError, type InterlinguaError } from '@interlingua/core';
import { describeConnectionFailure, isRetryableStatus, redactError, toTransportError } from '@interlingua/core/adapter';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai/error';
import { openaiErrorBodySchema } from './openai-api';

/**
 * Turns what the `openai` SDK threw into a core error: `AbortedError` for a cancelled call,
 * `APICallError` for an HTTP or connection failure (with the provider's own message, status,
 * error type, body, `retry-after` and `isRetryable` for 408/409/429/5xx and connection
 * errors). Anything else goes through `toTransportError`: a dropped connection (fetch's
 * `TypeError: terminated`) or a 200 whose body is not JSON (`SyntaxError`) is a retryable
 * `APICallError`. The original is kept as `cause`, and the result is passed through
 * `redactError` with `secrets` (the API key), so no key or credential URL is left in it. With
 * `url` (the endpoint called), a connection failure names it, with its root cause.
 *
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export function mapOpenAIError(
  error: unknown,
  signal?: AbortSignal,
  secrets: readonly (string | null | undefined)[] = [],
  url?: string,
): InterlinguaError {
  return redactError(toCoreError(error, signal, url), secrets);
}

function toCoreError(error: unknown, signal: AbortSignal | undefined, url: string | undefined): InterlinguaError {
  if (error instanceof APIUserAbortError || (signal?.aborted === true && isAbort(error))) {
    return new AbortedError({ message: 'The OpenAI call was aborted.', cause: error });
  }
  if (error instanceof APIConnectionError) {
    // The SDK says only "Connection error."; the URL and the root cause say what to fix.
    return new APICallError({
      message: describeConnectionFailure('OpenAI', error, url),
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof APIError) {
    const status = error.status;
    // The SDK keeps `body.error` as `error.error`; rebuild the body the server sent.
    const responseBody = error.error === undefined ? undefined : { error: error.error };
    const parsed = openaiErrorBodySchema.safeParse(responseBody);
    const message = parsed.success ? parsed.data.error.message : error.message;
    const providerErrorType = parsed.success ? (parsed.data.error.type ?? undefined) : error.type;
    return new APICallError({
      message,
      statusCode: status,
      isRetryable: isRetryableStatus(status),
      providerErrorType: providerErrorType ?? undefined,
      responseBody,
      retryAfterSeconds: retryAfter(error.headers),
      cause: error,
    });
  }
  return toTransportError(error, 'OpenAI', url);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError');
}

function retryAfter(headers: Headers | undefined): number | undefined {
  const milliseconds = headers?.get('retry-after-ms');
  if (milliseconds) {
    const value = Number.parseFloat(milliseconds);
    if (!Number.isNaN(value)) return value / 1000;
  }
  const header = headers?.get('retry-after');
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (!Number.isNaN(seconds)) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
