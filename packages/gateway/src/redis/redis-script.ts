import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script run by its SHA-1 (`EVALSHA`), loaded with `EVAL` the first time a server lacks it. */
export type RedisScript = {
  readonly sha: string;
  run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>;
};

/**
 * Wraps a script's source. `EVALSHA` sends 40 bytes instead of the source; a server that does
 * not know the script yet (new, restarted, failed over) answers `NOSCRIPT`, and the script is
 * sent once with `EVAL`, which caches it on that server.
 */
export function defineRedisScript(source: string): RedisScript {
  const sha = createHash('sha1').update(source, 'utf8').digest('hex');
  return {
    sha,
    async run(client, keys, args) {
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        return await client.eval(source, keys.length, ...keys, ...args);
      }
    },
  };
}
