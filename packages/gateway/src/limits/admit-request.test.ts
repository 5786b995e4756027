import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/create-authenticator';
import { GatewayError } from '../errors/gateway-error';
import type { ModelPlan } from '../router/create-model-table';
import { createMemoryGatewayStore } from '../store/create-memory-gateway-store';
import type { GatewayStore } from '../store/gateway-store';
import { admitRequest } from './admit-request';

const plan: ModelPlan = { name: 'm', candidates: [], contextWindow: [], limits: { rpm: 5 } };
const principal: Principal = {
  kind: 'key',
  name: 'team',
  key: { name: 'team', sha256: 'ab'.repeat(32), rpm: 2, tpm: 1000, budget: { tokens: 100, period: 'total' } },
};

describe('admitRequest', () => {
  it('takes rpm and the reservation from every bucket, and answers the tpm reservations to settle', async () => {
    const store = createMemoryGatewayStore();
    const admission = await admitRequest(store, principal, plan, () => 300);
    expect(admission.reserved.buckets).toEqual([{ name: 'key:team:tpm', limit: 1000, windowMs: 60_000, amount: 300 }]);
    await admitRequest(store, principal, plan, () => 300);
    const refused = await Promise.resolve(admitRequest(store, principal, plan, () => 300)).catch(
      (error: unknown) => error,
    );
    expect(GatewayError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ type: 'rate_limit', status: 429 });
    expect((refused as Error).message).toContain('Rate limit of the key "team": 2 requests per minute');
  });

  it('refuses a key over its budget with a 429 naming it, and gives back what the request took', async () => {
    const store = createMemoryGatewayStore();
    await store.addSpend('team', 'total', { usd: 0, tokens: 100 });
    for (let attempt = 0; attempt < 4; attempt++) {
      const refused = await Promise.resolve(admitRequest(store, principal, plan, () => 300)).catch(
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ type: 'budget_exceeded', status: 429 });
      expect((refused as Error).message).toBe(
        'The key "team" has spent its total budget of 100 tokens (spent 100); it does not reset.',
      );
    }
    // Four refusals took nothing for good: the key's 2 rpm and the model's 5 are all there.
    await store.resetSpend('team', 'total');
    await admitRequest(store, principal, plan, () => 300);
    await admitRequest(store, principal, plan, () => 300);
    expect(await store.take([{ name: 'model:m:rpm', limit: 5, windowMs: 60_000, amount: 3 }])).toEqual({ ok: true });
  });

  it('answers at once, asking the store nothing, when no limit applies', () => {
    const asked: string[] = [];
    const memory = createMemoryGatewayStore();
    const store: GatewayStore = {
      ...memory,
      take: (buckets) => {
        asked.push('take');
        return memory.take(buckets);
      },
      readSpend: (key, period) => {
        asked.push('readSpend');
        return memory.readSpend(key, period);
      },
    };
    const unlimited: ModelPlan = { ...plan, limits: {} };
    const admission = admitRequest(store, { kind: 'anonymous', name: undefined }, unlimited, () => 300);
    expect(admission).not.toBeInstanceOf(Promise);
    expect(admission).toEqual({ reserved: { buckets: [] } });
    const bare: Principal = { kind: 'key', name: 'bare', key: { name: 'bare', sha256: 'cd'.repeat(32) } };
    expect(admitRequest(store, bare, unlimited, () => 300)).toEqual({ reserved: { buckets: [] } });
    expect(asked).toEqual([]);
    // A limit anywhere goes to the store: the model's rpm, or the key's budget alone.
    expect(admitRequest(store, bare, plan, () => 300)).toBeInstanceOf(Promise);
    const budgeted: Principal = { ...bare, key: { ...bare.key, budget: { tokens: 10, period: 'day' } } };
    expect(admitRequest(store, budgeted, unlimited, () => 300)).toBeInstanceOf(Promise);
    expect(asked).toEqual(['take', 'readSpend']);
  });

  it('asks for the reserved tokens only when a tpm bucket takes them, and names them when they cannot fit', async () => {
    const store = createMemoryGatewayStore();
    let asked = 0;
    const reserve = () => {
      asked++;
      return 1_500;
    };
    // rpm limits and a budget, no tpm: the estimate is never counted.
    const noTpm: Principal = { kind: 'key', name: 'rpm', key: { name: 'rpm', sha256: 'ef'.repeat(32), rpm: 9 } };
    await admitRequest(store, noTpm, plan, reserve);
    expect(asked).toBe(0);
    // The model's tpm alone asks once; the key's tpm and the model's, once each.
    const modelTpm: ModelPlan = { ...plan, limits: { tpm: 2_000 } };
    const admission = await admitRequest(store, noTpm, modelTpm, reserve);
    expect(asked).toBe(1);
    expect(admission.reserved.buckets).toEqual([
      { name: 'model:m:tpm', limit: 2_000, windowMs: 60_000, amount: 1_500 },
    ]);
    const refused = await Promise.resolve(admitRequest(store, principal, modelTpm, reserve)).catch(
      (error: unknown) => error,
    );
    expect(asked).toBe(3);
    expect((refused as Error).message).toBe(
      'The request may use up to 1500 tokens (prompt estimate + max output tokens), more than the 1000 tokens per minute of the key "team"; lower max_tokens.',
    );
  });
});
