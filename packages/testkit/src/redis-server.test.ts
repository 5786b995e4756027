import { existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startRedisServer } from './redis-server';

/** Sends one inline command and answers the first reply line. */
function command(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let answer = '';
    socket.once('error', reject);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      const lines = answer.split('\r\n');
      // A bulk string ($n) is followed by its value.
      if (lines.length > 2 || (lines.length === 2 && !answer.startsWith('$'))) {
        socket.destroy();
        resolve(answer.startsWith('$') ? (lines[1] as string) : (lines[0] as string));
      }
    });
    socket.connect(port, '127.0.0.1', () => socket.write(`${line}\r\n`));
  });
}

describe('startRedisServer', () => {
  it('runs a redis-server of its own on a free loopback port and a temporary directory, removed on close', async () => {
    const redis = await startRedisServer();
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    expect(await command(redis.port, 'SET greeting hello')).toBe('+OK');
    expect(await command(redis.port, 'GET greeting')).toBe('hello');
    expect(existsSync(redis.dir)).toBe(true);
    await redis.close();
    await expect(command(redis.port, 'PING')).rejects.toThrow(/ECONNREFUSED/);
    expect(existsSync(redis.dir)).toBe(false);
  });

  it('with persist, keeps data across a restart on the same port (append-only file)', async () => {
    const redis = await startRedisServer({ persist: true });
    try {
      expect(await command(redis.port, 'INCRBY spend 7')).toBe(':7');
      await redis.stop();
      await expect(command(redis.port, 'PING')).rejects.toThrow(/ECONNREFUSED/);
      await redis.restart();
      expect(await command(redis.port, 'GET spend')).toBe('7');
    } finally {
      await redis.close();
    }
  });

  it('without persist, a restart starts empty', async () => {
    const redis = await startRedisServer();
    try {
      await command(redis.port, 'SET k v');
      await redis.restart();
      expect(await command(redis.port, 'EXISTS k')).toBe(':0');
    } finally {
      await redis.close();
    }
  });

  it('says how to install redis-server when the binary is missing', async () => {
    await expect(startRedisServer({ binary: 'redis-server-that-does-not-exist' })).rejects.toThrow(
      /apt-get install -y redis-server/,
    );
  });
});
