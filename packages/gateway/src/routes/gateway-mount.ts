import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../auth/create-authenticator';
import type { GatewayError } from '../errors/gateway-error';
import type { RenderedError } from '../formats/inbound-format';

/**
 * A raw endpoint served on the gateway's own listener: the gateway authenticates the request
 * (its keys, the master key, revocations; anyone on loopback when it has no keys), applies
 * `rpm` and `limits.maxConcurrent`, and answers 401/403/413/429/503 in its own error shape;
 * then `handle` gets the socket's request and response whole, to answer as it likes — a
 * streamed (SSE) answer, a session — which a {@link GatewayRoute} cannot. One log line, metrics
 * and a span per request, as for routes.
 *
 * @example
 * createGateway(config, { models, codecs, mounts: [{ name: 'mcp', path: '/mcp', handle: (request, response, principal) => mcp.handle(request, response, callerOf(principal)) }] });
 */
export type GatewayMount = {
  /** A stable name for logs, metrics and spans (`mcp`). */
  name: string;
  /** The path served, exactly (`/mcp`; the query string aside). No built-in route may have it. */
  path: string;
  /**
   * Answers the request as `principal`. The body is unread. The gateway's `x-request-id` is
   * set on the response already. Rejecting after the head was written only closes the response.
   */
  handle(request: IncomingMessage, response: ServerResponse, principal: Principal): Promise<void>;
  /**
   * Whether the request opens a long-lived stream (a notification stream): it takes no
   * `limits.maxConcurrent` slot, since it holds one for as long as the client listens, and
   * idle streams are bounded by `http.maxConnections`. Default: `GET` requests.
   */
  isStream?(request: IncomingMessage): boolean;
  /** Requests per minute `principal` may make on this mount (its own bucket); `undefined` for no limit. */
  rpm?(principal: Principal): number | undefined;
  /**
   * Renders the gateway's refusals (401, 403, 413, 429, 503) in the mount's own protocol — a
   * JSON-RPC error body for MCP clients. Default: the OpenAI error shape. The status is the
   * error's, and the gateway adds `WWW-Authenticate` and `Retry-After` itself.
   */
  renderError?(error: GatewayError, requestId: string): RenderedError;
  /** Ends what the mount holds open (sessions, streams); called by the gateway's `close()` once in-flight requests are done. */
  close?(): Promise<void>;
};
