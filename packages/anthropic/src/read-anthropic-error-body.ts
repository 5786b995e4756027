import { APICallError } from '@interlingua/core';
import { isRetryableAnthropicErrorType } from './is-retryable-anthropic-error-type';

/**
 * Recognizes the body the Messages API sends instead of an answer — `{ "type": "error",
 * "error": { "type", "message" } }`, also as an `error` stream event — and turns it into the
 * `APICallError` it describes: the provider's message, its `error.type` as `providerErrorType`,
 * retryable for `overloaded_error`, `api_error`, `rate_limit_error` and `timeout_error`.
 * Anything else is `undefined`.
 *
 * @see https://docs.anthropic.com/en/api/errors
 */
export function readAnthropicErrorBody(body: unknown): APICallError | undefined {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'error')) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return undefined;
  const { type, message } = error as { type?: unknown; message?: unknown };
  const providerErrorType = typeof type === 'string' ? type : undefined;
  return new APICallError({
    message: typeof message === 'string' ? message : 'Anthropic answered with an error that gives no message.',
    providerErrorType,
    isRetryable: providerErrorType !== undefined && isRetryableAnthropicErrorType(providerErrorType),
    responseBody: body,
  });
}
