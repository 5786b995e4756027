import type { Usage } from '../ir/usage';
import type { ErrorCode } from './error-codes';

const marker = Symbol.for('interlingua.error');

/** Options shared by every Interlingua error. */
export type InterlinguaErrorOptions = { message: string; cause?: unknown };

/**
 * The base of every error Interlingua throws. Check with `InterlinguaError.isInstance(e)`,
 * which survives duplicate installs of the package (unlike `instanceof`).
 */
export class InterlinguaError extends Error {
  /** A stable code from `ERROR_CODES`. */
  readonly code: ErrorCode;
  /**
   * The tokens the provider had already billed when a stream failed (from the stream's `error`
   * event): set by `collectStream` and by adapters on an abort thrown mid-stream. Absent when
   * nothing was reported before the failure.
   */
  declare usage?: Usage;
  protected readonly [marker] = true;

  constructor(code: ErrorCode, { message, cause }: InterlinguaErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.name = 'InterlinguaError';
  }

  /** True for any Interlingua error, from any copy of this package. */
  static isInstance(error: unknown): error is InterlinguaError {
    return typeof error === 'object' && error !== null && marker in error;
  }

  /** True when `error` is an Interlingua error with this code. */
  static hasCode<C extends ErrorCode>(error: unknown, code: C): error is InterlinguaError & { code: C } {
    return InterlinguaError.isInstance(error) && error.code === code;
  }
}
