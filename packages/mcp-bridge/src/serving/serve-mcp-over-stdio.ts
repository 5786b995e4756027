import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { McpAggregatorServer } from './create-mcp-aggregator-server';

/** A server connected to stdin/stdout. */
export type McpStdioServing = {
  /** Resolves when the client goes away: stdin ended, or the transport closed. */
  closed: Promise<void>;
  close: () => Promise<void>;
};

/**
 * Serves an aggregator on stdio (the process's, or the given streams), in the era the client opens
 * with: `initialize` pins a 2025-era server, a 2026-07-28 request a modern one (the SDK's
 * `serveStdio`). Newline-delimited JSON-RPC, nothing else on stdout.
 */
export async function serveMcpOverStdio(
  createServer: () => McpAggregatorServer,
  streams: { stdin: Readable; stdout: Writable } = { stdin: process.stdin, stdout: process.stdout },
): Promise<McpStdioServing> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout);
  const disposers: (() => void)[] = [];
  const closed = new Promise<void>((resolve) => {
    streams.stdin.once('end', () => resolve());
    streams.stdin.once('close', () => resolve());
  });
  const handle = serveStdio(
    () => {
      const { server, dispose } = createServer();
      disposers.push(dispose);
      return server;
    },
    { transport },
  );
  return {
    closed,
    close: async () => {
      for (const dispose of disposers) dispose();
      await handle.close();
    },
  };
}
