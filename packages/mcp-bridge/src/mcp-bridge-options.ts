import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
import type { McpRestartPolicy } from './mcp-server-connection';

/** The per-call timeout when none is given: 60 seconds, the SDK's own request default. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** The bound on starting a server: spawn or connect, initialize handshake, and each tools/list page. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** Three attempts, waiting 250 ms, 500 ms, 1 s (doubling, at most 4 s). */
export const DEFAULT_RESTART_POLICY: McpRestartPolicy = { maxAttempts: 3, initialDelayMs: 250, maxDelayMs: 4000 };

/** Settings of {@link McpBridge.fromConfig}. Every field is optional. */
export type McpBridgeOptions = {
  /**
   * What a server that fails to start does to `fromConfig`: `throw` (the default) closes the
   * servers already started and rethrows; `skip` leaves it out, its error kept in `servers`.
   */
  onServerError?: 'throw' | 'skip';
  /** Bound on each `tools/call`, in milliseconds. Default {@link DEFAULT_CALL_TIMEOUT_MS}. */
  callTimeout?: number;
  /** Bound on starting one server, in milliseconds. Default {@link DEFAULT_CONNECT_TIMEOUT_MS}. */
  connectTimeout?: number;
  /** Bound on pages of one list (tools, resources, prompts). Default 100. */
  maxListPages?: number;
  /** How a server whose connection died is restarted; `false` marks it failed instead. */
  restart?: Partial<McpRestartPolicy> | false;
  /** Where `${env:NAME}` references of the config are looked up. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The `clientInfo` of the initialize handshake. Default `{ name: 'interlingua', version: '0.1.0' }`. */
  clientInfo?: Implementation;
  /** Receives every {@link McpBridgeEvent}; more listeners can join with `subscribe`. */
  onEvent?: (event: McpBridgeEvent) => void;
  /**
   * Receives every JSON-RPC frame of every server, sent and received, in order — the initialize
   * handshake, `notifications/initialized`, `tools/list`, `tools/call` and their results. Errors it
   * throws are ignored.
   */
  onTrace?: (frame: McpTraceFrame) => void;
};

/** Options of one {@link McpBridge.callTool}. */
export type McpCallOptions = {
  /** Reported in events, so the host can match them to the model's call. */
  toolCallId?: string;
  /** Cancels the call (the server is sent `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Overrides the bridge's `callTimeout` for this call. */
  timeout?: number;
};
