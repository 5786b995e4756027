// The `@interlingua/gateway/redis` entry: the shared store for gateway replicas. It needs the
// `ioredis` package (an optional peer dependency of @interlingua/gateway).
export {
  createRedisGatewayStore,
  type RedisGatewayStore,
  type RedisGatewayStoreSettings,
  type RedisStoreEvent,
} from './create-redis-gateway-store';
export { describeRedisStoreEvent } from './describe-redis-store-event';
export { REDIS_STORE_VERSION, type RedisKeyNames, redisKeyNames } from './redis-key-names';
export type { StoreEpochEvent } from './store-epoch';
export type { StoreUnavailablePolicy } from './store-unavailable';
