import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** Tool arguments that do not parse, or do not match the tool's input schema. */
export class InvalidToolArgumentsError extends InterlinguaError {
  /** The tool that was called. */
  readonly toolName: string;
  /** The arguments as the model sent them (raw text when they did not parse). */
  readonly toolArgs: unknown;

  constructor(options: { message: string; toolName: string; toolArgs: unknown; cause?: unknown }) {
    super(ERROR_CODES.INVALID_TOOL_ARGUMENTS, options);
    this.name = 'InvalidToolArgumentsError';
    this.toolName = options.toolName;
    this.toolArgs = options.toolArgs;
  }

  static override isInstance(error: unknown): error is InvalidToolArgumentsError {
    return InterlinguaError.hasCode(error, ERROR_CODES.INVALID_TOOL_ARGUMENTS);
  }
}
