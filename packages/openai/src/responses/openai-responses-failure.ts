import { APICallError } from '@interlingua/core';

// Response error codes worth retrying: the server's own failure and rate limits.
const RETRYABLE_CODES = new Set(['server_error', 'rate_limit_exceeded']);

/**
 * The error of a failed response (`status: "failed"` with `error: { code, message }`, or a
 * stream's `response.failed` / `error` event), as an `APICallError` whose `providerErrorType`
 * is the code; `server_error` and `rate_limit_exceeded` are retryable.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-error
 */
export function openAIResponsesFailure(
  error: { code?: string | null | undefined; message?: string | null | undefined } | null | undefined,
  responseBody: unknown,
): APICallError {
  const code = error?.code ?? undefined;
  return new APICallError({
    message: error?.message ?? 'The response failed without an error message.',
    providerErrorType: code,
    isRetryable: code !== undefined && RETRYABLE_CODES.has(code),
    responseBody,
  });
}
