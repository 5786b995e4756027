import type { Tool, ToolArgsValidation, ToolExecutionContext } from '@interlingua/core';

/**
 * A tool the agent can run: any `ExecutableTool` from `defineTool`, the MCP bridge or your
 * own code. `execute` receives arguments already validated (by `validate` when the tool has
 * one, else against `inputSchema` with a JSON-Schema validator).
 */
export type AgentTool = Tool & {
  validate?: (args: unknown) => ToolArgsValidation<unknown>;
  execute: (input: never, context: ToolExecutionContext) => unknown;
};
