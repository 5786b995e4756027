export { hashGatewayKey, type Principal } from './auth/create-authenticator';
export type {
  BudgetPeriod,
  GatewayConfig,
  GatewayConfigInput,
  GatewayHttpConfig,
  GatewayKeyConfig,
  GatewayKeyMcpConfig,
  GatewayMcpConfig,
  GatewayModelConfig,
  GatewayPrice,
  GatewayProviderConfig,
  GatewayRedisStoreConfig,
  GatewayStoreConfig,
} from './config/gateway-config-schema';
export { type ParseGatewayConfigOptions, parseGatewayConfig } from './config/parse-gateway-config';
export { readGatewayConfig } from './config/read-gateway-config';
export {
  createGateway,
  type Gateway,
  type GatewayCodecs,
  type GatewayListenOptions,
  type GatewayOptions,
} from './create-gateway';
export {
  GATEWAY_ERROR_STATUS,
  GATEWAY_ERROR_TYPES,
  GatewayError,
  type GatewayErrorType,
} from './errors/gateway-error';
// What a route or inbound format added through `createGateway`'s `routes` / `formats` is written against.
export type { EncodeContext, InboundFormat, RenderedError } from './formats/inbound-format';
export type { GatewayServices, RouteExchange, RouteHandler, RouteParams } from './handlers/route-handler';
export type { ClientGone } from './http/client-gone';
export type { GatewayReply, GatewayRequest, GatewayTap, RequestRecord } from './http/gateway-exchange';
export type { UnpricedBudget } from './limits/find-unpriced-budgets';
export type { GatewayMetrics } from './observability/create-gateway-metrics';
export type { BackendSettings, ModelResolver } from './router/create-model-table';
export { DEFAULT_ROUTES } from './routes/default-routes';
export type { GatewayMount } from './routes/gateway-mount';
export type { GatewayRoute } from './routes/gateway-route';
export { createMemoryGatewayStore, type MemoryGatewayStoreSettings } from './store/create-memory-gateway-store';
export type {
  BucketTake,
  GatewayKeyStore,
  GatewayStore,
  Spend,
  SpendTotal,
  StoreHealth,
  StoreReinitialization,
  TakeResult,
} from './store/gateway-store';
export {
  createKeepAliveFetch,
  type KeepAliveFetch,
  type KeepAliveFetchSettings,
} from './transport/create-keep-alive-fetch';
