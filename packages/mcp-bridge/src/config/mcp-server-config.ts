import type { McpOAuthConfig } from './mcp-oauth-config';
import type { McpProtocolSetting } from './mcp-protocol-setting';
import type { McpToolPolicy } from './mcp-tool-policy';

/** A root offered to a server: a `file://` URI and a name (`roots/list`). */
export type McpRoot = { uri: string; name?: string };

/** A server started as a child process and spoken to over stdin/stdout. */
export type McpStdioServerConfig = {
  type: 'stdio';
  /** The executable; looked up on the child's `PATH`. */
  command: string;
  args: string[];
  /** Variables added to the safe default environment; nothing else of the parent's reaches the child. */
  env: Record<string, string>;
  cwd?: string;
  /** The protocol era (`protocol` in the config); absent: `auto`, a probe then a fallback. */
  protocol?: McpProtocolSetting;
  /** The roots offered to this server (`roots` in the config); `false`: none, and no roots capability. */
  roots?: McpRoot[] | false;
  /** Which tools need approval and which are deferred (`approval`, `deferLoading` in the config). */
  toolPolicy?: McpToolPolicy;
};

/**
 * A remote server. `http` is Streamable HTTP; with `fallbackToSse` (a config that named no
 * transport) a server that does not speak it is retried over the legacy HTTP+SSE transport.
 */
export type McpRemoteServerConfig = {
  type: 'http' | 'sse';
  url: string;
  headers: Record<string, string>;
  /** True when the config did not force a transport: try Streamable HTTP, then SSE. */
  fallbackToSse: boolean;
  /**
   * OAuth (`"oauth"` in the config). Absent: the authorization code grant with a stored login,
   * used when the server answers 401. `false`: no OAuth (a server with its own `Authorization` header).
   */
  oauth?: McpOAuthConfig | false;
  /** The protocol era (`protocol` in the config); absent: `auto`, a probe then a fallback. */
  protocol?: McpProtocolSetting;
  /** The roots offered to this server (`roots` in the config); `false`: none, and no roots capability. */
  roots?: McpRoot[] | false;
  /** Which tools need approval and which are deferred (`approval`, `deferLoading` in the config). */
  toolPolicy?: McpToolPolicy;
};

/** One server of an mcp.json, validated and with every `${env:NAME}` reference resolved. */
export type McpServerConfig = McpStdioServerConfig | McpRemoteServerConfig;
