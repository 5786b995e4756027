import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createRedisGatewayStore } from '@interlingua/gateway/redis';
import { startRedisServer } from '@interlingua/testkit';
import autocannon from 'autocannon';

// The gateway's store: the Redis store against the memory store, one replica and three, each
// gateway a process of its own on one mock, every request through a virtual key with rpm, tpm
// and a budget (two buckets taken, the budget read, the reservation settled, spend added).
// Sequential added p50 (Redis − memory, interleaved rounds), then throughput at concurrency 16
// and 64 (autocannon; three replicas get a third of the connections each, run at once). Goals
// (issue 17): Redis adds ≤ 0.3 ms p50 over memory; three replicas ≥ 2.5× one. Reported, never asserted.

const ROUNDS = Number(process.env.GATEWAY_STORE_BENCH_ROUNDS ?? 1000);
const SECONDS = Number(process.env.GATEWAY_STORE_BENCH_SECONDS ?? 3);
const KEY = 'sk-bench-store-key-0001';
const servers = fileURLToPath(new URL('../gateway/bench-servers.mjs', import.meta.url));
const storeGateway = fileURLToPath(new URL('../gateway/bench-store-gateway.mjs', import.meta.url));
const BODY = JSON.stringify({ model: 'fast', max_tokens: 64, messages: [{ role: 'user', content: 'Say hello.' }] });

function start(file: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(file, args, { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${file} ${args[0]} exited with ${code}`)));
    child.on('message', (message: { ready?: string }) => {
      if (message.ready !== undefined) resolve({ child, url: message.ready });
    });
  });
}

/** A gateway child's CPU time so far (µs, user + system). */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { cpu?: { user: number; system: number } }) => {
      if (message.cpu === undefined) return;
      child.off('message', onMessage);
      resolve(message.cpu.user + message.cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

const agents = new Map<string, Agent>();
function timed(url: string): Promise<number> {
  let agent = agents.get(url);
  if (agent === undefined) {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(url, agent);
  }
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: '/v1/chat/completions',
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${KEY}`,
          'content-length': Buffer.byteLength(BODY),
        },
      },
      (incoming) => {
        if (incoming.statusCode !== 200) reject(new Error(`status ${incoming.statusCode}`));
        incoming.resume();
        incoming.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(BODY);
  });
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const fmt = (value: number, digits = 2) => value.toFixed(digits);

/** Requests per second of `urls` served at once, `connections` spread over them. */
async function throughput(urls: string[], connections: number): Promise<{ rps: number; p99: number }> {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}/v1/chat/completions`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: BODY,
        connections: Math.max(1, Math.round(connections / urls.length)),
        duration: SECONDS,
      }),
    ),
  );
  for (const result of results) {
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
  };
}

/** Runs the store suite and prints its table. */
export async function run(): Promise<void> {
  if (!existsSync(fileURLToPath(new URL('../../packages/gateway/dist/redis.js', import.meta.url)))) {
    console.log('\n## gateway-store\nskipped: the gateways run the built packages — run `pnpm build` first.');
    return;
  }
  const before = loadavg();
  const redis = await startRedisServer();
  const mock = await start(servers, ['mock']);
  const memory = await start(storeGateway, ['memory', mock.url]);
  const shared = await Promise.all([0, 1, 2].map(() => start(storeGateway, ['redis', mock.url, redis.url])));
  const one = shared[0] as { url: string };
  try {
    // Warm-up of every gateway (JIT, connections, scripts loaded into Redis).
    for (let round = 0; round < 300; round++) {
      await Promise.all([memory, ...shared].map((gateway) => timed(gateway.url)));
    }
    console.log(
      `\n## gateway-store (${cpus().length} cores; load average before: ${before.map((value) => fmt(value)).join(' / ')})`,
    );
    const times = { memory: [] as number[], redis: [] as number[] };
    // CPU time is far less sensitive to a busy machine than wall time: the gateways' own cost per request.
    const cpuBefore = [await cpuOf(memory.child), await cpuOf((shared[0] as { child: ChildProcess }).child)];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which arm goes first, so neither always follows the other.
      const order = round % 2 === 0 ? (['memory', 'redis'] as const) : (['redis', 'memory'] as const);
      for (const arm of order) times[arm].push(await timed(arm === 'memory' ? memory.url : one.url));
    }
    const added = p50(times.redis) - p50(times.memory);
    const cpuAfter = [await cpuOf(memory.child), await cpuOf((shared[0] as { child: ChildProcess }).child)];
    const cpuPerRequest = cpuAfter.map((after, index) => (after - (cpuBefore[index] as number)) / ROUNDS);
    // The floor of what a shared store costs: one round trip to Redis from this process.
    const probe = createRedisGatewayStore({ url: redis.url, prefix: 'bench-probe', onEvent: () => undefined });
    await probe.ready();
    const pings: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = process.hrtime.bigint();
      await probe.client.ping();
      pings.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    await probe.close();
    console.log(
      `sequential, ${ROUNDS} interleaved rounds: p50 memory ${fmt(p50(times.memory), 3)} ms, redis ${fmt(p50(times.redis), 3)} ms; Redis adds ${fmt(added, 3)} ms p50 (goal ≤ 0.3 ms: ${added <= 0.3 ? 'met' : 'MISSED'}); one Redis round trip (PING) p50 ${fmt(p50(pings), 3)} ms; gateway CPU per request ${fmt(cpuPerRequest[0] as number, 0)} µs memory, ${fmt(cpuPerRequest[1] as number, 0)} µs redis`,
    );
    for (const connections of [16, 64]) {
      // Two repetitions, the arms' order rotated, averaged: load drift hits every arm alike.
      const arms = [[memory.url], [one.url], shared.map((replica) => replica.url)];
      const sums = arms.map(() => ({ rps: 0, p99: 0 }));
      for (let rep = 0; rep < 2; rep++) {
        for (let index = 0; index < arms.length; index++) {
          const arm = (rep + index) % arms.length;
          const result = await throughput(arms[arm] as string[], connections);
          (sums[arm] as { rps: number; p99: number }).rps += result.rps / 2;
          (sums[arm] as { rps: number; p99: number }).p99 += result.p99 / 2;
        }
      }
      const [memoryLoad, redisOne, redisThree] = sums as [
        { rps: number; p99: number },
        { rps: number; p99: number },
        { rps: number; p99: number },
      ];
      const scale = redisThree.rps / redisOne.rps;
      console.log(
        `concurrency ${connections} (autocannon, 2 × ${SECONDS} s per arm): req/s memory ${fmt(memoryLoad.rps, 0)}, redis ×1 ${fmt(redisOne.rps, 0)} (${fmt(redisOne.rps / memoryLoad.rps)}× memory), redis ×3 ${fmt(redisThree.rps, 0)}; p99 ms ${memoryLoad.p99} / ${redisOne.p99} / ${redisThree.p99}`,
      );
      console.log(
        `  three replicas / one: ${fmt(scale)}× (goal ≥ 2.5×: ${scale >= 2.5 ? 'met' : 'MISSED'}; ${cpus().length} cores for 3 gateways, the mock, Redis and the load generator)`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((value) => fmt(value))
        .join(' / ')}`,
    );
  } finally {
    for (const agent of agents.values()) agent.destroy();
    for (const server of [memory, ...shared, mock]) server.child.kill();
    await redis.close();
  }
}
