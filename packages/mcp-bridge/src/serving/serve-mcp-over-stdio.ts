import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { markConnectionBound } from './connection-bound-servers';
import type { McpAggregatorServer } from './create-mcp-aggregator-server';
import { listenedResourcesOf, withoutResources } from './listen-resource-watches';
import { idOf } from './mcp-http-messages';

/** A server connected to stdin/stdout. */
export type McpStdioServing = {
  /** Resolves when the client goes away: stdin ended, or the transport closed. */
  closed: Promise<void>;
  close: () => Promise<void>;
};

/**
 * Serves an aggregator on stdio (the process's, or the given streams), in the era the client opens
 * with: `initialize` pins a 2025-era server, a 2026-07-28 request a modern one (the SDK's
 * `serveStdio`). Newline-delimited JSON-RPC, nothing else on stdout. A 2026-07-28 client's
 * `subscriptions/listen` hears list changes, and updates of the resources it names — their
 * servers are asked for them while the stream is open (`holdResources`; a URI one refused is left
 * out of the acknowledgement).
 */
export async function serveMcpOverStdio(
  createServer: () => McpAggregatorServer,
  streams: { stdin: Readable; stdout: Writable } = { stdin: process.stdin, stdout: process.stdout },
): Promise<McpStdioServing> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout);
  const disposers: (() => void)[] = [];
  let current: McpAggregatorServer | undefined;
  const closed = new Promise<void>((resolve) => {
    streams.stdin.once('end', () => resolve());
    streams.stdin.once('close', () => resolve());
  });
  const handle = serveStdio(
    () => {
      const product = createServer();
      markConnectionBound(product.server);
      disposers.push(product.dispose);
      current = product;
      return product.server;
    },
    { transport },
  );
  const releaseListens = relayListens(transport, () => current);
  void closed.then(releaseListens);
  return {
    closed,
    close: async () => {
      for (const dispose of disposers) dispose();
      await releaseListens();
      await handle.close();
    },
  };
}

type Id = string | number;

/**
 * Holds the resources of each `subscriptions/listen` on the way in (the messages after it wait, so
 * the order is kept) and lets go when its stream ends: its response goes out (an error, or the
 * server's end of it), or the client cancels it. Returns the function that lets go of every hold.
 */
function relayListens(
  transport: StdioServerTransport,
  server: () => McpAggregatorServer | undefined,
): () => Promise<void> {
  const holds = new Map<Id, () => Promise<void>>();
  const release = async (id: Id) => {
    const hold = holds.get(id);
    holds.delete(id);
    await hold?.();
  };
  const entry = transport.onmessage;
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  const deliver = async (message: JSONRPCMessage): Promise<JSONRPCMessage> => {
    const listened = listenedResourcesOf(message);
    const hold = listened === undefined ? undefined : server()?.holdResources;
    if (listened === undefined || listened.id === null || hold === undefined) return message;
    const { release: letGo, refused } = await hold(listened.uris);
    // A listen id used again lets go of what the earlier listen under it held.
    await release(listened.id);
    holds.set(listened.id, letGo);
    return withoutResources(message, refused) as JSONRPCMessage;
  };
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === 'string' || typeof id === 'number') void release(id);
    }
    if (waiting === 0 && listenedResourcesOf(message) === undefined) {
      entry?.(message);
      return;
    }
    waiting++;
    queue = queue
      .then(() => deliver(message))
      .then(
        (delivered) => entry?.(delivered),
        () => entry?.(message),
      )
      .finally(() => {
        waiting--;
      });
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    const id = idOf(message);
    if (id !== null && !('method' in message) && holds.has(id)) void release(id);
    return send(message);
  };
  return async () => {
    await Promise.allSettled([...holds.keys()].map(release));
  };
}
