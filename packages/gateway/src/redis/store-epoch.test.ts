import { type RedisServer, startRedisServer } from '@interlingua/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashGatewayKey } from '../auth/create-authenticator';
import { GatewayError } from '../errors/gateway-error';
import { createRedisGatewayStore, type RedisGatewayStore, type RedisStoreEvent } from './create-redis-gateway-store';

// The store epoch (docs/decisions/014-store-epoch.md) against real redis-servers: one without
// persistence, whose restart loses everything, and one with an append-only file, whose restart
// must not count as a loss.

let volatile: RedisServer;
let persistent: RedisServer;
const stores: RedisGatewayStore[] = [];

beforeAll(async () => {
  [volatile, persistent] = await Promise.all([startRedisServer(), startRedisServer({ persist: true })]);
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  await Promise.all([volatile?.close(), persistent?.close()]);
});

type Opened = { store: RedisGatewayStore; events: RedisStoreEvent[] };

async function open(server: RedisServer, prefix: string, epochCheckIntervalMs = 5_000): Promise<Opened> {
  const events: RedisStoreEvent[] = [];
  const store = createRedisGatewayStore({
    url: server.url,
    prefix,
    epochCheckIntervalMs,
    onEvent: (event) => events.push(event),
  });
  stores.push(store);
  await store.ready();
  return { store, events };
}

const record = (name: string, secret: string) => ({ name, sha256: hashGatewayKey(secret) });
const lossEvents = (opened: Opened) => opened.events.filter((event) => event.type === 'data-lost');

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Expected the condition within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function refusal(run: () => Promise<unknown>): Promise<GatewayError> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(GatewayError.isInstance(error), String(error)).toBe(true);
  return error as GatewayError;
}

describe('a Redis restarted without its data', () => {
  it('keeps every revocation refused, refuses created keys clearly, reports the loss once, and re-initializes', async () => {
    const prefix = `lost${Date.now()}`;
    const one = await open(volatile, prefix, 100);
    const two = await open(volatile, prefix, 100);
    expect(await one.store.keys.saveKey(record('created', 'sk-created-0001'))).toBe(true);
    await one.store.revoke('config-key');
    await waitUntil(() => two.store.isRevoked('config-key'));
    expect(one.store.health().dataLost).toBeUndefined();

    await volatile.restart();
    for (const { store } of [one, two]) await waitUntil(() => store.health().dataLost === true);
    for (const { store } of [one, two]) {
      // Remembered: refused although Redis no longer holds the revocation.
      expect(await store.isRevoked('config-key')).toBe(true);
      expect(await store.isRevoked('other-key')).toBe(false);
      const refused = await refusal(() => store.keys.findKey(hashGatewayKey('sk-created-0001')));
      expect(refused.status).toBe(401);
      expect(refused.message).toContain('lost its data');
      expect((await refusal(() => store.keys.saveKey(record('new', 'sk-new-0001')))).status).toBe(503);
      // Ready: it serves the config's keys minus the revoked ones.
      expect(store.health()).toMatchObject({ available: true, refusing: false, dataLost: true });
    }
    expect(await one.store.client.get(`{${prefix}}:v1:epoch`)).toMatch(/^lost:created:/);

    // A replica that starts now never saw the data: it cannot know what was revoked.
    const late = await open(volatile, prefix, 100);
    expect(late.store.health()).toMatchObject({ refusing: true, dataLost: true });
    expect((await refusal(() => late.store.isRevoked('any-key'))).message).toContain(
      'cannot know which keys were revoked',
    );

    // Several checks later, still one event per replica.
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const opened of [one, two, late]) expect(lossEvents(opened)).toHaveLength(1);
    expect(lossEvents(one)[0]).toEqual({ type: 'data-lost', knewData: true });
    expect(lossEvents(late)[0]).toEqual({ type: 'data-lost', knewData: false });

    // The operator re-initializes through one replica; the others follow by pub/sub.
    expect(await two.store.reinitialize()).toEqual({ reinitialized: true, revocations: 1 });
    for (const { store } of [one, two, late]) await waitUntil(() => store.health().dataLost === undefined);
    expect(await late.store.isRevoked('config-key')).toBe(true);
    expect(await one.store.client.sismember(`{${prefix}}:v1:revoked`, 'config-key')).toBe(1);
    expect(await one.store.keys.findKey(hashGatewayKey('sk-created-0001'))).toBeUndefined();
    expect(await one.store.keys.saveKey(record('created', 'sk-created-0002'))).toBe(true);
    expect(await late.store.keys.findKey(hashGatewayKey('sk-created-0002'))).toMatchObject({ name: 'created' });
    for (const opened of [one, two, late]) {
      expect(opened.events.filter((event) => event.type === 'reinitialized')).toHaveLength(1);
    }
    // A second re-initialization finds nothing lost and writes nothing.
    expect(await one.store.reinitialize()).toEqual({ reinitialized: false, revocations: 1 });
  });

  it('a flush without a reconnect is found by the periodic check; restoring the data brings back the epoch and the revocations', async () => {
    const prefix = `flushed${Date.now()}`;
    const one = await open(volatile, prefix, 100);
    await one.store.revoke('config-key');
    const epoch = await one.store.client.get(`{${prefix}}:v1:epoch`);
    expect(epoch).toMatch(/^created:[0-9a-f]{24}$/);
    await one.store.client.flushall();
    await waitUntil(() => one.store.health().dataLost === true);
    expect(await one.store.isRevoked('config-key')).toBe(true);
    // The operator restores a backup taken before the revocation: the same epoch, no revocation.
    await one.store.client.set(`{${prefix}}:v1:epoch`, epoch as string);
    await waitUntil(() => one.store.health().dataLost === undefined);
    expect(one.events.filter((event) => event.type === 'data-restored')).toEqual([
      { type: 'data-restored', revocationsWrittenBack: 1 },
    ]);
    expect(await one.store.client.sismember(`{${prefix}}:v1:revoked`, 'config-key')).toBe(1);
  });
});

describe('a Redis restarted with its data (append-only file)', () => {
  it('is not a loss: the epoch comes back with the data, created keys and revocations work', async () => {
    const prefix = `kept${Date.now()}`;
    const one = await open(persistent, prefix, 100);
    expect(await one.store.keys.saveKey(record('created', 'sk-kept-0001'))).toBe(true);
    await one.store.revoke('config-key');
    await persistent.restart();
    await waitUntil(() => one.events.some((event) => event.type === 'recovered'));
    // Several checks after the reconnect.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(one.store.health()).toEqual({ available: true, reason: undefined, refusing: false });
    expect(one.events.map((event) => event.type)).toEqual(['unavailable', 'recovered']);
    expect(await one.store.keys.findKey(hashGatewayKey('sk-kept-0001'))).toMatchObject({ name: 'created' });
    const fresh = await open(persistent, prefix, 100);
    expect(await fresh.store.isRevoked('config-key')).toBe(true);
    expect(fresh.store.health().dataLost).toBeUndefined();
  });
});
