import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/** Which way a JSON-RPC frame went, seen from the bridge. */
export type McpTraceDirection = 'send' | 'receive';

/**
 * A transport that shows every JSON-RPC frame to `observe` before passing it on, in order:
 * requests, responses and notifications alike, the initialize handshake included.
 * The wrapped transport does the work; this adds one function call per frame.
 */
export class TracedTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;

  constructor(
    readonly inner: Transport,
    private readonly observe: (direction: McpTraceDirection, message: JSONRPCMessage) => void,
  ) {
    inner.onmessage = (message, extra) => {
      this.observe('receive', message);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.observe('send', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
