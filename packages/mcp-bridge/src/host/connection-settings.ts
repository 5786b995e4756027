import type { Implementation, LoggingLevel } from '@modelcontextprotocol/client';
import { createFileTokenStore } from '../auth/create-file-token-store';
import type { McpLoginHook } from '../auth/create-oauth-fetch';
import type { McpTokenStore } from '../auth/mcp-token-store';
import type { McpRoot } from '../config/mcp-server-config';
import type { ClientFeatureSettings } from './install-client-features';
import { DEFAULT_MAX_LIST_PAGES } from './list-all-pages';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_RESTART_POLICY,
  type McpBridgeOptions,
  type McpRestartPolicy,
} from './mcp-bridge-options';

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
  /** The host's login hook, for logins and step-ups a server asks for mid-session. */
  login: McpLoginHook | undefined;
};

/**
 * The settings every connection of a bridge shares, from the bridge's options (defaults filled
 * in) and the bridge's own `emit` and `onToolsReplaced`.
 */
export function createConnectionSettings(
  options: McpBridgeOptions,
  defaultRoots: McpRoot[] | false,
  bridge: Pick<ConnectionSettings, 'emit' | 'onToolsReplaced'>,
): ConnectionSettings {
  return {
    clientInfo: options.clientInfo ?? { name: 'interlingua', version: '0.1.0' },
    connectTimeout: options.connectTimeout ?? DEFAULT_CONNECT_TIMEOUT_MS,
    maxListPages: options.maxListPages ?? DEFAULT_MAX_LIST_PAGES,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    closeTimeout: options.closeTimeout ?? DEFAULT_CLOSE_TIMEOUT_MS,
    restart:
      options.restart === false
        ? { ...DEFAULT_RESTART_POLICY, maxAttempts: 0 }
        : { ...DEFAULT_RESTART_POLICY, ...options.restart },
    emit: bridge.emit,
    onToolsReplaced: bridge.onToolsReplaced,
    trace: options.onTrace,
    features: {
      sampling: options.sampling,
      elicitation: options.elicitation,
      urlElicitation: options.urlElicitation,
      relay: options.relay,
      emit: bridge.emit,
    },
    defaultRoots,
    logLevel: options.logLevel,
    tokenStore: options.tokenStore ?? createFileTokenStore(),
    login: options.login,
  };
}
