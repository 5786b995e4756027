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
  /** The MCP servers the config's `mcp` section serves, when known (keys' `mcp` allow-lists are checked against them). */
  mcpServers?: readonly string[];
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
