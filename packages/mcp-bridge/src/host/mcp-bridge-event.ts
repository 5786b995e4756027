import type { Usage, Warning } from '@interlingua/core';
import type { JSONRPCMessage, LoggingLevel } from '@modelcontextprotocol/client';
import type { McpTraceDirection } from '../transports/traced-transport';
import type { McpToolCallError } from './mcp-tool-call-error';

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
  /** The server's `notifications/resources/list_changed`, `…/resources/updated` and `…/prompts/list_changed`. */
  | { type: 'resources-changed'; server: string }
  | { type: 'resource-updated'; server: string; uri: string }
  | { type: 'prompts-changed'; server: string }
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
  /** A server's `notifications/message`, at the level it gave (see `logLevel`). */
  | { type: 'log'; server: string; level: LoggingLevel; logger: string | undefined; data: unknown }
  /**
   * A server's `sampling/createMessage`: `answered` by `model`, `refused` by the approval hook,
   * or `failed` (content the client cannot sample, no model fits, the model failed; `message` says why).
   */
  | {
      type: 'sampling';
      server: string;
      model: string | undefined;
      outcome: 'answered' | 'refused' | 'failed';
      message: string | undefined;
      usage?: Usage;
    }
  /**
   * A server's `elicitation/create` and how it was answered (`invalid`: content that did not fit
   * the form); `mode: 'url'` for a URL-mode request.
   */
  | { type: 'elicitation'; server: string; action: 'accept' | 'decline' | 'cancel' | 'invalid'; mode?: 'url' }
  /** A server's `notifications/elicitation/complete`: the URL-mode interaction it names is done. */
  | { type: 'elicitation-complete'; server: string; elicitationId: string }
  | { type: 'call-error'; server: string; tool: string; toolCallId: string | undefined; error: McpToolCallError };
