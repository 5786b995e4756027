import type { ChatModel, ModelCapabilities, ModelPricing } from '@interlingua/core';
import type { Gateway } from '@interlingua/gateway';
import { createBuiltInGateway, createOpenAI } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 27: the gateway priced and described a call from the process-wide capability registry
// (`pricingOf`, `capabilitiesOf` of the backend's id) although the `ChatModel` it was handed
// carries its own `pricing` and `capabilities` — which may differ (a custom registry, a
// fine-tune, your own model). Now both come from the model the gateway holds.

const OWN_PRICE: ModelPricing = { input: 1, output: 2, source: 'test', read: '2026-12-01' };
const OWN_LIMITS: Partial<ModelCapabilities> = { contextWindow: 12_345, maxOutputTokens: 678 };

let backends: Backends;
let gateway: Gateway;
let url: string;
const logs: Record<string, unknown>[] = [];

/** The adapter's model, stating the given facts (or none) as its own. */
function stating(model: ChatModel, facts: { pricing?: ModelPricing; capabilities?: Partial<ModelCapabilities> }) {
  const stated: ChatModel = {
    provider: model.provider,
    modelId: model.modelId,
    capabilities: facts.capabilities ?? {},
    ...(facts.pricing === undefined ? {} : { pricing: facts.pricing }),
    generate: (request, options) => model.generate(request, options),
    stream: (request, options) => model.stream(request, options),
  };
  return stated;
}

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response; // usage 21 in / 9 out
  const openai = createOpenAI({
    baseURL: `${backends.servers.openai.url}/v1`,
    apiKey: 'sk-backend-0000',
    maxRetries: 0,
  });
  gateway = createBuiltInGateway(
    backendConfig(backends, {
      models: {
        // Not in the shipped price data; its model states a price.
        'own-price': { model: 'openai:ft:house-model', retries: 0 },
        // In the shipped price data ($2 / $8), but its model states neither price nor limits.
        bare: { model: 'openai:gpt-4.1', retries: 0 },
        // In the shipped data with a 1,047,576-token window; its model states smaller limits.
        'own-limits': { model: 'openai:gpt-4.1-mini', retries: 0 },
      },
    }),
    {
      log: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      models: (backend) => {
        const modelId = backend.slice(backend.indexOf(':') + 1);
        if (modelId === 'ft:house-model') return stating(openai(modelId), { pricing: OWN_PRICE });
        if (modelId === 'gpt-4.1-mini') return stating(openai(modelId), { capabilities: OWN_LIMITS });
        return stating(openai(modelId), {});
      },
    },
  );
  ({ url } = await gateway.listen({ port: 0 }));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

async function costOf(model: string, id: string): Promise<unknown> {
  const client = new OpenAI({ apiKey: 'unused', baseURL: `${url}/v1`, maxRetries: 0 });
  await client.chat.completions.create(
    { model, messages: [{ role: 'user', content: '你好' }] },
    { headers: { 'x-request-id': id } },
  );
  return logs.find((line) => line.id === id)?.cost;
}

describe('the gateway prices and describes a call from the ChatModel it holds (issue 27)', () => {
  it('prices a call from the model’s own pricing', async () => {
    // 21 × $1/M + 9 × $2/M
    expect(await costOf('own-price', 'facts-own-price')).toBeCloseTo(0.000039, 12);
  });

  it('does not fall back to the process-wide price data for a model that states no price', async () => {
    expect(await costOf('bare', 'facts-bare')).toBe('unknown');
  });

  it('lists token limits from the model’s own capabilities', async () => {
    const response = await fetch(`${url}/v1beta/models`);
    const { models } = (await response.json()) as {
      models: { name: string; inputTokenLimit?: number; outputTokenLimit?: number }[];
    };
    expect(models.find((model) => model.name === 'models/own-limits')).toMatchObject({
      inputTokenLimit: 12_345,
      outputTokenLimit: 678,
    });
    // A model that states no limits lists none (not the shipped data's for its id).
    expect(models.find((model) => model.name === 'models/bare')).not.toHaveProperty('inputTokenLimit');
  });
});
