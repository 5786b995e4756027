import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A call to a tool name that was not offered to the model. */
export class NoSuchToolError extends InterlinguaError {
  /** The name the model asked for. */
  readonly toolName: string;
  /** The names that were available. */
  readonly availableTools: readonly string[];

  constructor(options: { toolName: string; availableTools: readonly string[]; message?: string }) {
    super(ERROR_CODES.NO_SUCH_TOOL, {
      message:
        options.message ??
        `Expected one of the tools [${options.availableTools.join(', ')}], got "${options.toolName}".`,
    });
    this.name = 'NoSuchToolError';
    this.toolName = options.toolName;
    this.availableTools = options.availableTools;
  }

  static override isInstance(error: unknown): error is NoSuchToolError {
    return InterlinguaError.hasCode(error, ERROR_CODES.NO_SUCH_TOOL);
  }
}
