import {
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIRequestInputError,
} from '@google/generative-ai';
import { AbortedError, APICallError, InterlinguaError, InvalidRequestError } from '@interlingua/core';
import { redactError, toTransportError } from '@interlingua/core/adapter';

// google.rpc.Code names for the HTTP statuses Gemini answers with (the SDK keeps only the status).
const RPC_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};
const SDK_PREFIX = '[GoogleGenerativeAI Error]: ';

/** Why a call stopped, when it was aborted: the caller's signal, or our timeout. */
export type AbortContext = {
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** Whether the call's own timeout fired. */
  timedOut?: boolean | undefined;
  /** The timeout, for the message. */
  timeoutMs?: number | undefined;
};

/**
 * Turns what `@google/generative-ai` throws into an Interlingua error, keeping it as `cause`.
 *
 * - `GoogleGenerativeAIFetchError` (an HTTP error status) → `APICallError` whose `message` is
 *   Gemini's own error message, with `statusCode`, `isRetryable` (429, 408, 409, 5xx),
 *   `providerErrorType` (the `ErrorInfo.reason` of the details, else the google.rpc status
 *   name of the HTTP status, e.g. `RESOURCE_EXHAUSTED`), `retryAfterSeconds` (from
 *   `RetryInfo.retryDelay`) and `responseBody` (`{ error: { code, message, details } }`,
 *   rebuilt: the SDK does not keep the raw body);
 * - an abort → `AbortedError` when the caller's signal fired, a retryable `APICallError` when
 *   the timeout did;
 * - a failed fetch (connection refused, DNS) → retryable `APICallError` without status;
 * - a request the SDK refuses (a reserved header) → `InvalidRequestError`;
 * - anything else through `toTransportError` (a dropped connection or a body that is not JSON is
 *   a retryable `APICallError`).
 *
 * The result is passed through `redactError` with `secrets` (the API key): the SDK's messages
 * carry the request URL, which may hold credentials (`https://user:pass@…`, `?key=…`).
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 */
export function mapGenerativeAIError(
  error: unknown,
  context: AbortContext = {},
  secrets: readonly (string | null | undefined)[] = [],
): Error {
  return redactError(toCoreError(error, context), secrets);
}

function toCoreError(error: unknown, context: AbortContext): Error {
  if (InterlinguaError.isInstance(error)) return error;
  if (context.signal?.aborted === true) {
    return new AbortedError({ message: 'The Gemini call was aborted by its AbortSignal.', cause: error });
  }
  if (context.timedOut === true) {
    return new APICallError({
      message: `Gemini did not answer within ${context.timeoutMs ?? '?'} ms (the timeout setting).`,
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof GoogleGenerativeAIFetchError) {
    const status = error.status;
    const details = error.errorDetails;
    const message = providerMessage(error);
    const info = details?.find((detail) => String(detail['@type'] ?? '').endsWith('google.rpc.ErrorInfo'));
    const retry = details?.find((detail) => String(detail['@type'] ?? '').endsWith('google.rpc.RetryInfo'));
    const reason = typeof info?.reason === 'string' ? info.reason : undefined;
    return new APICallError({
      message,
      statusCode: status,
      providerErrorType: reason ?? (status === undefined ? undefined : RPC_STATUS[status]),
      retryAfterSeconds: parseDuration(retry?.retryDelay),
      responseBody: { error: { code: status, message, ...(details === undefined ? {} : { details }) } },
      cause: error,
    });
  }
  if (error instanceof GoogleGenerativeAIAbortError) {
    return new AbortedError({ message: error.message.replace(SDK_PREFIX, ''), cause: error });
  }
  if (error instanceof GoogleGenerativeAIRequestInputError) {
    return new InvalidRequestError({ message: error.message.replace(SDK_PREFIX, ''), cause: error });
  }
  if (error instanceof GoogleGenerativeAIError) {
    // "Error fetching from <url>: fetch failed" — the connection itself failed.
    return new APICallError({ message: error.message.replace(SDK_PREFIX, ''), isRetryable: true, cause: error });
  }
  return toTransportError(error, 'Gemini');
}

// The SDK's message is "[GoogleGenerativeAI Error]: Error fetching from <url>: [<status> <text>] <message> <details JSON>".
function providerMessage(error: GoogleGenerativeAIFetchError): string {
  let text = error.message;
  const marker = `[${error.status} ${error.statusText}] `;
  const at = text.indexOf(marker);
  if (at >= 0) text = text.slice(at + marker.length);
  else text = text.replace(SDK_PREFIX, '');
  if (error.errorDetails !== undefined) {
    const suffix = ` ${JSON.stringify(error.errorDetails)}`;
    if (text.endsWith(suffix)) text = text.slice(0, -suffix.length);
  }
  text = text.trim();
  return text === '' ? `Gemini answered HTTP ${error.status} ${error.statusText ?? ''}`.trim() : text;
}

function parseDuration(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
