import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpAggregatorServer } from './create-mcp-aggregator-server';

/** A server connected to stdin/stdout. */
export type McpStdioServing = {
  /** Resolves when the client goes away: stdin ended, or the transport closed. */
  closed: Promise<void>;
  close: () => Promise<void>;
};

/**
 * Connects an aggregator server to stdio (the process's, or the given streams): newline-delimited
 * JSON-RPC, nothing else on stdout.
 */
export async function serveMcpOverStdio(
  aggregator: McpAggregatorServer,
  streams: { stdin: Readable; stdout: Writable } = { stdin: process.stdin, stdout: process.stdout },
): Promise<McpStdioServing> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    streams.stdin.once('end', () => resolve());
    streams.stdin.once('close', () => resolve());
  });
  await aggregator.server.connect(transport);
  return {
    closed,
    close: async () => {
      aggregator.dispose();
      await aggregator.server.close();
    },
  };
}
