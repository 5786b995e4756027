const retryableErrorTypes = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'timeout_error']);

/**
 * Whether an Anthropic error type is worth retrying: `overloaded_error`, `api_error`,
 * `rate_limit_error`, `timeout_error`.
 *
 * @see https://docs.anthropic.com/en/api/errors
 */
export function isRetryableAnthropicErrorType(type: string): boolean {
  return retryableErrorTypes.has(type);
}
