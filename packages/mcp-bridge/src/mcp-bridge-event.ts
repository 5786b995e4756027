import type { Warning } from '@interlingua/core';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolCallError } from './mcp-tool-call-error';
import type { McpTraceDirection } from './traced-transport';

/** One JSON-RPC frame on one server's connection, as the trace hook sees it. */
export type McpTraceFrame = {
  server: string;
  direction: McpTraceDirection;
  /** The frame as sent or received. Read it; do not change it. */
  message: JSONRPCMessage;
};

/**
 * What the bridge reports to the host while it runs. Failures of a call come in two kinds:
 * `tool-error` (the tool ran and returned `isError: true`; the model sees its text) and
 * `call-error` (the call produced no tool result; `error.reason` says why).
 */
export type McpBridgeEvent =
  | { type: 'server-connected'; server: string; protocolVersion: string | undefined; toolCount: number }
  | { type: 'server-error'; server: string; error: Error }
  | { type: 'server-disconnected'; server: string }
  | { type: 'server-restarting'; server: string; attempt: number; delayMs: number }
  | { type: 'server-restarted'; server: string; attempt: number }
  | { type: 'tools-changed'; server: string }
  | { type: 'tools-refreshed'; server: string; toolCount: number }
  | { type: 'warning'; server: string; warning: Warning }
  | { type: 'stderr'; server: string; text: string }
  | {
      type: 'progress';
      server: string;
      tool: string;
      toolCallId: string | undefined;
      progress: number;
      total: number | undefined;
      message: string | undefined;
    }
  | {
      type: 'result-truncated';
      server: string;
      tool: string;
      toolCallId: string | undefined;
      /** Bytes of text in the result the server sent. */
      textBytes: number;
      /** Bytes left out to fit `maxResultBytes`. */
      cutBytes: number;
    }
  | { type: 'tool-error'; server: string; tool: string; toolCallId: string | undefined; text: string }
  | { type: 'call-error'; server: string; tool: string; toolCallId: string | undefined; error: McpToolCallError };
