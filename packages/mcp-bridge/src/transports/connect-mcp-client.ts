import {
  Client,
  type ClientCapabilities,
  type Implementation,
  type JSONRPCMessage,
  SdkError,
  SdkErrorCode,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
  type VersionNegotiationOptions,
} from '@modelcontextprotocol/client';
import { createOAuthFetch, type McpLoginHook } from '../auth/create-oauth-fetch';
import type { McpTokenStore } from '../auth/mcp-token-store';
import type { McpProtocolSetting } from '../config/mcp-protocol-setting';
import type { McpRemoteServerConfig, McpServerConfig } from '../config/mcp-server-config';
import { authErrorIn, isAuthRefusal } from './is-auth-refusal';
import { StdioProcessTransport } from './stdio-process-transport';
import { type McpTraceDirection, TracedTransport } from './traced-transport';

/** The transport a connection ended up on. */
export type McpTransportKind = 'stdio' | 'http' | 'sse';

/**
 * The protocol era a connection was reached in: `modern` is 2026-07-28 (no handshake, per-request
 * `_meta`), `legacy` the `initialize` handshake of 2024-11-05 … 2025-11-25.
 */
export type McpProtocolEra = 'modern' | 'legacy';

/** What {@link connectMcpClient} needs besides the server's config. */
export type ConnectMcpClientOptions = {
  clientInfo: Implementation;
  /** What the client declares in `initialize` (roots, sampling, elicitation). */
  capabilities: ClientCapabilities;
  /** Bound on the initialize handshake, in milliseconds. */
  timeout: number;
  observe: (direction: McpTraceDirection, message: JSONRPCMessage) => void;
  /** Registers notification handlers on a fresh client before it connects. */
  setup: (client: Client) => void;
  onStderr: (text: string) => void;
  /** The most pages one list may have. */
  maxListPages: number;
  /** The largest message a stdio server may send, in bytes. */
  maxMessageBytes: number;
  /** How long closing a stdio server waits before SIGTERM, and again before SIGKILL. */
  closeTimeout: number;
  /** The server's name in the config, the key of its stored OAuth login. */
  server: string;
  /** Where remote servers' OAuth logins are read from and refreshed tokens written to. */
  tokenStore: McpTokenStore;
  /**
   * The era a stdio server was reached in before, for a restart of the same command: a legacy
   * server is not probed again (one process per attempt, as before the probe existed).
   */
  knownEra?: McpProtocolEra | undefined;
  /** Runs a login (or a step-up for more scope) when a remote server asks for one; without it such a call fails. */
  login?: McpLoginHook | undefined;
};

/** A connected, initialized client and what it runs on. */
export type McpClientConnection = {
  client: Client;
  transport: TracedTransport;
  kind: McpTransportKind;
  /** The child's process id, for stdio servers. */
  pid: number | undefined;
  era: McpProtocolEra;
  /** The protocol version the client and the server agreed on. */
  protocolVersion: string | undefined;
};

// What the SDK's negotiation does for each `protocol` setting: `auto` probes with
// `server/discover` and falls back to `initialize`, a pin allows the modern era only.
function versionNegotiationOf(setting: McpProtocolSetting): VersionNegotiationOptions {
  if (setting === 'legacy') return { mode: 'legacy' };
  if (setting === 'auto') return { mode: 'auto' };
  return { mode: { pin: setting } };
}

// OAuth unless the config turned it off or sends its own credentials.
function usesOAuth(config: McpRemoteServerConfig): boolean {
  return config.oauth !== false && !Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization');
}

async function createTransport(
  config: McpServerConfig,
  kind: McpTransportKind,
  options: ConnectMcpClientOptions,
): Promise<Transport> {
  if (config.type === 'stdio') {
    return new StdioProcessTransport({
      command: config.command,
      args: config.args,
      // Only the SDK's safe defaults (PATH, HOME, …) are added to this: the parent's secrets stay home.
      env: config.env,
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      maxMessageBytes: options.maxMessageBytes,
      closeTimeout: options.closeTimeout,
      onStderr: options.onStderr,
    });
  }
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: config.headers };
  // OAuth rides in the transport's fetch: the token, the 401/403 challenges, step-up and login.
  const oauthFetch = usesOAuth(config)
    ? createOAuthFetch({
        key: { server: options.server, url: config.url },
        oauth: config.oauth === undefined || config.oauth === false ? { grant: 'authorization_code' } : config.oauth,
        store: options.tokenStore,
        clientName: options.clientInfo.name,
        login: options.login,
      })
    : undefined;
  const transportOptions = { requestInit, ...(oauthFetch === undefined ? {} : { fetch: oauthFetch }) };
  return kind === 'sse'
    ? new SSEClientTransport(url, transportOptions)
    : new StreamableHTTPClientTransport(url, transportOptions);
}

// A stdio server that exited during the handshake: say so, with its exit code, rather than the
// SDK's "Connection closed"; a command that does not exist, and a handshake that timed out, said
// with what to check (the SDK says `spawn x ENOENT` and `MCP error -32001: Request timed out`).
function describeStartFailure(error: unknown, transport: Transport, config: McpServerConfig, timeout: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (config.type === 'stdio' && (code === 'ENOENT' || code === 'EACCES')) {
    const problem = code === 'ENOENT' ? 'was not found' : 'is not executable';
    return new Error(
      `Its command \`${config.command}\` ${problem}: check \`command\` in the config (an absolute path, or a program on PATH).`,
      { cause: error },
    );
  }
  // The SDK's request timeout during the handshake.
  if (code === -32001 || code === SdkErrorCode.RequestTimeout) {
    const what = config.type === 'stdio' ? 'Its process' : 'The server';
    return new Error(
      `${what} did not answer \`initialize\` within ${timeout} ms (the bridge's connectTimeout setting).`,
      { cause: error },
    );
  }
  if (!(transport instanceof StdioProcessTransport) || transport.exit === undefined || config.type !== 'stdio') {
    return error;
  }
  const { code: exitCode, signal } = transport.exit;
  const how = exitCode === null ? `was killed by ${signal ?? 'a signal'}` : `exited with code ${exitCode}`;
  const command = [config.command, ...config.args].join(' ');
  return new Error(`Its process \`${command}\` ${how} before it answered \`initialize\`.`, { cause: error });
}

async function connectOver(
  config: McpServerConfig,
  kind: McpTransportKind,
  options: ConnectMcpClientOptions,
  protocol: McpProtocolSetting,
): Promise<McpClientConnection> {
  const client = new Client(options.clientInfo, {
    capabilities: options.capabilities,
    // The legacy HTTP+SSE transport predates 2026-07-28: nothing to probe there.
    versionNegotiation: versionNegotiationOf(kind === 'sse' ? 'legacy' : protocol),
    // The bound of the SDK's own walk of a 2026-07-28 list (the bridge walks legacy lists itself).
    listMaxPages: options.maxListPages,
  });
  options.setup(client);
  const inner = await createTransport(config, kind, options);
  const transport = new TracedTransport(inner, options.observe);
  try {
    await client.connect(transport, { timeout: options.timeout });
  } catch (error) {
    // Read before closing: the close itself ends the process.
    const described = authErrorIn(error) ?? describeStartFailure(error, inner, config, options.timeout);
    await client.close().catch(() => {});
    throw described;
  }
  const pid = inner instanceof StdioProcessTransport ? inner.pid : undefined;
  const era = client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
  return { client, transport, kind, pid, era, protocolVersion: client.getNegotiatedProtocolVersion() };
}

// A stdio server built on an SDK that exits on any request before `initialize` dies of the probe:
// in `auto` that is a legacy server, started again for the handshake.
function probeKilledStdioServer(error: unknown, config: McpServerConfig): boolean {
  if (config.type !== 'stdio') return false;
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return (
    SdkError.isInstance(cause) &&
    (cause.code === SdkErrorCode.EraNegotiationFailed || cause.code === SdkErrorCode.ConnectionClosed)
  );
}

async function connectStdio(config: McpServerConfig, options: ConnectMcpClientOptions): Promise<McpClientConnection> {
  const configured = config.protocol ?? 'auto';
  const protocol = configured === 'auto' && options.knownEra === 'legacy' ? 'legacy' : configured;
  if (protocol !== 'auto') return connectOver(config, 'stdio', options, protocol);
  try {
    return await connectOver(config, 'stdio', options, 'auto');
  } catch (error) {
    if (!probeKilledStdioServer(error, config)) throw error;
    return connectOver(config, 'stdio', options, 'legacy');
  }
}

/**
 * Starts one server's transport and reaches it in the era its `protocol` setting asks for (by
 * default a `server/discover` probe, then the `initialize` handshake when the server is legacy). A remote
 * server whose config named no transport is tried over Streamable HTTP, then over SSE.
 */
export async function connectMcpClient(
  config: McpServerConfig,
  options: ConnectMcpClientOptions,
): Promise<McpClientConnection> {
  if (config.type === 'stdio') return connectStdio(config, options);
  const protocol = config.protocol ?? 'auto';
  if (config.type !== 'http' || !config.fallbackToSse) return connectOver(config, config.type, options, protocol);
  try {
    return await connectOver(config, 'http', options, protocol);
  } catch (httpError) {
    // A server that refused us (401/403, or a login we lack) speaks Streamable HTTP: SSE would only fail the
    // same way; and SSE is a legacy transport, never tried for a server pinned to the modern era.
    if (isAuthRefusal(httpError) || protocol === '2026-07-28') throw httpError;
    try {
      return await connectOver(config, 'sse', options, 'legacy');
    } catch (sseError) {
      const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
      throw new AggregateError(
        [httpError, sseError],
        `Streamable HTTP failed (${describe(httpError)}), and so did SSE (${describe(sseError)}).`,
      );
    }
  }
}
