import { hashGatewayKey } from '@interlingua/gateway';
import { textResponse } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';

// The admin routes (master key): create a key (returned once, stored hashed), list keys with
// spend, revoke, reset a budget — here on the memory store; the Redis suite shares them between
// replicas (gateway-replicas.test.ts).

const MASTER = 'master-key-for-admin-tests-000';
const TEAM = 'sk-team-key-admin-test-0001';
let backends: Backends;
let gateway: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = textResponse('ok', { usage: { inputTokens: 40, outputTokens: 60 } });
  gateway = await startGateway(
    backendConfig(backends, {
      masterKey: MASTER,
      keys: [{ name: 'team', sha256: hashGatewayKey(TEAM), budget: { tokens: 1000, period: 'day' } }],
    }),
  );
});
afterAll(async () => {
  await gateway.gateway.close();
  await backends.close();
});

const admin = (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
  fetch(`${gateway.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${init.key ?? MASTER}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const chat = (key: string) =>
  new OpenAI({ apiKey: key, baseURL: `${gateway.url}/v1`, maxRetries: 0 }).chat.completions.create({
    model: 'openai-backend',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'hi' }],
  });

describe('admin routes', () => {
  it('creates a key, shown once: it works at once with its limits, and the store holds only its hash', async () => {
    const created = await admin('/admin/keys', { body: { name: 'ci', rpm: 2, models: ['openai-backend'] } });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { name: string; key: string; rpm: number };
    expect(body).toMatchObject({ name: 'ci', rpm: 2, models: ['openai-backend'] });
    expect(body.key).toMatch(/^il-[A-Za-z0-9_-]{32}$/);
    expect(await gateway.gateway.store.keys?.findKey(hashGatewayKey(body.key))).toMatchObject({ name: 'ci' });
    expect(JSON.stringify(await gateway.gateway.store.keys?.listKeys())).not.toContain(body.key);

    expect((await chat(body.key)).choices[0]?.message.content).toBe('ok');
    await chat(body.key);
    await expect(chat(body.key)).rejects.toMatchObject({ status: 429 });

    const list = (await (await admin('/admin/keys')).json()) as { keys: Record<string, unknown>[] };
    expect(list.keys.map((key) => [key.name, key.source])).toEqual([
      ['team', 'config'],
      ['ci', 'admin'],
    ]);
    expect(JSON.stringify(list)).not.toContain(body.key);
    expect(JSON.stringify(list)).not.toContain(hashGatewayKey(body.key));
  });

  it('refuses a duplicate or invalid key, naming what is wrong', async () => {
    const duplicate = await admin('/admin/keys', { body: { name: 'team' } });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.text()).toContain('A key named \\"team\\" is in the config.');
    const invalid = await admin('/admin/keys', { body: { name: 'x', rpm: -1, models: ['nope'] } });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('rpm');
  });

  it('lists spend per key and resets a budget', async () => {
    await chat(TEAM);
    // Spend is recorded just after the answer went out.
    const teamSpend = async () => {
      const list = (await (await admin('/admin/keys')).json()) as {
        keys: { name: string; spend: { tokens: number } }[];
      };
      return list.keys.find((key) => key.name === 'team')?.spend;
    };
    for (let tries = 0; (await teamSpend())?.tokens !== 100 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await teamSpend()).toMatchObject({ period: 'day', tokens: 100, usd: expect.any(Number) });
    const reset = await admin('/admin/keys/team/reset-budget', { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { spend: unknown }).spend).toMatchObject({ tokens: 0, usd: 0 });
    expect((await admin('/admin/keys/nobody/reset-budget', { method: 'POST' })).status).toBe(404);
  });

  it('revokes a key: refused from then on with 401 naming it', async () => {
    expect((await admin('/admin/keys/team/revoke', { method: 'POST' })).status).toBe(200);
    const refused = await chat(TEAM).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401 });
    expect((refused as Error).message).toContain('The key "team" was revoked.');
    const list = (await (await admin('/admin/keys')).json()) as { keys: { name: string; revoked: boolean }[] };
    expect(list.keys.find((key) => key.name === 'team')?.revoked).toBe(true);
  });

  it('takes only the master key', async () => {
    const created = (await (await admin('/admin/keys', { body: { name: 'other' } })).json()) as { key: string };
    const asKey = await admin('/admin/keys', { key: created.key });
    expect(asKey.status).toBe(403);
    expect(await asKey.text()).toContain('the key \\"other\\" may not use them');
    expect((await admin('/admin/keys', { key: 'not-a-key-at-all-000' })).status).toBe(401);
  });
});
