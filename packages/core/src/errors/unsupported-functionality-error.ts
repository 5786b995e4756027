import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A feature the provider or model lacks and that cannot be degraded into a warning. */
export class UnsupportedFunctionalityError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.UNSUPPORTED_FUNCTIONALITY, options);
    this.name = 'UnsupportedFunctionalityError';
  }

  static override isInstance(error: unknown): error is UnsupportedFunctionalityError {
    return InterlinguaError.hasCode(error, ERROR_CODES.UNSUPPORTED_FUNCTIONALITY);
  }
}
