// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:REDIS_URL}` is gateway.json syntax, not a template.
import { hashGatewayKey } from '@interlingua/gateway';
import {
  json,
  type ProviderServer,
  type RedisServer,
  startProviderServer,
  startRedisServer,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completion,
  ensureReplicaBinary,
  type Replica,
  startReplica,
  startReplicas,
  waitUntil,
  writeReplicaConfig,
} from './replica-harness';

// Issue 28, finding 4: a Redis restarted without persistence comes back empty. Three gateway
// processes, one real redis-server without an append-only file: revocations made before the loss
// stay refused on every replica, keys created through the admin routes are refused with a clear
// error, the loss is logged once per replica and shown in /metrics and /readyz, and after the
// operator re-initializes the store the revocations are back in Redis (see
// docs/decisions/014-store-epoch.md).

const MASTER = 'master-key-for-data-loss-000';
const SECRETS = { kept: 'sk-data-loss-kept-key-0001', revoked: 'sk-data-loss-revoked-key-2' };
const USAGE = { prompt: 10, completion: 5 };

let redis: RedisServer;
let backend: ProviderServer;
let replicas: Replica[];
let configPath: string;

beforeAll(async () => {
  ensureReplicaBinary();
  redis = await startRedisServer(); // no append-only file, no snapshots: a restart loses everything
  backend = await startProviderServer({
    routes: [{ method: 'POST', path: '/v1/chat/completions', reply: () => json(completion('ok', USAGE)) }],
  });
  configPath = writeReplicaConfig({
    models: { m: { model: 'openai:gpt-4.1', retries: 0 } },
    providers: { openai: { baseURL: `${backend.url}/v1`, apiKey: 'sk-backend-data-loss-0000' } },
    masterKey: MASTER,
    keys: [
      { name: 'kept', sha256: hashGatewayKey(SECRETS.kept) },
      { name: 'revoked', sha256: hashGatewayKey(SECRETS.revoked) },
    ],
    store: { type: 'redis', url: '${env:REDIS_URL}', prefix: 'loss', onUnavailable: 'fail-closed' },
  });
  replicas = await startReplicas(3, configPath, { REDIS_URL: redis.url });
}, 300_000);
afterAll(async () => {
  await Promise.all((replicas ?? []).map((replica) => replica.stop('SIGKILL')));
  await backend?.close();
  await redis?.close();
});

const ask = (replica: Replica, key: string) =>
  new OpenAI({ apiKey: key, baseURL: `${replica.url}/v1`, maxRetries: 0 }).chat.completions
    .create({ model: 'm', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] })
    .then(
      () => ({ status: 200, message: '' }),
      (error: { status?: number; message: string }) => ({ status: error.status ?? 0, message: error.message }),
    );
const admin = (replica: Replica, path: string, body?: unknown) =>
  fetch(`${replica.url}${path}`, {
    method: body === undefined && !path.endsWith('/revoke') && !path.endsWith('/reinitialize') ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${MASTER}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const createKey = async (replica: Replica, name: string) => {
  const response = await admin(replica, '/admin/keys', { name });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { key: string }).key;
};
const readyBody = async (replica: Replica) =>
  (await (await fetch(`${replica.url}/readyz`)).json()) as { ready: boolean; store: Record<string, unknown> };
const lostMetric = async (replica: Replica) =>
  /^interlingua_gateway_store_epoch_lost (\d+)$/m.exec(await (await fetch(`${replica.url}/metrics`)).text())?.[1];
const lossLines = (replica: Replica) =>
  replica
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"msg":"store lost its data"'));

describe('a Redis that lost its data', () => {
  let adminKept: string;
  let adminRevoked: string;

  it('before the loss: created keys work everywhere, revoked ones are refused everywhere', async () => {
    const [one, two, three] = replicas as [Replica, Replica, Replica];
    adminKept = await createKey(one, 'admin-kept');
    adminRevoked = await createKey(one, 'admin-revoked');
    expect((await admin(two, '/admin/keys/revoked/revoke')).status).toBe(200);
    expect((await admin(three, '/admin/keys/admin-revoked/revoke')).status).toBe(200);
    for (const replica of replicas) {
      await waitUntil(async () => (await ask(replica, SECRETS.revoked)).status === 401);
      expect((await ask(replica, SECRETS.kept)).status).toBe(200);
      expect((await ask(replica, adminKept)).status).toBe(200);
      expect((await ask(replica, adminRevoked)).status).toBe(401);
    }
  });

  it('restarted empty: revoked keys stay refused on every replica, created keys are refused with a clear error, the loss is logged once', async () => {
    await redis.restart(); // no persistence: the server comes back with no data at all
    // Every replica is connected again and serves (a config key that was never revoked works).
    for (const replica of replicas) {
      await waitUntil(async () => (await readyBody(replica)).store.available === true, 20_000);
      await waitUntil(async () => (await ask(replica, SECRETS.kept)).status === 200, 20_000);
    }
    // The finding: the revoked keys stay refused on every replica, although Redis forgot them.
    for (const replica of replicas) {
      const revoked = await ask(replica, SECRETS.revoked);
      expect(revoked.status, revoked.message).toBe(401);
      expect(revoked.message).toContain('"revoked" was revoked');
      expect((await ask(replica, adminRevoked)).status).toBe(401);
    }
    for (const replica of replicas) {
      await waitUntil(async () => (await readyBody(replica)).store.dataLost === true, 20_000);
    }
    for (const replica of replicas) {
      expect((await ask(replica, SECRETS.revoked)).status).toBe(401);
      expect((await ask(replica, adminRevoked)).status).toBe(401);
      const created = await ask(replica, adminKept);
      expect(created.status).toBe(401);
      expect(created.message).toContain('lost its data');
      expect(created.message).toContain('/admin/store/reinitialize');
      // Keys of the config that were not revoked keep working: the replicas know them without Redis.
      expect((await ask(replica, SECRETS.kept)).status).toBe(200);
      // Ready (the replica still serves the config's keys), and the body says why created keys are refused.
      expect(await readyBody(replica)).toMatchObject({ ready: true, store: { available: true, dataLost: true } });
      expect(await lostMetric(replica)).toBe('1');
    }
    // A key cannot be created in a store that lost its data.
    const refused = await admin(replica(0), '/admin/keys', { name: 'during-loss' });
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain('lost its data');
    // One loud line per replica, not one per request.
    for (const each of replicas) expect(lossLines(each)).toHaveLength(1);
    console.info(`[data loss] after the restart: ${lossLines(replica(0))[0]}`);
  });

  it('a replica started during the loss, which never saw the data, refuses every virtual key and is not ready', async () => {
    const late = await startReplica(configPath, { REDIS_URL: redis.url });
    try {
      await waitUntil(async () => (await readyBody(late)).store.dataLost === true);
      const body = await fetch(`${late.url}/readyz`);
      expect(body.status).toBe(503);
      // It cannot know which config keys were revoked, so it serves none of them...
      for (const key of [SECRETS.kept, SECRETS.revoked]) {
        const answer = await ask(late, key);
        expect(answer.status, answer.message).toBe(503);
        expect(answer.message).toContain('cannot know which keys were revoked');
      }
      // ... and refuses created keys as every replica does.
      expect((await ask(late, adminKept)).status).toBe(401);
    } finally {
      await late.stop('SIGKILL');
    }
  });

  it("after the operator's re-initialization: revocations are back in Redis, lost keys stay gone, new keys work", async () => {
    const answer = await admin(replica(1), '/admin/store/reinitialize');
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toMatchObject({ reinitialized: true });
    for (const each of replicas) {
      await waitUntil(async () => (await readyBody(each)).store.dataLost === undefined);
      expect(await lostMetric(each)).toBe('0');
    }
    // A replica started now learns the revocations from Redis: the running replicas wrote them back.
    const fresh = await startReplica(configPath, { REDIS_URL: redis.url });
    try {
      for (const each of [...replicas, fresh]) {
        expect((await ask(each, SECRETS.revoked)).status).toBe(401);
        expect((await ask(each, SECRETS.kept)).status).toBe(200);
        // The created keys were lost with the data; the operator creates them again.
        expect((await ask(each, adminKept)).status).toBe(401);
      }
      const again = await createKey(replica(2), 'admin-again');
      for (const each of [...replicas, fresh]) expect((await ask(each, again)).status).toBe(200);
    } finally {
      await fresh.stop('SIGKILL');
    }
    for (const each of replicas) expect(lossLines(each)).toHaveLength(1);
  });
});

const replica = (index: number) => replicas[index] as Replica;
