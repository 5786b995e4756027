import type { JSONRPCMessage, Progress } from '@modelcontextprotocol/client';
import type { McpTraceDirection } from '../transports/traced-transport';
import type { McpTraceFrame } from './mcp-bridge-event';

/**
 * What a connection does with every message it sends and receives: reads the negotiated protocol
 * version off the `initialize` answer (the SDK does not expose it on stdio), hands progress
 * notifications to the listener of their token, and passes the message to the host's trace hook —
 * whose failure never breaks the connection it watches.
 */
export function createConnectionObserver(options: {
  server: string;
  progressListeners: ReadonlyMap<string | number, (progress: Progress) => void>;
  trace: ((frame: McpTraceFrame) => void) | undefined;
  onProtocolVersion: (version: string | undefined) => void;
}): (direction: McpTraceDirection, message: JSONRPCMessage) => void {
  let initializeId: unknown;
  return (direction, message) => {
    if (direction === 'send' && 'method' in message && message.method === 'initialize' && 'id' in message) {
      initializeId = message.id;
    } else if (direction === 'receive' && 'result' in message && message.id === initializeId) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      options.onProtocolVersion(typeof version === 'string' ? version : undefined);
    } else if (direction === 'receive' && 'method' in message && message.method === 'notifications/progress') {
      const params = message.params as (Progress & { progressToken?: string | number }) | undefined;
      const listener =
        params?.progressToken === undefined ? undefined : options.progressListeners.get(params.progressToken);
      if (listener !== undefined && params !== undefined && typeof params.progress === 'number') listener(params);
    }
    if (options.trace !== undefined) {
      try {
        options.trace({ server: options.server, direction, message });
      } catch {
        // A failing trace hook must not break the connection it watches.
      }
    }
  };
}
