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
 * An mcp.json stdio entry for the project's conformance upstream (TypeScript, through tsx). The
 * 2025 scenarios reach it in the 2025 era (`legacy`, the default): their tools ask their client the
 * old way, with server-to-client requests, which a 2026-07-28 connection has no channel for. The
 * 2026-07-28 scenarios reach it in that era: its `input_required` results, keys and request state
 * are its own, and it reads each request's client capabilities, as those scenarios check.
 */
export function upstreamEntry(protocol: 'legacy' | '2026-07-28' = 'legacy') {
  return {
    protocol,
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
