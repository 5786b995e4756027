import type { Implementation, LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { ClientFeatureSettings } from './install-client-features';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
import type { McpRoot } from './mcp-server-config';
import type { McpTokenStore } from './mcp-token-store';

/** How a server whose connection died is brought back. */
export type McpRestartPolicy = {
  /** Attempts in a row before the server is marked failed; 0 disables restarts. */
  maxAttempts: number;
  /** The wait before the first attempt; doubled each time. */
  initialDelayMs: number;
  maxDelayMs: number;
};

/** What every connection shares with the bridge. */
export type ConnectionSettings = {
  clientInfo: Implementation;
  connectTimeout: number;
  maxListPages: number;
  maxMessageBytes: number;
  closeTimeout: number;
  restart: McpRestartPolicy;
  emit: (event: McpBridgeEvent) => void;
  /** Called when a server's tools were replaced or withdrawn, so the bridge rebuilds its routes. */
  onToolsReplaced: () => void;
  trace: ((frame: McpTraceFrame) => void) | undefined;
  /** Sampling and elicitation hooks, shared by every connection. */
  features: ClientFeatureSettings;
  /** The roots of a server whose config names none; `false` declares no roots capability. */
  defaultRoots: McpRoot[] | false;
  /** Sent as `logging/setLevel` to each server that declares logging, after every (re)connect. */
  logLevel: LoggingLevel | undefined;
  /** Remote servers' OAuth logins. */
  tokenStore: McpTokenStore;
};
