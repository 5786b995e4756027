import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of {@link startRedisServer}. */
export type RedisServerOptions = {
  /** Keep data across {@link RedisServer.restart} (an append-only file in the temp dir). Default false. */
  persist?: boolean;
  /** The `redis-server` binary. Default `redis-server` on the `PATH` (Debian's package). */
  binary?: string;
};

/** A `redis-server` process of its own, on a free loopback port, with a temporary directory. */
export type RedisServer = {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Its temporary data directory (removed by {@link RedisServer.close}). */
  readonly dir: string;
  /** Stops the server (SIGTERM: it saves its append-only file when persisting) and waits for its exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory (after {@link RedisServer.stop}). */
  restart(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
};

/** A free loopback port: bind port 0, read it, release it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address from port 0.');
  return address.port;
}

/**
 * Starts a real `redis-server` for a test — never the machine's own instance: a free loopback
 * port (`--bind 127.0.0.1`), a fresh temporary `--dir`, no RDB snapshots, and an append-only
 * file only with `persist`. Resolves once it answers `PING`. Throws, saying how to install it,
 * when the binary is missing.
 *
 * @example
 * const redis = await startRedisServer();
 * try { ... redis.url ... } finally { await redis.close(); }
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = options.binary ?? 'redis-server';
  const dir = await mkdtemp(join(tmpdir(), 'interlingua-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.persist === true ? 'yes' : 'no',
    '--daemonize',
    'no',
    '--protected-mode',
    'yes',
    '--loglevel',
    'warning',
  ];
  let child: ChildProcess | undefined;
  const launch = async () => {
    const started = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const failed = new Promise<never>((_, reject) => {
      started.once('error', (error) =>
        reject(
          new Error(
            `Expected a redis-server binary (${binary}): ${error.message}. Install Debian's package: apt-get install -y redis-server.`,
          ),
        ),
      );
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code} before answering: ${stderr}`)));
    });
    await Promise.race([waitForPing(port), failed]);
  };
  const stop = async () => {
    const current = child;
    child = undefined;
    if (current === undefined || current.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve());
      current.kill('SIGTERM');
    });
  };
  try {
    await launch();
  } catch (error) {
    await stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    stop,
    async restart() {
      await stop();
      await launch();
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the server answers `PING` with `+PONG` (polling every 10 ms, at most 10 s). */
async function waitForPing(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within 10 s.`);
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}
