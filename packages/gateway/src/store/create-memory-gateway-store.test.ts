import { describe, expect, it } from 'vitest';
import { budgetPeriodWindow } from './budget-period-window';
import { createMemoryGatewayStore } from './create-memory-gateway-store';

function clock(start = Date.UTC(2026, 10, 30, 23, 59, 0)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const rpm = (limit: number) => ({ name: 'key:a:rpm', limit, windowMs: 60_000, amount: 1 });

describe('memory GatewayStore', () => {
  it('takes from a token bucket until empty, then answers how long to wait; refills continuously', async () => {
    const time = clock();
    const store = createMemoryGatewayStore({ now: time.now });
    for (let index = 0; index < 3; index++) expect(await store.take([rpm(3)])).toEqual({ ok: true });
    expect(await store.take([rpm(3)])).toEqual({ ok: false, name: 'key:a:rpm', retryAfterMs: 20_000, tooLarge: false });
    time.advance(20_000);
    expect(await store.take([rpm(3)])).toEqual({ ok: true });
  });

  it('takes from several buckets all or nothing', async () => {
    const store = createMemoryGatewayStore({ now: clock().now });
    const tpm = { name: 'model:m:tpm', limit: 100, windowMs: 60_000, amount: 80 };
    expect(await store.take([rpm(10), tpm])).toEqual({ ok: true });
    const refused = await store.take([rpm(10), tpm]);
    expect(refused).toMatchObject({ ok: false, name: 'model:m:tpm' });
    // The rpm bucket gave nothing to the refused request: 9 more requests fit.
    for (let index = 0; index < 9; index++) expect(await store.take([rpm(10)])).toEqual({ ok: true });
    expect((await store.take([rpm(10)])).ok).toBe(false);
  });

  it('says when an amount can never fit', async () => {
    const store = createMemoryGatewayStore({ now: clock().now });
    expect(await store.take([{ name: 't', limit: 100, windowMs: 60_000, amount: 101 }])).toMatchObject({
      ok: false,
      tooLarge: true,
    });
  });

  it('settles reservations: gives back the unused part, takes the overshoot, never above the limit', async () => {
    const store = createMemoryGatewayStore({ now: clock().now });
    const bucket = { name: 'key:a:tpm', limit: 1000, windowMs: 60_000 };
    expect(await store.take([{ ...bucket, amount: 900 }])).toEqual({ ok: true });
    await store.give([bucket], [700]); // used 200 of 900
    expect(await store.take([{ ...bucket, amount: 800 }])).toEqual({ ok: true });
    await store.give([bucket], [-300]); // used 300 more than reserved: the bucket goes below zero
    expect((await store.take([{ ...bucket, amount: 1 }])).ok).toBe(false);
    await store.give([bucket], [5000]);
    expect(await store.take([{ ...bucket, amount: 1000 }])).toEqual({ ok: true });
    expect((await store.take([{ ...bucket, amount: 1 }])).ok).toBe(false);
  });

  it('adds spend per key and period; a new month starts at zero', async () => {
    const time = clock();
    const store = createMemoryGatewayStore({ now: time.now });
    await store.addSpend('team-a', 'month', { usd: 1.5, tokens: 100 });
    expect(await store.addSpend('team-a', 'month', { usd: 0.25, tokens: 50 })).toEqual({
      usd: 1.75,
      tokens: 150,
      resetsAt: Date.UTC(2026, 11, 1),
    });
    expect(await store.readSpend('team-b', 'month')).toEqual({ usd: 0, tokens: 0, resetsAt: Date.UTC(2026, 11, 1) });
    time.advance(60_000);
    expect(await store.readSpend('team-a', 'month')).toMatchObject({ usd: 0, tokens: 0 });
    expect(await store.readSpend('team-a', 'total')).toEqual({ usd: 0, tokens: 0, resetsAt: undefined });
  });

  it('resets a budget period, and keeps created keys by hash', async () => {
    const store = createMemoryGatewayStore({ now: clock().now });
    await store.addSpend('team-a', 'day', { usd: 2, tokens: 20 });
    await store.resetSpend('team-a', 'day');
    expect(await store.readSpend('team-a', 'day')).toMatchObject({ usd: 0, tokens: 0 });
    const record = { name: 'ci', sha256: 'ab'.repeat(32) };
    expect(await store.keys?.saveKey(record)).toBe(true);
    expect(await store.keys?.saveKey({ ...record, name: 'again' })).toBe(false);
    expect(await store.keys?.findKey('ab'.repeat(32))).toEqual(record);
    expect(await store.keys?.listKeys()).toEqual([record]);
  });

  it('revokes keys and cools targets down for a while', async () => {
    const time = clock();
    const store = createMemoryGatewayStore({ now: time.now });
    expect(await store.isRevoked('team-a')).toBe(false);
    await store.revoke('team-a');
    expect(await store.isRevoked('team-a')).toBe(true);
    await store.coolDown('openai:gpt-4.1', 30_000);
    expect(await store.cooldownLeft('openai:gpt-4.1')).toBe(30_000);
    time.advance(30_000);
    expect(await store.cooldownLeft('openai:gpt-4.1')).toBe(0);
  });
});

describe('budgetPeriodWindow', () => {
  it('uses UTC days, Monday weeks and calendar months', () => {
    const wednesday = Date.UTC(2026, 11, 2, 15, 30);
    expect(budgetPeriodWindow('day', wednesday)).toEqual({ id: 'day:2026-12-02', endsAt: Date.UTC(2026, 11, 3) });
    expect(budgetPeriodWindow('week', wednesday)).toEqual({ id: 'week:2026-11-30', endsAt: Date.UTC(2026, 11, 7) });
    expect(budgetPeriodWindow('month', wednesday)).toEqual({ id: 'month:2026-12', endsAt: Date.UTC(2027, 0, 1) });
    expect(budgetPeriodWindow('total', wednesday)).toEqual({ id: 'total', endsAt: undefined });
  });
});
