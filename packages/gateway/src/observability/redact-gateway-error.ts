import { GatewayError } from '../errors/gateway-error';

/**
 * The error with its message redacted, for an error body, a stream's error event or the log
 * line: messages quote what the caller sent (a model name, a tool call id, a backend's answer
 * echoing a tool name), and a caller may have typed a secret there. The same error when there
 * is nothing to redact.
 */
export function redactGatewayError(error: GatewayError, redact: (text: string) => string): GatewayError {
  const message = redact(error.message);
  if (message === error.message) return error;
  return new GatewayError({
    type: error.type,
    message,
    status: error.status,
    retryAfterSeconds: error.retryAfterSeconds,
    providerErrorType: error.providerErrorType,
    isRetryable: error.isRetryable,
    cause: error.cause,
  });
}
