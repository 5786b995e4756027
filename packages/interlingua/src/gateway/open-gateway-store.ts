import type { GatewayConfig, GatewayStore } from '@interlingua/gateway';
import { CliError } from '../cli/cli-error';

/** Where the Redis store's connection events go: the gateway's logger, once it exists. */
export type StoreEventSink = (event: { type: string; [field: string]: unknown }) => void;

/**
 * The store a config's `store` entry asks for: `undefined` for the memory store (the gateway's
 * default), else the Redis store from `@interlingua/gateway/redis`, loaded only then, so the
 * `ioredis` package is needed only by those who use it. Throws a `CliError` saying what to
 * install when it is missing.
 */
export async function openGatewayStore(
  config: GatewayConfig,
  onEvent: StoreEventSink,
): Promise<GatewayStore | undefined> {
  const entry = config.store;
  if (entry.type === 'memory') return undefined;
  let redis: typeof import('@interlingua/gateway/redis');
  try {
    redis = await import('@interlingua/gateway/redis');
  } catch (error) {
    throw new CliError('The config asks for store.type "redis", and the Redis client could not be loaded.', {
      hint: 'Install it next to interlingua: npm install ioredis',
      cause: error,
    });
  }
  const store = redis.createRedisGatewayStore({ ...entry, onEvent });
  return store;
}
