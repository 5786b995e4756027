import { ERROR_CODES, InterlinguaError, type ModelResponse, type Usage } from '@interlingua/core';

/**
 * The model's answer did not become a valid object: its text is not JSON (even after
 * `repairJsonText`), or it does not match the schema, after every re-ask. Carries the raw text of
 * the last answer, what was wrong with it, and the usage of every attempt.
 */
export class NoObjectGeneratedError extends InterlinguaError {
  /** The text of the last answer, as the model wrote it. */
  readonly text: string;
  /** What was wrong with it: the parse error, or the schema issues (`object.city: …`). */
  readonly issues: string[];
  /** The last answer. */
  readonly response: ModelResponse | undefined;

  constructor(options: {
    message: string;
    text: string;
    issues: string[];
    response: ModelResponse | undefined;
    usage: Usage;
    cause?: unknown;
  }) {
    super(ERROR_CODES.NO_OBJECT_GENERATED, options);
    this.name = 'NoObjectGeneratedError';
    this.text = options.text;
    this.issues = options.issues;
    this.response = options.response;
    this.usage = options.usage;
  }

  static override isInstance(error: unknown): error is NoObjectGeneratedError {
    return InterlinguaError.hasCode(error, ERROR_CODES.NO_OBJECT_GENERATED);
  }
}
