import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A missing or malformed setting, such as an absent API key. */
export class InvalidSettingError extends InterlinguaError {
  /** Where the bad value sits in a settings object or config file (keys and indexes), when known. */
  readonly path: readonly (string | number)[] | undefined;

  constructor(options: { message: string; cause?: unknown; path?: readonly (string | number)[] }) {
    super(ERROR_CODES.INVALID_SETTING, options);
    this.name = 'InvalidSettingError';
    this.path = options.path;
  }

  static override isInstance(error: unknown): error is InvalidSettingError {
    return InterlinguaError.hasCode(error, ERROR_CODES.INVALID_SETTING);
  }
}
