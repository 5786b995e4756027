import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A model string that is not of the form `provider:model`. */
export class InvalidModelIdError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.INVALID_MODEL_ID, options);
    this.name = 'InvalidModelIdError';
  }

  static override isInstance(error: unknown): error is InvalidModelIdError {
    return InterlinguaError.hasCode(error, ERROR_CODES.INVALID_MODEL_ID);
  }
}
