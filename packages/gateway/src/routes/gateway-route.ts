import type { Authenticator } from '../auth/create-authenticator';
import type { GatewayConfig } from '../config/gateway-config-schema';
import type { InboundFormat } from '../formats/inbound-format';
import type { GatewayReply, GatewayRequest, RequestRecord } from '../http/gateway-exchange';
import type { BackendPricer } from '../observability/create-backend-pricer';
import type { GatewayMetrics } from '../observability/create-gateway-metrics';
import type { ModelTable } from '../router/create-model-table';
import type { GatewayStore } from '../store/gateway-store';

/** What the path said: Gemini names the model and streaming in the URL; the admin routes name a key. */
export type RouteParams = { model?: string; stream?: boolean; key?: string };

/** The gateway's shared services, as handlers see them. */
export type GatewayServices = {
  config: GatewayConfig;
  store: GatewayStore;
  authenticator: Authenticator;
  table: ModelTable;
  metrics: GatewayMetrics;
  /** Removes configured secrets from text bound for a client or a log line. */
  redact: (text: string) => string;
  /** Prices calls: the config's `price`, the caller's `costOf`, the model's `pricing`, the shipped data. */
  pricer: BackendPricer;
  /** Reports a failure that happened after the answer went out (a store write). */
  reportBackgroundError: (error: unknown, record: RequestRecord) => void;
  /** True once shutdown began. */
  readonly draining: boolean;
};

/** One request as a handler gets it. */
export type RouteExchange = {
  request: GatewayRequest;
  record: RequestRecord;
  format: InboundFormat;
  params: RouteParams;
};

/** A route's handler: a small function from the exchange to a reply; it never touches the socket. */
export type RouteHandler = (services: GatewayServices, exchange: RouteExchange) => Promise<GatewayReply>;

/**
 * One row of the route table: method and path (a string, or a RegExp whose named groups give
 * `model`), the inbound format whose codec, auth header and error shape the route uses, and
 * its handler. Adding an endpoint is adding a row (and, for a new wire format, a format).
 */
export type GatewayRoute = {
  /** A stable name for logs and metrics, e.g. `openai.chat`. */
  name: string;
  method: 'GET' | 'POST';
  path: string | RegExp;
  /** The name of the inbound format (`openai`, `anthropic`, `gemini`, or one you add). */
  format: string;
  handler: RouteHandler;
  /** An extra condition on the request, for two formats sharing a path (`GET /v1/models`). */
  when?: (request: GatewayRequest) => boolean;
  /** The route as a template for spans' `http.route` when `path` is a RegExp (`/v1beta/models/{model}:generateContent`). */
  httpRoute?: string;
  /** Whether the route streams regardless of the body (Gemini's `:streamGenerateContent`). */
  stream?: boolean;
  /** Whether the route skips `limits.maxConcurrent` and shutdown refusal (health and metrics). */
  operational?: boolean;
};
