import { APICallError } from '@interlingua/core';
import { isRetryableStatus } from '@interlingua/core/adapter';

/**
 * Recognizes the body a Chat Completions server sends instead of an answer — `{ "error": {
 * "message", "type", "code" } }` (OpenAI, vLLM, most compatible servers) or `{ "error": "…" }`
 * (Ollama) — as a response body or a stream chunk, and turns it into the `APICallError` it
 * describes: the server's message, `type` as `providerErrorType`, a numeric HTTP `code` as
 * `statusCode`. Retryable for a 408/409/429/5xx code, a `server_error`, or a rate limit.
 * Anything else is `undefined`.
 *
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export function readOpenAIErrorBody(body: unknown): APICallError | undefined {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'error')) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error === 'string') {
    return new APICallError({ message: error, isRetryable: false, responseBody: body });
  }
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return undefined;
  const { message, type, code } = error as { message?: unknown; type?: unknown; code?: unknown };
  const statusCode =
    typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : undefined;
  const providerErrorType = typeof type === 'string' ? type : undefined;
  return new APICallError({
    message: typeof message === 'string' ? message : 'The server answered with an error body that gives no message.',
    statusCode,
    providerErrorType,
    isRetryable:
      statusCode === undefined
        ? providerErrorType === 'server_error' || code === 'rate_limit_exceeded'
        : isRetryableStatus(statusCode),
    responseBody: body,
  });
}
