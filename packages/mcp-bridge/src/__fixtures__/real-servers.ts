import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The absolute path of an installed npm server's `bin` script (never fetched from the network). */
export function binOf(packageName: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  if (bin === undefined) throw new Error(`${packageName} has no bin`);
  return join(dirname(manifestPath), bin);
}

/** An mcp.json stdio entry that runs an installed server with this Node. */
export function stdioEntry(packageName: string, args: string[] = [], env: Record<string, string> = {}) {
  return { command: process.execPath, args: [binOf(packageName), ...args], env };
}

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** An mcp.json stdio entry that runs one of our fixture servers (TypeScript, through tsx). */
export function fixtureEntry(scenario: string) {
  return {
    command: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL('./servers/fixture-server.ts', import.meta.url)), scenario],
    // tsx is a workspace devDependency, resolved from the repository root.
    cwd: repoRoot,
  };
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()));
    });
  });
}

/** The process ids of this process's live children (`ps`), to prove none survive `close()`. */
export function childPids(): number[] {
  const output = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return output
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, command]) => pid !== undefined && command !== undefined && command !== 'ps')
    .map(([pid]) => Number.parseInt(pid as string, 10));
}

/** One process as /proc/<pid>/stat tells it (Linux). */
export type ProcessInfo = { pid: number; ppid: number; pgid: number; sid: number; state: string };

function readStat(pid: string): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid pgrp …`: comm may hold spaces and parentheses, so read after the last `)`.
    const [state, ppid, pgid, sid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), sid: Number(sid), state: state ?? '?' };
  } catch {
    return undefined; // gone between the listing and the read
  }
}

/** One process's ids (Linux /proc), or undefined when it is gone. */
export function processInfo(pid: number): ProcessInfo | undefined {
  return readStat(String(pid));
}

/** Every live (not zombie) process on the machine, read from /proc. */
export function liveProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((info): info is ProcessInfo => info !== undefined && info.state !== 'Z');
}

/** The live processes of one process group: another test's processes never count. */
export function groupMembers(pgid: number): number[] {
  return liveProcesses()
    .filter((info) => info.pgid === pgid)
    .map((info) => info.pid);
}

/** The live descendants of a process, by parent pid. */
export function descendantsOf(pid: number): number[] {
  const all = liveProcesses();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const info of all) {
      if (info.ppid === parent) {
        found.push(info.pid);
        queue.push(info.pid);
      }
    }
  }
  return found;
}

/** Whether a process is still alive (and not a zombie). */
export function isAlive(pid: number): boolean {
  const info = readStat(String(pid));
  return info !== undefined && info.state !== 'Z';
}
