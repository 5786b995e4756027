import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A tool's `execute` threw or timed out; `cause` holds what was thrown. */
export class ToolExecutionError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.TOOL_EXECUTION_ERROR, options);
    this.name = 'ToolExecutionError';
  }

  static override isInstance(error: unknown): error is ToolExecutionError {
    return InterlinguaError.hasCode(error, ERROR_CODES.TOOL_EXECUTION_ERROR);
  }
}
