// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:REDIS_URL}` is gateway.json syntax, not a template.
import { hashGatewayKey } from '@interlingua/gateway';
import { createRedisGatewayStore, type RedisGatewayStore } from '@interlingua/gateway/redis';
import {
  json,
  type ProviderServer,
  type RedisServer,
  type Reply,
  sse,
  startProviderServer,
  startRedisServer,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completion,
  completionChunks,
  ensureReplicaBinary,
  type Replica,
  roundRobin,
  startReplica,
  startReplicas,
  waitUntil,
  writeReplicaConfig,
} from './replica-harness';

// Faults with three gateway processes and one real Redis (with its append-only file, so it
// can be stopped and started again): a replica killed mid-stream, Redis stopped under load,
// every replica restarted. What each test saw is printed for the closing note.

const MASTER = 'master-key-for-replica-faults-0';
const KEY = 'sk-replica-faults-key-0001';
const USAGE = { prompt: 30, completion: 20 }; // 50 tokens a request
const PER_REQUEST = USAGE.prompt + USAGE.completion;

let redis: RedisServer;
let backend: ProviderServer;
let replicas: Replica[];
let configPath: string;
let inspect: RedisGatewayStore;
let answer: () => Reply | Promise<Reply> = () => json(completion('ok', USAGE));

beforeAll(async () => {
  ensureReplicaBinary();
  redis = await startRedisServer({ persist: true });
  backend = await startProviderServer({
    routes: [{ method: 'POST', path: '/v1/chat/completions', reply: () => answer() }],
  });
  configPath = writeReplicaConfig({
    models: { m: { model: 'openai:gpt-4.1', retries: 0 } },
    providers: { openai: { baseURL: `${backend.url}/v1`, apiKey: 'sk-backend-faults-0000' } },
    masterKey: MASTER,
    keys: [
      { name: 'load', sha256: hashGatewayKey(KEY), rpm: 100_000, budget: { tokens: 10_000_000, period: 'total' } },
    ],
    store: { type: 'redis', url: '${env:REDIS_URL}', prefix: 'faults', onUnavailable: 'fail-closed' },
  });
  replicas = await startReplicas(3, configPath, { REDIS_URL: redis.url });
  inspect = createRedisGatewayStore({ url: redis.url, prefix: 'faults', onEvent: () => undefined });
  await inspect.ready();
}, 300_000);
afterAll(async () => {
  await Promise.all((replicas ?? []).map((replica) => replica.stop('SIGKILL')));
  await inspect?.close();
  await backend?.close();
  await redis?.close();
});

const clientOf = (replica: Replica) => new OpenAI({ apiKey: KEY, baseURL: `${replica.url}/v1`, maxRetries: 0 });
const ask = (client: OpenAI) =>
  client.chat.completions.create({ model: 'm', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }).then(
    () => ({ status: 200, message: '' }),
    (error: { status?: number; message: string }) => ({ status: error.status ?? 0, message: error.message }),
  );
const spent = async () => (await inspect.readSpend('load', 'total')).tokens;

describe('faults', () => {
  it('a replica killed mid-stream fails only its own streams, each with a clear error; the retry succeeds on another', async () => {
    let resume: () => void = () => undefined;
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    answer = () => sse('openai', completionChunks(['first ', 'second'], USAGE), { hold: { after: 1, until: resumed } });
    const next = roundRobin(replicas);
    const streams = Array.from({ length: 6 }, () => {
      const replica = next();
      let first: () => void = () => undefined;
      const gotFirst = new Promise<void>((resolve) => {
        first = resolve;
      });
      const done = (async () => {
        const stream = await clientOf(replica).chat.completions.create({
          model: 'm',
          max_tokens: 50,
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        });
        let text = '';
        for await (const chunk of stream) {
          text += chunk.choices[0]?.delta.content ?? '';
          first();
        }
        return text;
      })().then(
        (text) => ({ ok: true as const, text }),
        (error: unknown) => ({ ok: false as const, error: error as Error }),
      );
      return { replica, gotFirst, done };
    });
    // Every stream has its first text: all six are mid-stream. Kill the second replica.
    await Promise.all(streams.map((stream) => stream.gotFirst));
    const victim = replicas[1] as Replica;
    await victim.stop('SIGKILL');
    resume();
    const results = await Promise.all(streams.map((stream) => stream.done));
    answer = () => json(completion('ok', USAGE));
    const failed = streams.filter((_, index) => !results[index]?.ok);
    console.info(
      `[faults] killed replica mid-stream: ${failed.length} of 6 streams failed (${[...new Set(results.flatMap((result) => (result.ok ? [] : [result.error.message])))].join('; ')})`,
    );
    expect(failed.map((stream) => stream.replica)).toEqual([victim, victim]);
    for (const [index, result] of results.entries()) {
      if (result.ok) expect(result.text).toBe('first second');
      else expect(result.error.message, `stream ${index}`).toMatch(/^terminated$|ECONNRESET|socket hang up/);
    }
    // The client retries the two failed requests on the surviving replicas.
    for (const survivor of [replicas[0], replicas[2]] as Replica[])
      expect((await ask(clientOf(survivor))).status).toBe(200);
    replicas[1] = await startReplica(configPath, { REDIS_URL: redis.url });
  });

  it('Redis stopped under load and started again: fail-closed holds throughout, nothing negative or counted twice', async () => {
    const clients = roundRobin(replicas.map(clientOf));
    const before = await spent();
    const outcomes: { phase: 'up' | 'down' | 'back'; status: number; message: string }[] = [];
    let phase: 'up' | 'down' | 'back' = 'up';
    let running = true;
    const workers = Array.from({ length: 6 }, async () => {
      while (running) {
        const at = phase;
        const result = await ask(clients());
        outcomes.push({ phase: at, ...result });
        if (result.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await waitUntil(() => outcomes.filter((outcome) => outcome.status === 200).length >= 20);
    await redis.stop();
    phase = 'down';
    await waitUntil(
      () => outcomes.filter((outcome) => outcome.phase === 'down' && outcome.status === 503).length >= 12,
    );
    // While Redis is away every replica says it is not ready (it refuses requests), and why.
    for (const replica of replicas) {
      const ready = await fetch(`${replica.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, draining: false, store: { available: false } });
    }
    await redis.restart();
    phase = 'back';
    await waitUntil(
      () => outcomes.filter((outcome) => outcome.phase === 'back' && outcome.status === 200).length >= 20,
      20_000,
    );
    running = false;
    await Promise.all(workers);
    for (const replica of replicas) {
      await waitUntil(async () => (await fetch(`${replica.url}/readyz`)).status === 200);
      expect(await (await fetch(`${replica.url}/readyz`)).json()).toEqual({
        ready: true,
        draining: false,
        store: { available: true },
      });
    }
    const served = outcomes.filter((outcome) => outcome.status === 200).length;
    await waitUntil(async () => (await spent().catch(() => -1)) >= before + (served - 12) * PER_REQUEST);
    // Settles of the last answers may still be arriving: wait until the total stops moving.
    let total = await spent();
    await waitUntil(async () => {
      const now = await spent();
      const stable = now === total;
      total = now;
      return stable;
    });
    const count = (phase: string, status: number) =>
      outcomes.filter((outcome) => outcome.phase === phase && outcome.status === status).length;
    const charged = (total - before) / PER_REQUEST;
    console.info(
      `[faults] Redis stop/start under load: up ${count('up', 200)} served; down ${count('down', 503)} refused with 503, ${count('down', 200)} served (admitted before the stop); back ${count('back', 200)} served, ${count('back', 503)} refused while reconnecting; ${served} served in all, ${charged} charged`,
    );
    // The policy held: every refusal is the store's 503, nothing else failed.
    for (const outcome of outcomes.filter((entry) => entry.status !== 200)) {
      expect(outcome.status).toBe(503);
      expect(outcome.message).toContain('shared store (Redis) is unavailable');
    }
    // Never counted twice; at most the requests in flight when Redis stopped went uncharged.
    expect(Number.isInteger(charged)).toBe(true);
    expect(charged).toBeLessThanOrEqual(served);
    expect(charged).toBeGreaterThanOrEqual(served - 6);
    const rpmLevel = await inspect.client.hget('{faults}:v1:bucket:key:load:rpm', 'level');
    expect(Number(rpmLevel ?? 100_000)).toBeGreaterThanOrEqual(0);
    // Each replica logged the outage and the recovery as JSON lines.
    for (const replica of replicas) {
      const lines = replica
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"store":"redis"'));
      expect(lines.some((line) => line.includes('"msg":"store unavailable"'))).toBe(true);
      expect(lines.some((line) => line.includes('"msg":"store recovered"'))).toBe(true);
      // Redis kept its data (its append-only file): an outage, not a loss (docs/decisions/014-store-epoch.md).
      expect(lines.filter((line) => line.includes('"msg":"store lost its data"'))).toEqual([]);
      expect(await (await fetch(`${replica.url}/metrics`)).text()).toMatch(/^interlingua_gateway_store_epoch_lost 0$/m);
    }
  });

  it('every replica restarted: the spend total is exact', async () => {
    const before = await spent();
    let next = roundRobin(replicas.map(clientOf));
    for (let index = 0; index < 9; index++) expect((await ask(next())).status).toBe(200);
    await waitUntil(async () => (await spent()) === before + 9 * PER_REQUEST);
    const codes = await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
    expect(codes).toEqual([0, 0, 0]);
    replicas = await startReplicas(3, configPath, { REDIS_URL: redis.url });
    expect(await spent()).toBe(before + 9 * PER_REQUEST);
    next = roundRobin(replicas.map(clientOf));
    for (let index = 0; index < 6; index++) expect((await ask(next())).status).toBe(200);
    await waitUntil(async () => (await spent()) === before + 15 * PER_REQUEST);
    const listed = (await (
      await fetch(`${replicas[2]?.url}/admin/keys`, { headers: { authorization: `Bearer ${MASTER}` } })
    ).json()) as { keys: { name: string; spend: { tokens: number } }[] };
    expect(listed.keys[0]?.spend.tokens).toBe(before + 15 * PER_REQUEST);
    console.info(`[faults] all replicas restarted: spend ${before + 15 * PER_REQUEST} tokens, exact`);
  });
});
