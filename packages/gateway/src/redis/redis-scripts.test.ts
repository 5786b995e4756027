import { type RedisServer, startRedisServer } from '@interlingua/testkit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { budgetPeriodWindow } from '../store/budget-period-window';
import { defineRedisScript } from './redis-script';
import {
  ADD_SPEND_SCRIPT,
  EPOCH_CHECK_SCRIPT,
  GIVE_SCRIPT,
  LUA_LIBRARY,
  READ_SPEND_SCRIPT,
  REINITIALIZE_SCRIPT,
  TAKE_SCRIPT,
} from './redis-scripts';

// The Lua scripts against a real redis-server of their own: boundaries, refunds, the server's
// clock (and a clock that went backwards), budget periods computed in Lua exactly as in TypeScript.

let server: RedisServer;
let client: Redis;
const take = defineRedisScript(TAKE_SCRIPT);
const give = defineRedisScript(GIVE_SCRIPT);
const addSpend = defineRedisScript(ADD_SPEND_SCRIPT);
const readSpend = defineRedisScript(READ_SPEND_SCRIPT);
const epochCheck = defineRedisScript(EPOCH_CHECK_SCRIPT);
const reinitialize = defineRedisScript(REINITIALIZE_SCRIPT);

beforeAll(async () => {
  server = await startRedisServer();
  client = new Redis(server.url);
});
afterAll(async () => {
  await client.quit();
  await server.close();
});
beforeEach(async () => {
  await client.flushall();
});

type Bucket = { key: string; limit: number; windowMs: number };
const rpm: Bucket = { key: 'b:rpm', limit: 3, windowMs: 60_000 };
const tpm: Bucket = { key: 'b:tpm', limit: 100, windowMs: 60_000 };
// Buckets refilling over about 30 years: levels read back exactly, however slow the machine.
const rpmExact: Bucket = { ...rpm, key: 'b:rpm-exact', windowMs: 1e12 };
const tpmExact: Bucket = { ...tpm, key: 'b:tpm-exact', windowMs: 1e12 };

const takeFrom = (buckets: [Bucket, number][]) =>
  take.run(
    client,
    buckets.map(([bucket]) => bucket.key),
    buckets.flatMap(([bucket, amount]) => [bucket.limit, bucket.windowMs, amount]),
  ) as Promise<number[]>;
const giveTo = (buckets: [Bucket, number][]) =>
  give.run(
    client,
    buckets.map(([bucket]) => bucket.key),
    buckets.flatMap(([bucket, amount]) => [bucket.limit, bucket.windowMs, amount]),
  );
const level = async (bucket: Bucket) => Number((await client.hget(bucket.key, 'level')) ?? bucket.limit);
const serverNow = async () => {
  const [seconds, micros] = await client.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
};

describe('take', () => {
  it('admits exactly the limit from a full bucket, then answers the wait for one unit', async () => {
    for (let index = 0; index < 3; index++) expect(await takeFrom([[rpm, 1]])).toEqual([1]);
    const [ok, which, retryAfterMs, tooLarge] = await takeFrom([[rpm, 1]]);
    expect([ok, which, tooLarge]).toEqual([0, 1, 0]);
    // 3 per minute refill one unit every 20 s; a few ms have passed since the last take.
    expect(retryAfterMs).toBeGreaterThan(18_000);
    expect(retryAfterMs).toBeLessThanOrEqual(20_000);
  });

  it('takes all or nothing over several buckets, naming the one that could not give', async () => {
    expect(
      await takeFrom([
        [rpmExact, 1],
        [tpmExact, 80],
      ]),
    ).toEqual([1]);
    expect(
      (
        await takeFrom([
          [rpmExact, 1],
          [tpmExact, 80],
        ])
      ).slice(0, 2),
    ).toEqual([0, 2]);
    // The refused take left the rpm bucket as it was: 2 of 3 remain.
    expect(await level(rpmExact)).toBeCloseTo(2, 6);
    expect(await level(tpmExact)).toBeCloseTo(20, 6);
  });

  it('takes an amount equal to what is left (the boundary), and refuses one more', async () => {
    expect(await takeFrom([[tpmExact, 100]])).toEqual([1]);
    expect(await level(tpmExact)).toBeCloseTo(0, 6);
    expect((await takeFrom([[tpmExact, 1]]))[0]).toBe(0);
  });

  it('says an amount larger than the limit can never fit, and takes nothing', async () => {
    expect(
      await takeFrom([
        [rpm, 1],
        [tpm, 101],
      ]),
    ).toEqual([0, 2, 60_000, 1]);
    expect(await client.exists(rpm.key)).toBe(0);
    // A bucket of limit 0 (one failure allowed before a cooldown) refuses any amount.
    expect((await takeFrom([[{ key: 'f', limit: 0, windowMs: 1000 }, 1]]))[3]).toBe(1);
  });

  it('refills by the server clock: a bucket emptied 30 s ago (server time) holds half its limit', async () => {
    const bucket = { key: 'b:refill', limit: 60, windowMs: 60_000 };
    await client.hset(bucket.key, 'level', '0', 'at', String((await serverNow()) - 30_000));
    expect(await takeFrom([[bucket, 30]])).toEqual([1]);
    expect((await takeFrom([[bucket, 1]]))[0]).toBe(0);
  });

  it('clock edge: a stored time ahead of the server (a failover to a server whose clock is behind) refills nothing and breaks nothing', async () => {
    const bucket = { key: 'b:future', limit: 60, windowMs: 60_000 };
    await client.hset(bucket.key, 'level', '0', 'at', String((await serverNow()) + 3_600_000));
    expect(await takeFrom([[bucket, 1]])).toEqual([0, 1, 1000, 0]);
    // Refill runs from the server's own time from now on.
    await client.hset(bucket.key, 'at', String((await serverNow()) - 2_000));
    expect(await takeFrom([[bucket, 2]])).toEqual([1]);
  });

  it('clock edge: a level stored above the limit (the limit was lowered) counts as the new limit', async () => {
    await client.hset(rpm.key, 'level', '50', 'at', String(await serverNow()));
    for (let index = 0; index < 3; index++) expect((await takeFrom([[rpm, 1]]))[0]).toBe(1);
    expect((await takeFrom([[rpm, 1]]))[0]).toBe(0);
  });

  it('lets a bucket expire once it would have refilled, so idle buckets cost no memory', async () => {
    await takeFrom([[rpm, 1]]);
    const ttl = await client.pttl(rpm.key);
    // One unit of 3/min is back after 20 s; the key outlives that by a second.
    expect(ttl).toBeGreaterThan(19_000);
    expect(ttl).toBeLessThanOrEqual(21_000);
  });
});

describe('give (settling reservations)', () => {
  it('refunds the unused part, never above the limit (a full bucket is deleted)', async () => {
    await takeFrom([[tpmExact, 90]]);
    await giveTo([[tpmExact, 70]]); // used 20 of 90
    expect(await level(tpmExact)).toBeCloseTo(80, 6);
    await giveTo([[tpmExact, 5000]]);
    expect(await client.exists(tpmExact.key)).toBe(0);
  });

  it('takes usage beyond the reservation, below zero: the next request waits for the debt', async () => {
    await takeFrom([[tpmExact, 100]]);
    await giveTo([[tpmExact, -50]]);
    expect(await level(tpmExact)).toBeCloseTo(-50, 6);
    await takeFrom([[tpm, 100]]);
    await giveTo([[tpm, -50]]);
    const [ok, , retryAfterMs] = await takeFrom([[tpm, 10]]);
    expect(ok).toBe(0);
    // 60 units missing at 100 per minute: 36 s (less what refilled while this test ran).
    expect(retryAfterMs).toBeGreaterThan(35_000);
    expect(retryAfterMs).toBeLessThanOrEqual(36_000);
  });

  it('is a no-op for a bucket of limit 0', async () => {
    await giveTo([[{ key: 'f', limit: 0, windowMs: 1000 }, 5]]);
    expect(await client.exists('f')).toBe(0);
  });
});

describe('budget periods in Lua', () => {
  const periodOf = async (kind: string, now: number) =>
    (await client.eval(
      `${LUA_LIBRARY}\nlocal id, ends = period_window(ARGV[1], tonumber(ARGV[2]))\nreturn {id, string.format('%.0f', ends)}`,
      0,
      kind,
      now,
    )) as [string, string];

  const instants = [
    Date.UTC(2026, 10, 30, 23, 59, 59, 999),
    Date.UTC(2026, 11, 1),
    Date.UTC(2026, 11, 31, 23, 59, 59, 999),
    Date.UTC(2027, 0, 1),
    Date.UTC(2028, 1, 29, 12),
    Date.UTC(2028, 2, 1),
    Date.UTC(2100, 1, 28, 23, 59),
    Date.UTC(2000, 1, 29),
    Date.UTC(2026, 10, 29, 23, 59, 59, 999), // a Sunday, the last ms of a week
    Date.UTC(2026, 10, 30), // the Monday after
    0,
  ];

  it('computes the same ids and ends as budgetPeriodWindow, at the edges of days, weeks, months, leap years', async () => {
    for (const now of instants) {
      for (const kind of ['day', 'week', 'month', 'total'] as const) {
        const expected = budgetPeriodWindow(kind, now);
        expect(await periodOf(kind, now), `${kind} at ${new Date(now).toISOString()}`).toEqual([
          expected.id,
          String(expected.endsAt ?? -1),
        ]);
      }
    }
  });

  it('refuses an unknown period kind', async () => {
    await expect(periodOf('fortnight', 0)).rejects.toThrow(/unknown budget period fortnight/);
  });
});

describe('spend', () => {
  const key = 'spend:month:team-a';

  it('adds usd and tokens atomically, answering the total and the end of the period', async () => {
    await addSpend.run(client, [key], ['month', '1.5', 100]);
    const [usd, tokens, endsAt] = (await addSpend.run(client, [key], ['month', '0.25', 50])) as string[];
    const expected = budgetPeriodWindow('month', await serverNow());
    expect([Number(usd), Number(tokens), Number(endsAt)]).toEqual([1.75, 150, expected.endsAt]);
    expect(await readSpend.run(client, [key], ['month'])).toEqual(['1.75', '150', String(expected.endsAt)]);
    // Kept a day past the period's end, then gone.
    const expiresAt = await client.pexpiretime(key);
    expect(expiresAt).toBe((expected.endsAt as number) + 86_400_000);
  });

  it('starts a new period at zero: a hash holding an earlier period is replaced', async () => {
    await client.hset(key, 'period', 'month:2020-01', 'usd', '99', 'tokens', '9999');
    expect(await readSpend.run(client, [key], ['month'])).toEqual(['0', '0', expect.any(String)]);
    const [usd, tokens] = (await addSpend.run(client, [key], ['month', '0.5', 10])) as string[];
    expect([usd, tokens]).toEqual(['0.5', '10']);
  });

  it('keeps total spend without expiry', async () => {
    await addSpend.run(client, ['spend:total:a'], ['total', '2', 7]);
    expect(await readSpend.run(client, ['spend:total:a'], ['total'])).toEqual(['2', '7', '-1']);
    expect(await client.pttl('spend:total:a')).toBe(-1);
  });
});

describe('EVALSHA', () => {
  it('loads a script a server does not know (restarted, flushed) with EVAL, once', async () => {
    await client.script('FLUSH');
    expect(await client.script('EXISTS', take.sha)).toEqual([0]);
    expect(await takeFrom([[rpm, 1]])).toEqual([1]);
    expect(await client.script('EXISTS', take.sha)).toEqual([1]);
  });
});

describe('store epoch (decision 014)', () => {
  const keys = ['e:epoch', 'e:revoked'];
  const check = (known: string, load = true) =>
    epochCheck.run(client, keys, [known, 'created:new', load ? '1' : '0', 'e:epochs']) as Promise<string[]>;
  // Listens on the announcement channel with a connection of its own, answering what it heard.
  const listen = async () => {
    const listener = new Redis(server.url);
    const heard: string[] = [];
    listener.on('message', (_channel: string, message: string) => heard.push(message));
    await listener.subscribe('e:epochs');
    return { heard, close: () => listener.quit() };
  };

  it('initializes a store never seen: the first replica writes its epoch, the others adopt it with the revoked names', async () => {
    expect(await check('')).toEqual(['created', 'created:new']);
    await client.sadd('e:revoked', 'team-a');
    expect(await check('')).toEqual(['adopted', 'created:new', 'team-a']);
    expect(await check('created:new')).toEqual(['intact', 'created:new', 'team-a']);
    expect(await check('created:new', false)).toEqual(['intact', 'created:new']);
    expect(await client.get('e:epoch')).toBe('created:new');
  });

  it('an epoch gone (Redis came back empty) is a loss: the tombstone names it, is announced, and nothing is initialized', async () => {
    const listener = await listen();
    try {
      expect(await check('created:old')).toEqual(['lost', 'lost:created:old']);
      expect(await client.get('e:epoch')).toBe('lost:created:old');
      // A replica that starts now does not take the emptied store for a new deployment.
      expect(await check('')).toEqual(['lost', 'lost:created:old']);
      expect(await check('created:old')).toEqual(['lost', 'lost:created:old']);
      expect(await client.get('e:epoch')).toBe('lost:created:old');
      await waitFor(() => listener.heard.length > 0);
      expect(listener.heard).toEqual(['lost:created:old']);
    } finally {
      await listener.close();
    }
  });

  it('another created epoch (a replica initialized the emptied store before the others looked) is a loss too', async () => {
    await client.set('e:epoch', 'created:by-a-new-replica');
    expect(await check('created:old')).toEqual(['lost', 'lost:created:old']);
    // ... which the replica that created it then sees as well.
    expect(await check('created:by-a-new-replica')).toEqual(['lost', 'lost:created:old']);
  });

  it("the operator's re-initialization is accepted by every replica, whatever epoch it knew", async () => {
    await client.set('e:epoch', 'reinitialized:r1');
    expect(await check('created:old')).toEqual(['reinitialized', 'reinitialized:r1']);
    expect(await check('reinitialized:r1', false)).toEqual(['intact', 'reinitialized:r1']);
    expect(await client.get('e:epoch')).toBe('reinitialized:r1');
  });

  it('re-initializes a lost (or emptied) store with the remembered revocations, and announces it', async () => {
    await client.set('e:epoch', 'lost:created:old');
    const listener = await listen();
    try {
      expect(await reinitialize.run(client, keys, ['reinitialized:r2', 'e:epochs', 'team-a', 'team-b'])).toEqual([
        1, 2,
      ]);
      expect(await client.get('e:epoch')).toBe('reinitialized:r2');
      expect((await client.smembers('e:revoked')).sort()).toEqual(['team-a', 'team-b']);
      await waitFor(() => listener.heard.length > 0);
      expect(listener.heard).toEqual(['reinitialized:r2']);
    } finally {
      await listener.close();
    }
    await client.del('e:epoch');
    expect(await reinitialize.run(client, keys, ['reinitialized:r3', 'e:epochs'])).toEqual([1, 2]);
  });

  it('does not re-initialize a store whose data is there: nothing is written', async () => {
    await client.set('e:epoch', 'created:live');
    expect(await reinitialize.run(client, keys, ['reinitialized:r4', 'e:epochs', 'team-a'])).toEqual([
      0,
      'created:live',
    ]);
    expect(await client.get('e:epoch')).toBe('created:live');
    expect(await client.exists('e:revoked')).toBe(0);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Expected the condition within 5 s.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
