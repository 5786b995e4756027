import { AbortedError, APICallError, InterlinguaError, InvalidSettingError } from '@interlingua/core';
import type { AbortContext } from './map-generative-ai-error';

/**
 * Turns what `@google/genai` throws into an Interlingua error, keeping it as `cause`:
 *
 * - `ApiError` (an HTTP error status; its message is the JSON error body) → `APICallError` with
 *   Gemini's own message, `statusCode`, `isRetryable` (408, 409, 429, 5xx), `providerErrorType`
 *   (the `ErrorInfo.reason` of the details, else the google.rpc `status`), `retryAfterSeconds`
 *   (`RetryInfo.retryDelay`) and `responseBody` (the error body as sent);
 * - an abort → `AbortedError` when the caller's signal fired, else the SDK's per-attempt
 *   timeout: a retryable `APICallError`;
 * - Application Default Credentials that cannot be found → `InvalidSettingError`;
 * - anything else (connection refused, reset, DNS) → a retryable `APICallError`.
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 */
export function mapGenAIError(error: unknown, context: AbortContext = {}): Error {
  if (InterlinguaError.isInstance(error)) return error;
  if (context.signal?.aborted === true)
    return new AbortedError({ message: 'The Gemini call was aborted by its AbortSignal.', cause: error });
  if (isApiError(error)) {
    const body = parseErrorBody(error.message);
    const details = Array.isArray(body?.error?.details) ? (body.error.details as Record<string, unknown>[]) : [];
    const info = details.find((detail) => String(detail['@type'] ?? '').endsWith('google.rpc.ErrorInfo'));
    const retry = details.find((detail) => String(detail['@type'] ?? '').endsWith('google.rpc.RetryInfo'));
    const message =
      typeof body?.error?.message === 'string' && body.error.message !== '' ? body.error.message : undefined;
    return new APICallError({
      message: message ?? `Gemini answered HTTP ${error.status}.`,
      statusCode: error.status,
      providerErrorType:
        typeof info?.reason === 'string'
          ? info.reason
          : typeof body?.error?.status === 'string'
            ? body.error.status
            : undefined,
      retryAfterSeconds: parseDuration(retry?.retryDelay),
      responseBody: body ?? error.message,
      cause: error,
    });
  }
  const name = error instanceof Error ? error.name : undefined;
  const text = error instanceof Error ? error.message : String(error);
  if (name === 'AbortError' || name === 'TimeoutError')
    return new APICallError({
      message: `Gemini did not answer within ${context.timeoutMs ?? '?'} ms (the timeout setting).`,
      isRetryable: true,
      cause: error,
    });
  if (/Could not load the default credentials|Unable to detect a Project Id/i.test(text))
    return new InvalidSettingError({
      message: `Expected Google Cloud credentials for Vertex AI (Application Default Credentials: \`gcloud auth application-default login\`, GOOGLE_APPLICATION_CREDENTIALS, or the credentials setting): ${text}`,
      cause: error,
    });
  return new APICallError({ message: `Gemini call failed: ${text}`, isRetryable: true, cause: error });
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; status?: unknown; details?: unknown } };

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

function parseDuration(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

// `@google/genai`'s `ApiError`, recognized by its shape: the SDK is loaded only when a call is made.
function isApiError(error: unknown): error is Error & { status: number } {
  return (
    error instanceof Error && error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number'
  );
}
