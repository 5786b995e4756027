// One bench server in a child process of its own (bench/gateway/bench-servers.mjs), shared by the
// profile scripts: `startServer` forks a role and resolves once it listens; `ask` asks it for its
// 'cpu' (process.cpuUsage), 'rss' or 'heap' over IPC.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('../..', import.meta.url));

/** Forks `role` (with `target`, the mock's URL) from the checkout `root` (this one by default). */
export function startServer(role, target, { root = here, execArgv = [], stdout = 'ignore', env = process.env } = {}) {
  const child = fork(join(root, 'bench/gateway/bench-servers.mjs'), target ? [role, target] : [role], {
    execArgv,
    env,
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
  });
  return new Promise((resolve) => child.on('message', (m) => m.ready && resolve({ child, url: m.ready })));
}

export function ask(child, what) {
  return new Promise((resolve) => {
    const on = (m) => {
      if (m[what] === undefined) return;
      child.off('message', on);
      resolve(m[what]);
    };
    child.on('message', on);
    child.send(what);
  });
}
