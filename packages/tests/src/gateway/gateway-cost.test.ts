import type { ModelResponse } from '@interlingua/core';
import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Cost on the log line, and `usd` budgets that do not treat an unknown price as free (issue 20).

const CAPPED = 'sk-gw-capped-0123456789';
const MIXED = 'sk-gw-mixed-0123456789';
const STRICT = 'sk-gw-strict-0123456789';
const text = GATEWAY_SCENARIOS[0]!; // usage 21 in / 9 out

let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  ({ gateway, url, logs } = await startGateway(
    backendConfig(backends, {
      models: {
        // Shipped price: $2 in, $8 out, $0.50 cache reads per million tokens.
        priced: { model: 'openai:gpt-4.1', retries: 0 },
        // No price anywhere: not in the config, not in the shipped data.
        unpriced: { model: 'openai:ft:house-model', retries: 0 },
        // Unpriced first, a priced fallback after it.
        guarded: { model: 'openai:ft:house-model', retries: 0, fallbacks: ['openai:gpt-4.1'] },
        configured: {
          model: 'anthropic:claude-sonnet-4-6',
          retries: 0,
          price: { inputPerMTok: 2, outputPerMTok: 10, cachedInputPerMTok: 0.2, cacheWritePerMTok: 2.5 },
        },
      },
      keys: [
        { name: 'capped', sha256: hashGatewayKey(CAPPED), models: ['priced'], budget: { usd: 0.0001, period: 'day' } },
        {
          name: 'mixed',
          sha256: hashGatewayKey(MIXED),
          models: ['priced', 'unpriced', 'configured', 'guarded'],
          budget: { usd: 5, period: 'month' },
        },
        {
          name: 'strict',
          sha256: hashGatewayKey(STRICT),
          models: ['unpriced', 'guarded'],
          budget: { usd: 5, period: 'month', unpriced: 'refuse' },
        },
      ],
    }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});
beforeEach(() => {
  backends.answer = text.response;
});

async function ask(model: string, key: string, id: string) {
  const client = new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 });
  return client.chat.completions
    .create({ model, messages: [{ role: 'user', content: '你好' }] }, { headers: { 'x-request-id': id } })
    .withResponse();
}

const lineOf = (id: string) => logs.find((line) => line.id === id);
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('cost on the gateway log line', () => {
  it('is the call’s USD cost at the shipped price', async () => {
    await ask('priced', CAPPED, 'cost-priced-1');
    // 21 × $2/M + 9 × $8/M
    expect(lineOf('cost-priced-1')).toMatchObject({ level: 30, backend: 'openai:gpt-4.1', status: 200 });
    expect(lineOf('cost-priced-1')?.cost).toBeCloseTo(0.000114, 12);
  });

  it('says "unknown", never 0, for a backend without a price', async () => {
    await ask('unpriced', MIXED, 'cost-unpriced-1');
    const line = lineOf('cost-unpriced-1');
    expect(line).toMatchObject({ backend: 'openai:ft:house-model', status: 200, cost: 'unknown' });
    expect(line?.tokens).toEqual({ input: 21, output: 9, cached: 0, reasoning: 0 });
  });

  it('prices models.*.price with core’s computeCost: cache reads and writes apart', async () => {
    const response: ModelResponse = {
      ...text.response,
      usage: { inputTokens: 1000, outputTokens: 100, cachedInputTokens: 200, cacheWriteTokens: 300 },
    };
    backends.answer = response;
    await ask('configured', MIXED, 'cost-configured-1');
    // 500 uncached × 2 + 200 reads × 0.2 + 300 writes × 2.5 + 100 out × 10, per million
    expect(lineOf('cost-configured-1')?.cost).toBeCloseTo(0.00279, 12);
  });

  it('has no cost for a request that reached no backend', async () => {
    const client = new OpenAI({ apiKey: MIXED, baseURL: `${url}/v1`, maxRetries: 0 });
    await expect(
      client.chat.completions.create(
        { model: 'nope', messages: [{ role: 'user', content: 'x' }] },
        { headers: { 'x-request-id': 'cost-none-1' } },
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(lineOf('cost-none-1')).toMatchObject({ status: 404 });
    expect(lineOf('cost-none-1')).not.toHaveProperty('cost');
  });
});

describe('usd budgets and unknown prices', () => {
  it('warns at start-up of a usd budget that can reach an unpriced backend', () => {
    expect(gateway.unpricedBudgets).toEqual([
      { key: 'mixed', backends: ['openai:ft:house-model'], message: expect.stringContaining('counted in tokens only') },
      {
        key: 'strict',
        backends: ['openai:ft:house-model'],
        message: expect.stringContaining('this key never uses it'),
      },
    ]);
    const warning = logs.find((line) => line.key === 'mixed' && line.level === 40 && line.backends !== undefined);
    expect(warning).toMatchObject({ backends: ['openai:ft:house-model'] });
    expect(String(warning?.msg)).toMatch(/Key "mixed" has a \$5 budget, but openai:ft:house-model has no known price/);
    // The key with only priced models is not warned of.
    expect(logs.some((line) => line.key === 'capped' && line.backends !== undefined)).toBe(false);
  });

  it('logs each uncounted call at warn, and counts its tokens but no dollars', async () => {
    const before = await gateway.store.readSpend('mixed', 'month');
    await ask('unpriced', MIXED, 'budget-unpriced-1');
    await settled();
    const line = lineOf('budget-unpriced-1');
    expect(line).toMatchObject({ level: 40, status: 200, cost: 'unknown' });
    expect(line?.budgetWarning).toBe(
      'openai:ft:house-model has no known price: this call was not counted against the $5 budget of key "mixed" (its tokens were). Set models.*.price for it.',
    );
    const after = await gateway.store.readSpend('mixed', 'month');
    expect(after.tokens - before.tokens).toBe(30);
    expect(after.usd - before.usd).toBe(0);
  });

  it('counts priced calls in dollars and refuses once the budget is spent', async () => {
    // The first test spent $0.000114 of this key's $0.0001; make sure, then ask again.
    if ((await gateway.store.readSpend('capped', 'day')).usd === 0) await ask('priced', CAPPED, 'budget-priced-0');
    await settled();
    const spent = await gateway.store.readSpend('capped', 'day');
    expect(spent.usd).toBeCloseTo(0.000114, 12);
    const refused = await ask('priced', CAPPED, 'budget-priced-1').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429 });
    expect(String((refused as Error).message)).toMatch(/budget of \$0\.0001 \(spent \$0\.0001\)/);
    expect(lineOf('budget-priced-1')).not.toHaveProperty('budgetWarning');
  });

  it('with budget.unpriced "refuse": an unpriced backend is never used for the key — a priced fallback answers, else 403', async () => {
    const refused = await ask('unpriced', STRICT, 'strict-unpriced-1').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 403 });
    expect(String((refused as Error).message)).toContain(
      'The key "strict" has a $5 budget that refuses backends without a known price, and openai:ft:house-model (serving "unpriced") has none.',
    );
    const before = backends.servers.openai.requests.length;
    await ask('guarded', STRICT, 'strict-guarded-1');
    const sent = backends.servers.openai.requests
      .slice(before)
      .map((request) => (request.body as { model?: string }).model);
    expect(sent).toEqual(['gpt-4.1']);
    expect(lineOf('strict-guarded-1')).toMatchObject({ status: 200, backend: 'openai:gpt-4.1', level: 30 });
    expect(lineOf('strict-guarded-1')?.cost).toBeCloseTo(0.000114, 12);
    // Without "refuse", the same model is served by its unpriced backend (and warned of).
    await ask('guarded', MIXED, 'mixed-guarded-1');
    expect(lineOf('mixed-guarded-1')).toMatchObject({ backend: 'openai:ft:house-model', cost: 'unknown', level: 40 });
  });
});
