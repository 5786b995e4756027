import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A request or history that is not valid IR, or that the target format cannot express. */
export class InvalidRequestError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.INVALID_REQUEST, options);
    this.name = 'InvalidRequestError';
  }

  static override isInstance(error: unknown): error is InvalidRequestError {
    return InterlinguaError.hasCode(error, ERROR_CODES.INVALID_REQUEST);
  }
}
