import type {
  CompatibilityCallToolResult,
  Implementation,
  InputRequiredResult,
  LoggingLevel,
  Progress,
} from '@modelcontextprotocol/client';
import type { McpLoginHook } from '../auth/create-oauth-fetch';
import type { McpTokenStore } from '../auth/mcp-token-store';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
import type { McpTelemetryOptions } from './mcp-call-span';
import type { McpElicitationHandler, McpSamplingOptions, McpUrlElicitationHandler } from './mcp-host-hooks';
import type { McpRequestRelay } from './mcp-request-relay';
import type { McpInputRound } from './send-mcp-tool-call';

/** The per-call timeout when none is given: 60 seconds, the SDK's own request default. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** The bound on starting a server: spawn or connect, initialize handshake, and each tools/list page. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** The largest JSON-RPC message a stdio server may send: 10 MiB, the MCP SDK's own stdio limit. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** The most text of one tool result that goes to the model: 100,000 bytes, about 25,000 tokens of English. */
export const DEFAULT_MAX_RESULT_BYTES = 100_000;
/** How long `close()` waits for a stdio server to exit after stdin closes, and again after SIGTERM. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 2000;
/** How a server whose connection died is brought back. */
export type McpRestartPolicy = {
  /** Attempts in a row before the server is marked failed; 0 disables restarts. */
  maxAttempts: number;
  /** The wait before the first attempt; doubled each time. */
  initialDelayMs: number;
  maxDelayMs: number;
};

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
  /**
   * The largest message a stdio server may send, in bytes. A larger tool result is answered with
   * an error naming its size and this limit (reason `result-too-large`); the server stays
   * connected. Default {@link DEFAULT_MAX_MESSAGE_BYTES}. HTTP transports have no such limit.
   */
  maxMessageBytes?: number;
  /**
   * The most text of one tool result (UTF-8 bytes) handed on; the rest is cut, with a note saying
   * how much, and a `result-truncated` event. `Infinity` hands everything on. Default
   * {@link DEFAULT_MAX_RESULT_BYTES}.
   */
  maxResultBytes?: number;
  /**
   * How long `close()` waits for a stdio server to exit once its stdin is closed, and again after
   * SIGTERM, before SIGKILL ends its process group. Default {@link DEFAULT_CLOSE_TIMEOUT_MS}.
   */
  closeTimeout?: number;
  /**
   * What `${workspaceFolder}` (and `${workspaceFolderBasename}`) stand for in the config. Default:
   * the folder of the config file (its parent when that folder is `.vscode` or `.cursor`), or the
   * current directory for a config passed as an object.
   */
  workspaceFolder?: string;
  /**
   * The roots (`roots/list`) of every server whose config names none: folders (relative to the
   * workspace folder) or `file://` URIs. Default: the workspace folder. `false` declares no roots
   * capability. A server's own `"roots"` in the config wins; `bridge.setRoots` changes them later.
   * Note that server-filesystem replaces the folders of its command line with the client's roots.
   */
  roots?: readonly string[] | false;
  /**
   * Answers servers' `sampling/createMessage` with the host's models, after the host approves.
   * Without it the bridge declares no sampling capability.
   */
  sampling?: McpSamplingOptions;
  /**
   * Answers servers' `elicitation/create` (form mode); fields left out get the schema's defaults.
   * Without it (and without `urlElicitation`) no elicitation capability is declared.
   */
  elicitation?: McpElicitationHandler;
  /**
   * Answers URL-mode `elicitation/create` (show the message and URL, open it with the user's
   * consent). Without it URL mode is not declared and such requests are refused.
   */
  urlElicitation?: McpUrlElicitationHandler;
  /**
   * Passes servers' sampling, elicitation and roots requests on as they are (an aggregator's
   * `createMcpRequestRelay().relay`), in place of `sampling`, `elicitation` and `roots`; every
   * server is told the client samples, elicits (form and URL) and has roots.
   */
  relay?: McpRequestRelay;
  /**
   * Sent as `logging/setLevel` to every server that declares logging, on connect and after each
   * restart; its `notifications/message` arrive as `log` events. Default: the server's own level.
   */
  logLevel?: LoggingLevel;
  /**
   * Where remote servers' OAuth logins (from `loginMcpServer` / `interlingua mcp login`) are read,
   * and refreshed tokens written. Default: `createFileTokenStore()`, owner-only files in the user's
   * config directory. A server without a login that answers 401 fails with an `McpAuthError`.
   */
  tokenStore?: McpTokenStore;
  /**
   * Lets the bridge run an OAuth login itself when a remote server asks for one: a 401 with no
   * usable login, or a 403 `insufficient_scope` mid-session (step-up: the granted scope plus the
   * one asked for). It shows the authorization URL to the user (the CLI prints it and opens the
   * browser); the call waits for the login and is retried once. Without it — a server process —
   * such a call fails with an `McpAuthError` whose message says how to log in, and with which scope.
   */
  login?: McpLoginHook;
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
  /**
   * OpenTelemetry: each `tools/call` is a `tools/call {tool}` client span (a child of the
   * active span) when `@opentelemetry/api` is installed; contents only with `recordContent`.
   */
  telemetry?: McpTelemetryOptions;
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

/** What {@link McpBridge.forwardToolCall} resolves with: the server's result (`input_required` only with `input`). */
export type McpForwardedResult = CompatibilityCallToolResult | InputRequiredResult;

/** Options of one {@link McpBridge.forwardToolCall}. */
export type McpForwardCallOptions = {
  /** Cancels the call (the server is sent `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Overrides the bridge's `callTimeout` for this call. */
  timeout?: number;
  /** Receives the server's progress for this call; the request carries a progress token only with it. */
  onProgress?: (progress: Progress) => void;
  /**
   * The round of a downstream client's multi-round-trip call, for a server spoken to in the
   * 2026-07-28 era: its answers and `requestState` go upstream, its capabilities replace the
   * bridge's, and an `input_required` result resolves as it is. A legacy server ignores it (its
   * requests to the client go to the `relay`).
   */
  input?: McpInputRound;
};
