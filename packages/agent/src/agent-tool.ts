import type { NeedsApproval, Tool, ToolArgsValidation, ToolExecutionContext } from '@interlingua/core';

/**
 * A tool the agent can run: any `ExecutableTool` from `defineTool`, the MCP bridge or your
 * own code. `execute` receives arguments already validated (by `validate` when the tool has
 * one, else against `inputSchema` with a JSON-Schema validator).
 */
export type AgentTool = Tool & {
  validate?: (args: unknown) => ToolArgsValidation<unknown>;
  /**
   * Skip validating the model's arguments: `execute` receives them as parsed (always a JSON
   * object; arguments that do not parse are still answered with an error result). For tools
   * whose `execute` checks its input itself, or takes any object, where the schema check per
   * call is work for nothing. Default `false`.
   */
  trusted?: boolean;
  /** Calls wait for a person's approval: always, never (default), or when the predicate says so for the validated input. */
  needsApproval?: NeedsApproval<never>;
  execute: (input: never, context: ToolExecutionContext) => unknown;
};
