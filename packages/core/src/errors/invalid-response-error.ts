import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A provider body or stream the codec cannot read. `cause` keeps the parse failure. */
export class InvalidResponseError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.INVALID_RESPONSE, options);
    this.name = 'InvalidResponseError';
  }

  static override isInstance(error: unknown): error is InvalidResponseError {
    return InterlinguaError.hasCode(error, ERROR_CODES.INVALID_RESPONSE);
  }
}
