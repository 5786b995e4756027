import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** What a served tool's `call` gets besides its arguments. */
export type McpServedToolContext = {
  /** Fires when the client cancels the request (`notifications/cancelled`) or disconnects. */
  signal: AbortSignal;
  /** Sends `notifications/progress` to the client; present only when its request asked for progress. */
  sendProgress: ((progress: { progress: number; total?: number; message?: string }) => Promise<void>) | undefined;
};

/**
 * A tool of the host's own, served beside the bridge's by `createMcpAggregatorServer`: an MCP
 * tool definition and the function that answers its `tools/call`. `createAgentTool` (in the
 * `interlingua` package) builds one that runs an agent.
 */
export type McpServedTool = {
  definition: McpTool;
  call: (args: Record<string, unknown>, context: McpServedToolContext) => Promise<CallToolResult>;
};
