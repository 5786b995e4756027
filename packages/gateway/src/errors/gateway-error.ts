import { ERROR_CODES, InterlinguaError } from '@interlingua/core';

/**
 * Why the gateway refused or failed a request. Closed, pinned by a test: each inbound format
 * maps every type to its own error shape, so a new type has to be added to each of them.
 */
export const GATEWAY_ERROR_TYPES = {
  /** The body is not JSON, or not a request of the route's format. */
  invalid_request: 'invalid_request',
  /** No key, or a key the gateway does not know (or revoked). */
  authentication: 'authentication',
  /** The key may not use this model. */
  permission: 'permission',
  /** An unknown model or path. */
  not_found: 'not_found',
  /** A path the gateway serves, with another method. */
  method_not_allowed: 'method_not_allowed',
  /** The body is larger than `limits.maxBodyBytes`. */
  request_too_large: 'request_too_large',
  /** A requests- or tokens-per-minute limit of the key, the model or the backend. */
  rate_limit: 'rate_limit',
  /** The key's budget for the period is spent. */
  budget_exceeded: 'budget_exceeded',
  /** `limits.maxConcurrent` requests are in flight, or the gateway is shutting down. */
  overloaded: 'overloaded',
  /** Every backend of the model is cooling down after repeated failures. */
  unavailable: 'unavailable',
  /** The backend did not answer within `timeoutMs`. */
  timeout: 'timeout',
  /** The backend answered with an error (its status is passed through). */
  upstream: 'upstream',
  /** A bug in the gateway. */
  internal: 'internal',
} as const;

/** One of {@link GATEWAY_ERROR_TYPES}. */
export type GatewayErrorType = (typeof GATEWAY_ERROR_TYPES)[keyof typeof GATEWAY_ERROR_TYPES];

/** The status each type answers with when the error does not carry its own (upstream errors do). */
export const GATEWAY_ERROR_STATUS: Readonly<Record<GatewayErrorType, number>> = {
  invalid_request: 400,
  authentication: 401,
  permission: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_too_large: 413,
  rate_limit: 429,
  budget_exceeded: 429,
  overloaded: 503,
  unavailable: 503,
  timeout: 504,
  upstream: 502,
  internal: 500,
};

/**
 * A request the gateway refused or could not serve: an HTTP status, a closed type, a message
 * saying what was expected, and for 429/503 how long to wait. Each inbound format renders it
 * in its own error shape.
 */
export class GatewayError extends InterlinguaError {
  /** The closed type; decides the wire error type of each format. */
  readonly type: GatewayErrorType;
  /** The HTTP status to answer with. */
  readonly status: number;
  /** Seconds to put in `Retry-After`, when there is a wait that would help. */
  readonly retryAfterSeconds: number | undefined;
  /** The backend's own error type (`rate_limit_error`, `overloaded_error`, …), for upstream errors. */
  readonly providerErrorType: string | undefined;
  /** Whether another backend might serve the same request (used by the router). */
  readonly isRetryable: boolean;

  constructor(options: {
    type: GatewayErrorType;
    message: string;
    status?: number;
    retryAfterSeconds?: number | undefined;
    providerErrorType?: string | undefined;
    isRetryable?: boolean;
    cause?: unknown;
  }) {
    super(ERROR_CODES.GATEWAY_ERROR, options);
    this.name = 'GatewayError';
    this.type = options.type;
    this.status = options.status ?? GATEWAY_ERROR_STATUS[options.type];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.providerErrorType = options.providerErrorType;
    this.isRetryable = options.isRetryable ?? false;
  }

  static override isInstance(error: unknown): error is GatewayError {
    return InterlinguaError.hasCode(error, ERROR_CODES.GATEWAY_ERROR);
  }
}
