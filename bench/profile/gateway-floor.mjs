// CPU per request of the raw proxy, the decode-and-encode floor and the gateway (issue 33):
//   node bench/profile/gateway-floor.mjs [rounds] [connections] [--perf]
// from the built packages. Each round starts each server afresh (interleaved), loads it with
// autocannon for 2-second windows — three to warm up (JIT), then three measured — and keeps the
// measured windows' median. With --perf (Linux `perf`, e.g. Debian's linux-perf), the measured
// windows also run under `perf record -e cpu-clock` (true CPU samples of every thread, the kernel's
// included, unlike V8's wall-clock sampler) and each server's CPU is split by where it ran: the
// node binary (V8's runtime, builtins and GC, libuv, llhttp), JIT-compiled JavaScript, the kernel
// (sockets, syscalls), libc (malloc, memmove); and the garbage collector's share of it all.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ask, startServer } from './bench-child.mjs';

const args = process.argv.slice(2);
const withPerf = args.includes('--perf');
const [rounds = 3, connections = 16] = args.filter((arg) => !arg.startsWith('--')).map(Number);
const ROLES = ['proxy-undici', 'floor', 'gateway'];
const dir = mkdtempSync(join(tmpdir(), 'gateway-floor-'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Where perf's samples of one server ran, as fractions of its samples.
function perfSplit(file) {
  const text = execFileSync(
    'perf',
    ['report', '-i', file, '--no-children', '--sort', 'dso,sym', '-g', 'none', '--stdio'],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const split = { node: 0, jit: 0, kernel: 0, libc: 0, other: 0, gc: 0 };
  for (const line of text.split('\n')) {
    const match = /^\s+([\d.]+)%\s+(\S+(?: tid \d+)?)\s+\[(.)\]\s+(.*)$/.exec(line);
    if (match === null) continue;
    const share = Number(match[1]) / 100;
    const [, , dso, , sym] = match;
    const kind =
      dso === 'node'
        ? 'node'
        : dso.startsWith('[JIT]')
          ? 'jit'
          : dso.startsWith('[kernel')
            ? 'kernel'
            : dso.startsWith('libc')
              ? 'libc'
              : 'other';
    split[kind] += share;
    if (/Scaveng|MarkCompact|ConcurrentMarking|MarkingVisitor|Sweeper|Evacuat|RememberedSet|SlotSet|GCTracer/.test(sym))
      split.gc += share;
  }
  return split;
}

const results = Object.fromEntries(ROLES.map((role) => [role, []]));
const mock = await startServer('mock');
try {
  for (let round = 0; round < rounds; round++) {
    for (const role of ROLES) {
      const server = await startServer(role, mock.url);
      const load = (duration) =>
        autocannon({
          url: `${server.url}/v1/chat/completions`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'fast',
            messages: [{ role: 'user', content: 'Say hello.' }],
            tools: [
              {
                type: 'function',
                function: {
                  name: 'get_weather',
                  description: 'The weather in a city.',
                  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
                },
              },
            ],
          }),
          connections,
          duration,
        });
      for (let window = 0; window < 3; window++) await load(2);
      const file = join(dir, `${role}-${round}.data`);
      const recorder = withPerf
        ? spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '2000', '-p', String(server.child.pid), '-o', file], {
            stdio: 'ignore',
          })
        : undefined;
      const windows = [];
      let requests = 0;
      let failed = 0;
      for (let window = 0; window < 3; window++) {
        const before = await ask(server.child, 'cpu');
        const result = await load(2);
        const after = await ask(server.child, 'cpu');
        windows.push((after.user + after.system - before.user - before.system) / result.requests.total);
        requests += result.requests.total;
        failed += result.non2xx + result.errors;
      }
      if (recorder !== undefined) {
        recorder.kill('SIGINT');
        await new Promise((resolve) => recorder.once('exit', resolve));
      }
      const cpu = median(windows);
      results[role].push({ cpu, requests, failed, split: recorder === undefined ? undefined : perfSplit(file) });
      server.child.kill();
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  }
} finally {
  mock.child.kill();
  rmSync(dir, { recursive: true, force: true });
}

const proxy = median(results['proxy-undici'].map((r) => r.cpu));
console.log(
  `CPU per request at c=${connections}, ${rounds} interleaved rounds (median of 3 warm 2-second windows each):`,
);
for (const role of ROLES) {
  const cpus = results[role].map((r) => r.cpu);
  const failed = results[role].reduce((sum, r) => sum + r.failed, 0);
  console.log(
    `  ${role.padEnd(13)} ${cpus.map((cpu) => cpu.toFixed(0)).join(' / ')} µs; median ${median(cpus).toFixed(0)} µs = ${(median(cpus) / proxy).toFixed(2)}× the proxy's${failed ? `; ${failed} failed` : ''}`,
  );
  if (withPerf) {
    const mean = (key) => results[role].reduce((sum, r) => sum + r.split[key], 0) / results[role].length;
    const us = (key) => (mean(key) * median(cpus)).toFixed(0);
    console.log(
      `    by where it ran (µs): node binary ${us('node')}, JIT code ${us('jit')}, kernel ${us('kernel')}, libc ${us('libc')}, other ${us('other')}; of it all, GC ${us('gc')}`,
    );
  }
}
