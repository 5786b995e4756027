import {
  AbortedError,
  APICallError,
  InterlinguaError,
  InvalidRequestError,
  UnsupportedFunctionalityError,
} from '@interlingua/core';
import { GatewayError } from '../errors/gateway-error';

/**
 * Turns what a backend call threw (or its stream's `error` event held) into a `GatewayError`
 * for the client: an `APICallError` keeps its status (`Retry-After` too) and message, prefixed
 * with the backend — except 401/403, which say the gateway's own credentials for that provider
 * were refused (a 502: the client's key is fine); no status (a reset, a refused connection) is
 * a 502. A request the backend's codec cannot express is a 400. Anything else is a 502 naming the failure. `redact` removes configured secrets.
 */
export function toGatewayError(error: unknown, backend: string, redact: (text: string) => string): GatewayError {
  if (GatewayError.isInstance(error)) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403) {
      return new GatewayError({
        type: 'upstream',
        status: 502,
        message: `${backend} refused the gateway's credentials (${status}): check providers in the gateway config.`,
        cause: error,
      });
    }
    return new GatewayError({
      type: 'upstream',
      status: status ?? 502,
      message: redact(`${backend}: ${error.message}`),
      retryAfterSeconds: error.retryAfterSeconds,
      providerErrorType: error.providerErrorType,
      isRetryable: error.isRetryable,
      cause: error,
    });
  }
  if (InvalidRequestError.isInstance(error) || UnsupportedFunctionalityError.isInstance(error)) {
    // The backend's codec could not express the request: the client's request, not the backend, is at fault.
    return new GatewayError({ type: 'invalid_request', message: `${backend}: ${error.message}`, cause: error });
  }
  if (AbortedError.isInstance(error)) {
    return new GatewayError({
      type: 'timeout',
      message: `${backend}: the call was aborted.`,
      isRetryable: true,
      cause: error,
    });
  }
  const message = InterlinguaError.isInstance(error) || error instanceof Error ? error.message : String(error);
  return new GatewayError({ type: 'upstream', message: redact(`${backend}: ${message}`), cause: error });
}
