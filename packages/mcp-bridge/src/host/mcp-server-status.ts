import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/client';
import type { McpProtocolEra, McpTransportKind } from '../transports/connect-mcp-client';

/** What the bridge knows about one configured server: its state, its handshake, its last error. */
export type McpServerStatus = {
  /** The server's name in the config. */
  name: string;
  /** `failed` keeps `error`; `restarting` serves calls once it is back. */
  state: 'connecting' | 'connected' | 'restarting' | 'failed' | 'closed';
  /** The transport in use; `sse` for a remote server that fell back from Streamable HTTP. */
  transport: McpTransportKind | undefined;
  /** The child's process id, for stdio servers. */
  pid: number | undefined;
  /** The protocol version the client and the server agreed on (by `initialize`, or `server/discover`). */
  protocolVersion: string | undefined;
  /**
   * The protocol era the server was reached in: `modern` (2026-07-28: no handshake, per-request
   * `_meta`) or `legacy` (the `initialize` handshake of 2024-11-05 … 2025-11-25). Undefined until connected.
   */
  era?: McpProtocolEra | undefined;
  serverInfo: Implementation | undefined;
  capabilities: ServerCapabilities | undefined;
  instructions: string | undefined;
  /** How many tools the bridge offers from this server. */
  toolCount: number;
  /** Successful restarts so far. */
  restarts: number;
  /** Why the server failed to start or was given up on. */
  error: Error | undefined;
  /** The last few kilobytes the server wrote to stderr (stdio only). */
  stderr: string;
};
