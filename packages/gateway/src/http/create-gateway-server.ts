import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { GatewayHttpConfig } from '../config/gateway-config-schema';

/**
 * The gateway's `node:http` server, with the bounds a server facing strangers needs: a request
 * must send its headers within `headersTimeoutMs` and all of itself within `requestTimeoutMs`
 * (Node answers 408 and closes; the answer, a stream of minutes included, is not bounded by
 * either), an idle keep-alive connection closes after `keepAliveTimeoutMs`, and connections
 * beyond `maxConnections` are closed as they arrive (`onDrop` counts them).
 */
export function createGatewayServer(
  handler: (incoming: IncomingMessage, outgoing: ServerResponse) => void,
  http: GatewayHttpConfig,
  onDrop?: () => void,
): Server {
  const server = createServer(
    {
      noDelay: true,
      keepAliveTimeout: http.keepAliveTimeoutMs,
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      // Node checks both timeouts on this interval (30 s by default): a tenth of the shorter
      // one keeps a cut within ~10 % of its setting, and never more often than every 50 ms.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(http.headersTimeoutMs / 10))),
    },
    handler,
  );
  server.maxConnections = http.maxConnections;
  if (onDrop !== undefined) server.on('drop', onDrop);
  return server;
}
