import { createHash, timingSafeEqual } from 'node:crypto';
import type { McpServeKeys } from '../config/mcp-serve-keys-config';
import type { McpCaller } from './mcp-caller';

export type { McpServeKey, McpServeKeys } from '../config/mcp-serve-keys-config';

/** The hex SHA-256 of a key: what `keys[].sha256` holds. */
export function hashMcpKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The caller the master key authenticates: every server and tool, no limit. */
export const MASTER_CALLER: McpCaller = { name: 'master' };

/**
 * Resolves an `Authorization` header to the caller whose key it presents (`Bearer <key>`), or
 * `undefined` for no key or an unknown one. Keys are looked up by their SHA-256, so the lookup's
 * timing depends on the hash only; the master key is compared in constant time.
 */
export function createMcpKeyAuthenticator(keys: McpServeKeys): (authorization: string | null) => McpCaller | undefined {
  const byHash = new Map<string, McpCaller>();
  for (const key of keys.keys ?? []) {
    byHash.set(key.sha256.toLowerCase(), {
      name: key.name,
      ...(key.servers === undefined ? {} : { servers: key.servers }),
      ...(key.tools === undefined ? {} : { tools: key.tools }),
      ...(key.requestsPerMinute === undefined ? {} : { requestsPerMinute: key.requestsPerMinute }),
    });
  }
  const master =
    keys.masterKey === undefined || keys.masterKey === '' ? undefined : Buffer.from(hashMcpKey(keys.masterKey), 'hex');
  return (authorization) => {
    const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (presented === undefined) return undefined;
    const hash = hashMcpKey(presented);
    if (master !== undefined && timingSafeEqual(Buffer.from(hash, 'hex'), master)) return MASTER_CALLER;
    return byHash.get(hash);
  };
}
