import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A failed provider HTTP call. */
export class APICallError extends InterlinguaError {
  /** HTTP status, when the server answered. */
  readonly statusCode: number | undefined;
  /** Whether retrying the same call may succeed (429, 408, 409, 5xx, connection errors). */
  readonly isRetryable: boolean;
  /** The provider's error type, e.g. `rate_limit_error`, `overloaded_error`. */
  readonly providerErrorType: string | undefined;
  /** The response body as received, when there was one. */
  readonly responseBody: unknown;
  /** Seconds the provider asked us to wait (`retry-after`), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    message: string;
    statusCode?: number | undefined;
    isRetryable?: boolean;
    providerErrorType?: string | undefined;
    responseBody?: unknown;
    retryAfterSeconds?: number | undefined;
    cause?: unknown;
  }) {
    super(ERROR_CODES.API_CALL_ERROR, options);
    this.name = 'APICallError';
    this.statusCode = options.statusCode;
    this.isRetryable = options.isRetryable ?? isRetryableStatus(options.statusCode);
    this.providerErrorType = options.providerErrorType;
    this.responseBody = options.responseBody;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  static override isInstance(error: unknown): error is APICallError {
    return InterlinguaError.hasCode(error, ERROR_CODES.API_CALL_ERROR);
  }
}

/** Whether an HTTP status is worth retrying: no status (connection failure), 408, 409, 429, and 5xx. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}
