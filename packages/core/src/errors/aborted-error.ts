import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** The caller's `AbortSignal` fired before the work completed. */
export class AbortedError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.ABORTED, options);
    this.name = 'AbortedError';
  }

  static override isInstance(error: unknown): error is AbortedError {
    return InterlinguaError.hasCode(error, ERROR_CODES.ABORTED);
  }
}
