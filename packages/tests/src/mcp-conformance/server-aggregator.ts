import { fileURLToPath } from 'node:url';
import {
  createMcpAggregatorServer,
  createMcpRequestRelay,
  type McpAggregatorServerOptions,
  McpBridge,
  type McpBridgeOptions,
  notifyListenStreams,
  startMcpHttpServer,
} from '@interlingua/mcp-bridge';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * An mcp.json stdio entry for the project's conformance upstream (TypeScript, through tsx), reached
 * in the 2025 era (`protocol: 'legacy'`): its 2025 scenarios' tools ask their client the old way,
 * with server-to-client requests, which a 2026-07-28 connection has no channel for.
 */
export function upstreamEntry() {
  return {
    protocol: 'legacy',
    command: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL('./server-upstream.ts', import.meta.url))],
    cwd: repoRoot,
  };
}

/** A running aggregator over Streamable HTTP, as `interlingua mcp serve --http` runs it. */
export type RunningAggregator = { url: string; bridge: McpBridge; close: () => Promise<void> };

/**
 * Starts the aggregator in front of the given servers the way the CLI does: a relay for upstream
 * requests, both eras on one port, list changes to 2026-07-28 listen streams.
 */
export async function startAggregator(
  servers: Record<string, object>,
  options: { bridge?: McpBridgeOptions; server?: McpAggregatorServerOptions } = {},
): Promise<RunningAggregator> {
  const relay = createMcpRequestRelay();
  const bridge = await McpBridge.fromConfig(
    { mcpServers: servers },
    { restart: false, roots: false, ...options.bridge, relay: relay.relay },
  );
  const serverOptions = { ...options.server, relay };
  const http = await startMcpHttpServer({ createServer: () => createMcpAggregatorServer(bridge, serverOptions) });
  const stop = notifyListenStreams(bridge, http.notify, serverOptions);
  return {
    url: http.url,
    bridge,
    close: async () => {
      stop();
      await http.close();
      await bridge.close();
    },
  };
}
