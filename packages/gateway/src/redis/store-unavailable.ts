import { GatewayError } from '../errors/gateway-error';

/** What the gateway does while its shared store cannot be reached. */
export type StoreUnavailablePolicy = 'fail-closed' | 'fail-open';

// Replies that mean "the server cannot answer now", not "the script is wrong".
const TRANSIENT_REPLIES = /^(LOADING|BUSY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|READONLY|NOREPLICAS|MOVED|ASK)\b/;

/**
 * Whether an error from the Redis client means the server is unreachable or not serving
 * (a closed connection, a refused connect, a timeout, a server still loading its data) rather
 * than a bug (a script or type error, which is rethrown whatever the policy).
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ReplyError') return TRANSIENT_REPLIES.test(error.message);
  return true;
}

/** The 503 of fail-closed: says what is down and that the gateway retries by itself. */
export function storeUnavailableError(reason: string): GatewayError {
  return new GatewayError({
    type: 'unavailable',
    message: `The gateway's shared store (Redis) is unavailable (${reason}); with store.onUnavailable "fail-closed" it refuses requests until Redis answers again, which it checks by itself.`,
    retryAfterSeconds: 1,
  });
}
