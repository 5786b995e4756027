import { createHash, timingSafeEqual } from 'node:crypto';
import type { GatewayConfig, GatewayKeyConfig } from '../config/gateway-config-schema';
import { GatewayError } from '../errors/gateway-error';
import type { GatewayStore } from '../store/gateway-store';

/** Who is calling: a virtual key, the master key, or anyone (a gateway without keys). */
export type Principal =
  | { kind: 'key'; name: string; key: GatewayKeyConfig }
  | { kind: 'master'; name: 'master' }
  | { kind: 'anonymous'; name: undefined };

/** Resolves the key a client presented to a {@link Principal}, or throws a 401 `GatewayError`. */
export type Authenticator = {
  /** Whether any key (virtual or master) is configured. */
  readonly enabled: boolean;
  /**
   * The caller's principal: at once for a gateway without keys and for the master key (no
   * await on the request path), through the store for a virtual key (created keys, revocations).
   * A missing or unknown key throws, or rejects with, a 401 `GatewayError`.
   */
  authenticate(presented: string | undefined): Principal | Promise<Principal>;
};

const ANONYMOUS: Principal = { kind: 'anonymous', name: undefined };

/** The hex SHA-256 of a key: what `keys[].sha256` holds. */
export function hashGatewayKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * Builds the authenticator of a config. Keys are looked up by their SHA-256 (the config never
 * holds a key in the clear, and the lookup's timing depends only on the hash); the master key
 * is compared in constant time. Keys created at run time and revocations are read from the
 * store, so a key created or revoked on one replica is known to all. Error messages name the key's name at most, never the key.
 */
export function createAuthenticator(config: GatewayConfig, store: GatewayStore): Authenticator {
  const byHash = new Map<string, GatewayKeyConfig>();
  for (const key of config.keys ?? []) byHash.set(key.sha256.toLowerCase(), key);
  const masterHash = config.masterKey === undefined ? undefined : Buffer.from(hashGatewayKey(config.masterKey), 'hex');
  const enabled = byHash.size > 0 || masterHash !== undefined;
  return {
    enabled,
    authenticate(presented) {
      if (!enabled) return ANONYMOUS;
      if (presented === undefined || presented === '') {
        throw new GatewayError({
          type: 'authentication',
          message:
            'Expected a gateway key (Authorization: Bearer <key>, x-api-key or x-goog-api-key, as your SDK sends it), got none.',
        });
      }
      const hash = hashGatewayKey(presented);
      if (masterHash !== undefined && timingSafeEqual(Buffer.from(hash, 'hex'), masterHash)) {
        return { kind: 'master', name: 'master' };
      }
      return authenticateKey(hash);
    },
  };

  async function authenticateKey(hash: string): Promise<Principal> {
    // Keys of the config first; then keys created through the admin routes (shared by the store).
    const key = byHash.get(hash) ?? (await store.keys?.findKey(hash));
    if (key === undefined)
      throw new GatewayError({ type: 'authentication', message: 'The key is not valid for this gateway.' });
    if (await store.isRevoked(key.name)) {
      throw new GatewayError({ type: 'authentication', message: `The key "${key.name}" was revoked.` });
    }
    return { kind: 'key', name: key.name, key };
  }
}
