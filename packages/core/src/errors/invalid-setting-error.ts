import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A missing or malformed setting, such as an absent API key. */
export class InvalidSettingError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.INVALID_SETTING, options);
    this.name = 'InvalidSettingError';
  }

  static override isInstance(error: unknown): error is InvalidSettingError {
    return InterlinguaError.hasCode(error, ERROR_CODES.INVALID_SETTING);
  }
}
