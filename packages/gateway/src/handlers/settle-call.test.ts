import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/create-authenticator';
import { newRequestRecord } from '../http/gateway-exchange';
import { createBackendPricer } from '../observability/create-backend-pricer';
import type { Candidate } from '../router/create-model-table';
import { createMemoryGatewayStore } from '../store/create-memory-gateway-store';
import type { GatewayStore } from '../store/gateway-store';
import { settleCall } from './settle-call';

const candidate: Candidate = {
  backend: 'openai:gpt-4.1-mini',
  model: new Error('not needed: the price is in the config'),
  retries: 0,
  timeoutMs: 1000,
  price: { inputPerMTok: 1, outputPerMTok: 2 },
  limits: undefined,
};
const usage = { inputTokens: 1_000_000, outputTokens: 500_000 };

function recordingStore() {
  const writes: string[] = [];
  const memory = createMemoryGatewayStore();
  const store: GatewayStore = {
    ...memory,
    give: (buckets, amounts) => {
      writes.push(`give ${buckets.map((bucket) => bucket.name).join(',')} ${amounts.join(',')}`);
      return memory.give(buckets, amounts);
    },
    addSpend: (key, period, spend) => {
      writes.push(`addSpend ${key} ${period} ${spend.usd} ${spend.tokens}`);
      return memory.addSpend(key, period, spend);
    },
  };
  const services = { store, pricer: createBackendPricer(), reportBackgroundError: () => {} };
  return { writes, services, memory };
}

describe('settleCall', () => {
  it('prices the call and writes nothing (no promise to wait on) when nothing was reserved and no budget counts', () => {
    const { writes, services } = recordingStore();
    const record = newRequestRecord('r1', 'POST', '/v1/chat/completions');
    settleCall(services, record, { kind: 'anonymous', name: undefined }, [], candidate, usage);
    expect(record.cost).toBe(2);
    expect(record.settled).toBeUndefined();
    expect(writes).toEqual([]);
  });

  it('settles the reservations and adds the spend to the key budget', async () => {
    const { writes, services, memory } = recordingStore();
    const principal: Principal = {
      kind: 'key',
      name: 'team',
      key: { name: 'team', sha256: 'ab'.repeat(32), budget: { usd: 10, period: 'total' } },
    };
    const record = newRequestRecord('r2', 'POST', '/v1/chat/completions');
    settleCall(services, record, principal, [], candidate, usage);
    await record.settled;
    expect(writes).toEqual(['addSpend team total 2 1500000']);
    expect(await memory.readSpend('team', 'total')).toMatchObject({ usd: 2, tokens: 1_500_000 });
    const bucket = { name: 'model:m:tpm', limit: 5_000_000, windowMs: 60_000, amount: 2_000_000 };
    const failed = newRequestRecord('r3', 'POST', '/v1/chat/completions');
    settleCall(services, failed, { kind: 'anonymous', name: undefined }, [bucket], undefined, undefined);
    await failed.settled;
    expect(writes.at(-1)).toBe('give model:m:tpm 2000000');
  });
});
