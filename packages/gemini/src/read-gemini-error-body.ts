import { APICallError } from '@interlingua/core';
import { isRetryableStatus } from '@interlingua/core/adapter';

/**
 * Recognizes the body Gemini sends instead of an answer — `{ "error": { "code", "message",
 * "status" } }`, as a response body or inside an open stream — and turns it into the
 * `APICallError` it describes: the provider's message, `code` as `statusCode` (and
 * retryability: 408, 409, 429, 5xx), `status` (`RESOURCE_EXHAUSTED`, …) as `providerErrorType`.
 * Anything else is `undefined`.
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 */
export function readGeminiErrorBody(body: unknown): APICallError | undefined {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'error')) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return undefined;
  const { code, message, status } = error as { code?: unknown; message?: unknown; status?: unknown };
  const statusCode =
    typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : undefined;
  return new APICallError({
    message: typeof message === 'string' ? message : 'Gemini answered with an error that gives no message.',
    statusCode,
    isRetryable: statusCode !== undefined && isRetryableStatus(statusCode),
    ...(typeof status === 'string' ? { providerErrorType: status } : {}),
    responseBody: body,
  });
}
