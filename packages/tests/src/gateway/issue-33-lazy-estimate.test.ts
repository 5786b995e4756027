import { createMemoryGatewayStore, type Gateway, type GatewayStore } from '@interlingua/gateway';
import { textResponse } from '@interlingua/testkit';
import { createBuiltInGateway } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends } from './gateway-harness';

// Issue 33: the prompt estimate is counted only when something reads it. Every reader must still
// get it: a tpm bucket of the model name or of a backend alone (the reservation is the estimate
// plus max_tokens), and Anthropic's message_start (its input_tokens).

const PROMPT = 'Tell me about the fox.'; // 22 characters: the gateway's estimate is 6 tokens
const MAX_TOKENS = 64;

/** The memory store, recording the amount each `take` asked of each bucket. */
function recordingStore(): { store: GatewayStore; taken: Map<string, number[]> } {
  const store = createMemoryGatewayStore();
  const taken = new Map<string, number[]>();
  const take: GatewayStore['take'] = (buckets) => {
    for (const bucket of buckets) taken.set(bucket.name, [...(taken.get(bucket.name) ?? []), bucket.amount]);
    return store.take(buckets);
  };
  return { store: Object.assign(Object.create(store) as GatewayStore, { take }), taken };
}

let backends: Backends;
let gateway: Gateway;
let url: string;
let taken: Map<string, number[]>;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = textResponse('The fox is quick.', { usage: { inputTokens: 40, outputTokens: 5 } });
  const recorded = recordingStore();
  taken = recorded.taken;
  gateway = createBuiltInGateway(
    backendConfig(backends, {
      models: {
        'model-tpm': { model: 'openai:gpt-4.1', retries: 0, tpm: 1_000_000 },
        'backend-tpm': { model: 'anthropic:claude-sonnet-4-6', retries: 0 },
      },
      backends: { 'anthropic:claude-sonnet-4-6': { tpm: 1_000_000 } },
    }),
    { store: recorded.store, log: { write: () => undefined }, registry: { env: {} } },
  );
  ({ url } = await gateway.listen({ port: 0 }));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

const ask = (model: string) =>
  new OpenAI({ apiKey: 'unused', baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create({
    model,
    max_tokens: MAX_TOKENS,
    messages: [{ role: 'user', content: PROMPT }],
  });

describe('the prompt estimate, counted when read', () => {
  it("reserves the estimate plus max_tokens in a model name's tpm bucket", async () => {
    const answer = await ask('model-tpm');
    expect(answer.choices[0]?.message.content).toBe('The fox is quick.');
    expect(taken.get('model:model-tpm:tpm')).toEqual([6 + MAX_TOKENS]);
  });

  it("reserves it in a backend's tpm bucket when only the backend has a tpm limit", async () => {
    const answer = await ask('backend-tpm');
    expect(answer.choices[0]?.message.content).toBe('The fox is quick.');
    expect(taken.get('backend:anthropic:claude-sonnet-4-6:tpm')).toEqual([6 + MAX_TOKENS]);
  });

  it('announces it in message_start to an Anthropic client of a model without limits', async () => {
    const response = await fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({
        model: 'openai-backend',
        max_tokens: MAX_TOKENS,
        stream: true,
        messages: [{ role: 'user', content: PROMPT }],
      }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const start = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; message?: { usage: { input_tokens: number } } })
      .find((event) => event.type === 'message_start');
    expect(start?.message?.usage.input_tokens).toBe(6);
    // A model without any tpm limit takes nothing from the store.
    expect([...taken.keys()].filter((name) => name.includes('openai-backend'))).toEqual([]);
  });
});
