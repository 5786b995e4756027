export { type Authenticator, createAuthenticator, hashGatewayKey, type Principal } from './auth/create-authenticator';
export {
  adminKeyRequestSchema,
  type BudgetPeriod,
  type GatewayConfig,
  type GatewayConfigInput,
  type GatewayHttpConfig,
  type GatewayKeyConfig,
  type GatewayModelConfig,
  type GatewayPrice,
  type GatewayProviderConfig,
  type GatewayRedisStoreConfig,
  type GatewayStoreConfig,
  gatewayConfigSchema,
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
export { anthropicFormat } from './formats/anthropic-format';
export { geminiFormat } from './formats/gemini-format';
export {
  bearerToken,
  type EncodeContext,
  errorHeaders,
  headerValue,
  type InboundFormat,
  type RenderedError,
} from './formats/inbound-format';
export { openaiErrorObject, openaiFormat } from './formats/openai-format';
export { openaiResponsesFormat } from './formats/openai-responses-format';
export {
  type AdminKeyView,
  createKeyHandler,
  listKeysHandler,
  resetBudgetHandler,
  revokeKeyHandler,
} from './handlers/admin-handlers';
export { chatHandler } from './handlers/chat-handler';
export { countTokensHandler } from './handlers/count-tokens-handler';
export type { GatewayServices, RouteExchange, RouteHandler, RouteParams } from './handlers/route-handler';
export {
  createNodeListener,
  type GatewayApp,
  type NodeListenerOptions,
  type RequestOutcome,
} from './http/create-node-listener';
export type { GatewayReply, GatewayRequest, GatewayTap, RequestRecord } from './http/gateway-exchange';
export { warningsHeader } from './http/warnings-header';
export { estimateInputTokens } from './limits/estimate-input-tokens';
export type { UnpricedBudget } from './limits/find-unpriced-budgets';
export type { BackendPricer, PricedBackend } from './observability/create-backend-pricer';
export { createGatewayMetrics, type GatewayMetrics } from './observability/create-gateway-metrics';
export {
  type BackendSettings,
  type Candidate,
  createModelTable,
  type ModelPlan,
  type ModelResolver,
  type ModelTable,
} from './router/create-model-table';
export { contextWindowErrorPatterns, isContextWindowError } from './router/is-context-window-error';
export { DEFAULT_ROUTES } from './routes/default-routes';
export type { GatewayRoute } from './routes/gateway-route';
export { budgetPeriodWindow } from './store/budget-period-window';
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
