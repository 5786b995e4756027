import type {
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/client';

/** Which way a JSON-RPC frame went, seen from the bridge. */
export type McpTraceDirection = 'send' | 'receive';

function cancelledRequestId(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return undefined;
  const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof requestId === 'string' || typeof requestId === 'number' ? requestId : undefined;
}

/**
 * A transport that shows every JSON-RPC frame to `observe` before passing it on, in order:
 * requests, responses and notifications alike, the initialize handshake included.
 * The wrapped transport does the work; this adds one function call per frame.
 *
 * It also keeps the ids of the requests the client sent that are still waiting for an answer, and
 * drops a `notifications/cancelled` for any other id, unsent and unobserved: the spec lets a
 * client cancel only requests in progress, and the SDK sends one for a request long answered when
 * the signal of that request aborts later (its abort listener stays on the signal).
 */
export class TracedTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;
  private readonly inFlight = new Set<RequestId>();

  constructor(
    readonly inner: Transport,
    private readonly observe: (direction: McpTraceDirection, message: JSONRPCMessage) => void,
  ) {
    inner.onmessage = (message, extra) => {
      if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined) {
        this.inFlight.delete(message.id);
      }
      this.observe('receive', message);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => {
      this.inFlight.clear();
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
    // The SDK tells a child-process transport by these two fields (stdio probes differently:
    // silence there means a legacy server); they are only present when the wrapped one has them.
    if ('pid' in inner && 'stderr' in inner) {
      Object.defineProperty(this, 'pid', { get: () => (inner as { pid: unknown }).pid });
      Object.defineProperty(this, 'stderr', { get: () => (inner as { stderr: unknown }).stderr });
    }
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** Whether each request has a stream of its own (Streamable HTTP), which the SDK reads. */
  get hasPerRequestStream(): boolean {
    return this.inner.hasPerRequestStream === true;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message) {
      if ('id' in message) this.inFlight.add(message.id);
      else {
        const cancelled = cancelledRequestId(message);
        if (cancelled !== undefined && !this.inFlight.delete(cancelled)) return Promise.resolve();
      }
    }
    this.observe('send', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }
}
