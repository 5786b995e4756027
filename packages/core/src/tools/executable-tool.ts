import type { Message } from '../ir/message';
import type { Tool } from '../ir/tool';
import type { NeedsApproval } from './needs-approval';

/** What an executor learns about the call it serves. */
export type ToolExecutionContext = {
  /** The id of the call being answered. */
  toolCallId: string;
  /** Fires when the run is aborted or the call timed out; long-running tools should stop. */
  signal: AbortSignal;
  /** The history up to and including the assistant turn that made the call. */
  messages: readonly Message[];
};

/** The outcome of validating arguments against a tool's input schema. */
export type ToolArgsValidation<T> = { success: true; value: T } | { success: false; error: string };

/**
 * A {@link Tool} plus the function that runs it. The data fields are what codecs send;
 * `execute` and `validate` stay on this side of the wire.
 */
export type ExecutableTool<Input = unknown> = Tool & {
  /**
   * Checks and converts raw arguments. Absent for plain JSON-Schema tools: the agent then
   * validates against `inputSchema` itself.
   */
  validate?: (args: unknown) => ToolArgsValidation<Input>;
  /** Whether a call waits for a person's approval before it runs (default never); see `docs/approval.md`. */
  needsApproval?: NeedsApproval<Input>;
  /** Runs the tool on validated input. May return a string, any JSON value, or a `ToolOutput`. */
  execute: (input: Input, context: ToolExecutionContext) => unknown;
};
