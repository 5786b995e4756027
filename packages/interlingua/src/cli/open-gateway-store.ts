import type { GatewayConfig, GatewayStore } from '@interlingua/gateway';
import { CliError } from './cli-error';

/** Where the Redis store's connection events go: the gateway's logger, once it exists. */
export type StoreEventSink = (event: { type: string; [field: string]: unknown }) => void;

/**
 * The store a config's `store` entry asks for: `undefined` for the memory store (the gateway's
 * default), else the Redis store from `@interlingua/gateway/redis`, loaded only then, so the
 * `ioredis` package is needed only by those who use it. Throws a `CliError` saying what to
 * install when it is missing. Waits up to 5 s for the store's connections before it returns.
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
  // Listen with the connections up when Redis is there, so a replica that just started does not
  // answer its first requests per the outage policy; when it is not, start anyway (the policy
  // applies and the store reconnects by itself).
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    store.ready(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STORE_READY_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return store;
}

// How long `interlingua gateway` waits for the Redis store's connections before it listens anyway.
const STORE_READY_WAIT_MS = 5_000;
