import { GatewayError } from '../errors/gateway-error';

// The refusals of a replica whose store lost its data (docs/decisions/014-store-epoch.md). Each
// says what happened and what the operator does about it; none names a key.

const WAY_OUT =
  'until the operator restores its data or re-initializes it (POST /admin/store/reinitialize with the master key; see docs/gateway-scale.md)';

/** A key that is not in the config, presented while the store's data is lost: it may have been a created key. */
export function createdKeyRefusedError(): GatewayError {
  return new GatewayError({
    type: 'authentication',
    message: `The key is not in the gateway's config, and keys created through the admin routes are refused: the gateway's store (Redis) lost its data, ${WAY_OUT}.`,
  });
}

/** `POST /admin/keys` while the store's data is lost. */
export function keyCreationRefusedError(): GatewayError {
  return new GatewayError({
    type: 'unavailable',
    message: `Keys cannot be created: the gateway's store (Redis) lost its data, ${WAY_OUT}.`,
  });
}

/** Any virtual key, on a replica that started after the loss and so cannot know which keys were revoked. */
export function revocationsUnknownError(): GatewayError {
  return new GatewayError({
    type: 'unavailable',
    message: `This gateway replica cannot check keys: the gateway's store (Redis) lost its data before the replica saw it, so it cannot know which keys were revoked, ${WAY_OUT}.`,
  });
}
