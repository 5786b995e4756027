import { type Implementation, type Notification, Server } from '@modelcontextprotocol/server';
import type { McpBridge } from '../host/mcp-bridge';
import type { McpBridgeEvent } from '../host/mcp-bridge-event';
import { aggregatorCapabilities } from './aggregator-capabilities';
import { type AggregatorContext, passesLevel, type RoundOwner } from './aggregator-context';
import { isConnectionBound } from './connection-bound-servers';
import { holdListenedResources } from './listen-resource-watches';
import type { McpAuditOptions } from './mcp-audit-line';
import { ANONYMOUS_CALLER, type McpCaller } from './mcp-caller';
import { McpRequestRelayHub } from './mcp-request-relay-hub';
import type { McpServedTool } from './mcp-served-tool';
import { registerPromptHandlers } from './register-prompt-handlers';
import { registerResourceHandlers } from './register-resource-handlers';
import { registerToolHandlers } from './register-tool-handlers';
import { ServedNames } from './served-names';

/** The tools of one `tools/list` page. */
export const DEFAULT_TOOLS_PAGE_SIZE = 100;

/** Options of {@link createMcpAggregatorServer}. */
export type McpAggregatorServerOptions = McpAuditOptions & {
  /** Tools of the host's own, listed after the bridge's (see `createAgentTool`). */
  tools?: readonly McpServedTool[];
  /** Items per list page (tools, resources, templates, prompts). Default {@link DEFAULT_TOOLS_PAGE_SIZE}. */
  pageSize?: number;
  /** The server's `serverInfo`. Default `{ name: 'interlingua', version: '0.1.0' }`. */
  serverInfo?: Implementation;
  /** Bound on each forwarded call, in milliseconds. Default: the bridge's `callTimeout`. */
  callTimeout?: number;
  /**
   * Serve names as `server__tool` (prompts likewise, URIs as `server+uri`) even with one server.
   * Default: prefixed with several servers, the server's own names with one.
   */
  prefixNames?: boolean;
  /**
   * Relays upstream servers' sampling, elicitation and roots requests to this server's client; its
   * `relay` must be the bridge's `relay` option. Without it those requests are refused.
   */
  relay?: McpRequestRelayHub;
  /**
   * Who this server is for: it lists only the servers and tools the caller may use and refuses the
   * rest. Default: anyone, everything.
   */
  caller?: McpCaller;
};

/** An aggregator's MCP server and the function that detaches it from the bridge. */
export type McpAggregatorServer = {
  server: Server;
  dispose: () => void;
  /**
   * Asks the upstream servers for updates of served resource URIs (a 2026-07-28 client's
   * `subscriptions/listen`, which the SDK's entry serves before the server sees it): resolves
   * with the function that lets go, and the URIs not held — those the caller may not read and
   * those their server refused. `serveMcpOverStdio` calls it; `createMcpHttpHandler` has its own.
   */
  holdResources?: (uris: readonly string[]) => Promise<{ release: () => Promise<void>; refused: string[] }>;
};

const MODERN = '2026-07-28';

function notificationOf(event: McpBridgeEvent, context: AggregatorContext, legacy: boolean): Notification | undefined {
  switch (event.type) {
    case 'tools-changed':
    case 'server-error':
    case 'server-disconnected':
    case 'server-restarted':
      return { method: 'notifications/tools/list_changed' };
    case 'resources-changed':
      return { method: 'notifications/resources/list_changed' };
    case 'prompts-changed':
      return { method: 'notifications/prompts/list_changed' };
    case 'resource-updated': {
      const uri = context.names.uriOut(event.server, event.uri);
      // A 2026-07-28 connection's listen streams are filtered by the SDK's entry, by their URIs.
      return !legacy || context.subscriptions.has(uri)
        ? { method: 'notifications/resources/updated', params: { uri } }
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * One MCP server (the SDK's v2 `Server`, both eras) serving a bridge's servers as one: tools,
 * resources and templates, reads and subscriptions, prompts, completion and `logging/setLevel`, each
 * routed to its server; capabilities exactly what the upstream servers offer; names per
 * `prefixNames`. Upstream progress and log lines (logger: the server's name) reach the client whose
 * request they belong to, cancellation reaches the upstream, list changes and resource updates reach
 * a 2025-era client's session, and — with `relay` — upstream sampling, elicitation and roots
 * requests reach the client as `InputRequiredResult`s (as server-to-client requests for a 2025-era
 * client, through the SDK's legacy shim). A dead upstream server, a timeout or a lost connection is
 * an error result; an unknown tool name is `-32602`; an upstream JSON-RPC error keeps its code.
 * Create one per session or per request (`startMcpHttpServer`, `serveMcpOverStdio` do).
 */
export function createMcpAggregatorServer(
  bridge: McpBridge,
  options: McpAggregatorServerOptions = {},
): McpAggregatorServer {
  const serverNames = bridge.servers.map((status) => status.name);
  const names = new ServedNames(options.prefixNames ?? serverNames.length !== 1, serverNames);
  const own = new Map((options.tools ?? []).map((tool) => [tool.definition.name, tool]));
  const server = new Server(options.serverInfo ?? { name: 'interlingua', version: '0.1.0' }, {
    capabilities: aggregatorCapabilities(bridge.servers, own.size > 0),
  });
  const context: AggregatorContext = {
    bridge,
    server,
    names,
    hub: options.relay ?? new McpRequestRelayHub(),
    own,
    pageSize: options.pageSize ?? DEFAULT_TOOLS_PAGE_SIZE,
    callTimeout: options.callTimeout,
    logLevel: undefined,
    subscriptions: new Map(),
    disposed: false,
    caller: options.caller ?? ANONYMOUS_CALLER,
    audit: {
      ...(options.audit === undefined ? {} : { audit: options.audit }),
      ...(options.logArguments === undefined ? {} : { logArguments: options.logArguments }),
    },
  };
  registerToolHandlers(context);
  if (server.getCapabilities().resources !== undefined) registerResourceHandlers(context);
  registerPromptHandlers(context);
  // A 2025-era session hears of changes; a 2026-07-28 client listens with subscriptions/listen.
  const legacySession = () => {
    const version = server.getNegotiatedProtocolVersion();
    return server.transport !== undefined && version !== undefined && version < MODERN;
  };
  const unsubscribe = bridge.subscribe((event) => {
    if (event.type === 'log') {
      const owner = context.hub
        .inFlight(event.server)
        .findLast((flight) => (flight.owner as RoundOwner).instance === server)?.owner as RoundOwner | undefined;
      const message = {
        method: 'notifications/message',
        params: { level: event.level, logger: event.server, data: event.data },
      };
      if (owner !== undefined) {
        if (passesLevel(event.level, owner.logLevel)) void owner.notify(message);
      } else if (legacySession() && passesLevel(event.level, context.logLevel)) {
        server.notification(message).catch(() => {});
      }
      return;
    }
    const legacy = legacySession();
    // A 2026-07-28 connection (stdio) hears them on its listen streams; a per-request server has none.
    if (!legacy && !(isConnectionBound(server) && server.transport !== undefined)) return;
    const notification = notificationOf(event, context, legacy);
    // Before the handshake there is no one to tell; a closed transport refuses quietly.
    if (notification !== undefined) server.notification(notification).catch(() => {});
  });
  const dispose = () => {
    if (context.disposed) return;
    context.disposed = true;
    unsubscribe();
    // The session's subscriptions go with it: the upstream hears when no other client holds them.
    const releases = [...context.subscriptions.values()];
    context.subscriptions.clear();
    for (const release of releases) void release();
  };
  const holdResources = (uris: readonly string[]) => holdListenedResources(bridge, names, context.caller, uris);
  return { server, dispose, holdResources };
}
