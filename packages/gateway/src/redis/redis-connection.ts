import type { Redis } from 'ioredis';

/** Resolves once `connection` is ready (at once when it already is). */
export function waitRedisReady(connection: Redis): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => connection.once('ready', () => resolve()));
}

/** Closes `connection`: a polite QUIT when it is ready, else (or when QUIT fails) a disconnect. */
export async function quitRedis(connection: Redis): Promise<void> {
  try {
    if (connection.status === 'ready') await connection.quit();
    else connection.disconnect();
  } catch {
    connection.disconnect();
  }
}
