import type { IncomingMessage } from 'node:http';
import { dirname, resolve } from 'node:path';
import { InvalidSettingError } from '@interlingua/core';
import type { GatewayConfig, GatewayMount, Principal } from '@interlingua/gateway';
import {
  ANONYMOUS_CALLER,
  createMcpHttpHandler,
  createMcpRequestRelay,
  type McpAuditLine,
  McpBridge,
  type McpBridgeOptions,
  type McpCaller,
  notifyListenStreams,
} from '@interlingua/mcp-bridge';

/** Options of {@link openGatewayMcp}. */
export type OpenGatewayMcpOptions = {
  /** The gateway config's path: `mcp.config` is read relative to its folder. Default: the working directory. */
  configPath?: string;
  /** Where the servers' `${env:…}` and environment come from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** More bridge options (a token store for remote servers' OAuth logins, telemetry, timeouts). */
  bridge?: Omit<McpBridgeOptions, 'relay' | 'env' | 'onServerError'>;
};

/** The MCP side of a gateway: the mount serving it, the servers' names, the bridge. */
export type GatewayMcp = {
  /** The endpoint at `mcp.path`, for `createGateway`'s `mounts`: closing it closes the handler and the bridge. */
  readonly mount: GatewayMount;
  /** The served servers' names, for `createGateway`'s `mcpServers` (keys' allow-lists are checked against them). */
  readonly servers: readonly string[];
  readonly bridge: McpBridge;
  /** Where the audit lines go (one per tools/call, resources/read, prompts/get); until set, nowhere. */
  auditTo(sink: (line: McpAuditLine) => void): void;
};

/**
 * Opens the MCP servers of a gateway config's `mcp` section (an mcp.json, or the servers inline)
 * and the aggregator's HTTP handler in front of them, as a mount for the gateway's port: the
 * gateway authenticates, and each request reaches the aggregator as the key's {@link McpCaller} —
 * its `mcp.servers` and `mcp.tools`; the master key and a keyless gateway's loopback callers see
 * everything. Tools are always served as `server__tool`, so an allow-list means the same when a
 * server is added. A server that fails to start is skipped (and reported by the bridge's status).
 * Resolves `undefined` when the config has no `mcp` section.
 *
 * @example
 * const config = await readGatewayConfig('gateway.json');
 * const mcp = await openGatewayMcp(config, { configPath: 'gateway.json' });
 * const gateway = createBuiltInGateway(config, { mcp });
 */
export async function openGatewayMcp(
  config: GatewayConfig,
  options: OpenGatewayMcpOptions = {},
): Promise<GatewayMcp | undefined> {
  const section = config.mcp;
  if (section === undefined) return undefined;
  const relay = createMcpRequestRelay();
  const source =
    section.servers === undefined
      ? resolve(options.configPath === undefined ? '.' : dirname(options.configPath), section.config ?? '')
      : { mcpServers: section.servers };
  const bridge = await McpBridge.fromConfig(source, {
    ...options.bridge,
    onServerError: 'skip',
    env: options.env ?? process.env,
    relay: relay.relay,
  }).catch((error: unknown) => {
    throw new InvalidSettingError({
      message: `gateway config, mcp: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  });
  let audit: ((line: McpAuditLine) => void) | undefined;
  const aggregator = { relay, prefixNames: true };
  const handler = createMcpHttpHandler({
    bridge,
    aggregator,
    path: section.path,
    logArguments: section.logArguments,
    audit: (line) => audit?.(line),
  });
  const stopNotifying = notifyListenStreams(bridge, handler.notify, aggregator);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stopNotifying();
      try {
        await handler.close();
      } finally {
        await bridge.close();
      }
    })();
    return closing;
  };
  return {
    bridge,
    servers: bridge.servers.map((server) => server.name),
    auditTo(sink) {
      audit = sink;
    },
    mount: {
      name: 'mcp',
      path: section.path,
      handle: (request, response, principal) => handler.handle(request, response, callerOf(principal)),
      isStream: isListenStream,
      rpm: (principal) => (principal.kind === 'key' ? principal.key.mcp?.rpm : undefined),
      // MCP clients read JSON-RPC errors: the gateway's refusals (401, 403, 429, 503) come as the
      // SDK's own transport answers them. The body is not read yet, so they answer no id.
      renderError: (error) => ({
        status: error.status,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: error.message }, id: null }),
      }),
      close,
    },
  };
}

/** The gateway's principal as the aggregator's caller: a key with its allow-lists; the master key and loopback callers see everything. */
export function callerOf(principal: Principal): McpCaller {
  if (principal.kind === 'anonymous') return ANONYMOUS_CALLER;
  if (principal.kind === 'master') return { name: 'master' };
  const allowed = principal.key.mcp;
  return {
    name: principal.name,
    ...(allowed?.servers === undefined ? {} : { servers: allowed.servers }),
    ...(allowed?.tools === undefined ? {} : { tools: allowed.tools }),
  };
}

/**
 * A request that opens a stream lasting as long as the client listens: a 2025-era session's `GET`
 * notification stream, or a 2026-07-28 `subscriptions/listen` (a `POST` its client names in the
 * `Mcp-Method` header). These hold no `limits.maxConcurrent` slot; tool calls do.
 */
function isListenStream(request: IncomingMessage): boolean {
  return request.method === 'GET' || request.headers['mcp-method'] === 'subscriptions/listen';
}
