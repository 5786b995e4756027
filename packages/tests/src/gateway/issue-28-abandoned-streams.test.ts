import { createMemoryGatewayStore, type Gateway, type GatewayStore, hashGatewayKey } from '@interlingua/gateway';
import { hang, sse } from '@interlingua/testkit';
import { createBuiltInGateway } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends } from './gateway-harness';
import { runConcurrently, waitUntil } from './replica-harness';

// Issue 28, finding 1: a client that leaves a stream early is charged for it. The backend sends
// usage last (OpenAI style); the client reads the whole answer and hangs up before the usage
// chunk. The key's budget, its tpm reservation, the log line and /metrics must all show the call.

const MASTER = 'master-key-abandoned-streams-0000';
const READER = 'sk-gw-reader-abandoned-0000000001';
const EARLY = 'sk-gw-early-abandoned-00000000001';
const PAID = 'sk-gw-paid-abandoned-000000000001';
const PROMPT = 'Tell me about the fox.'; // 22 characters: the gateway's estimate is 6 tokens
const MAX_TOKENS = 64; // reserved per request: 6 + 64
const PARTS = ['The ', 'quick ', 'brown ', 'fox ', 'jumps ', 'over']; // 30 characters: 8 tokens relayed
const ANSWER = PARTS.join('');
const STREAMS = 100;

const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-abandoned',
  object: 'chat.completion.chunk',
  created: 1767225600,
  model: 'gpt-4.1-2025-04-14',
  choices,
  ...extra,
});
// Eight chunks: six of text, the finish reason, then the usage (stream_options.include_usage).
const CHUNKS = [
  ...PARTS.map((part, index) =>
    chunk([
      { index: 0, delta: index === 0 ? { role: 'assistant', content: part } : { content: part }, finish_reason: null },
    ]),
  ),
  chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
  chunk([], { usage: { prompt_tokens: 40, completion_tokens: 30, total_tokens: 70 } }),
];

/** The memory store, recording what every `give` gave back to the tpm buckets (a settled reservation gives back less). */
function recordingStore(): { store: GatewayStore; given: Map<string, number> } {
  const store = createMemoryGatewayStore();
  const given = new Map<string, number>();
  const give: GatewayStore['give'] = async (buckets, amounts) => {
    for (const [index, bucket] of buckets.entries()) {
      given.set(bucket.name, (given.get(bucket.name) ?? 0) + (amounts[index] ?? 0));
    }
    return store.give(buckets, amounts);
  };
  return { store: Object.assign(Object.create(store) as GatewayStore, { give }), given };
}

let backends: Backends;
let gateway: Gateway;
let url: string;
let given: Map<string, number>;
const logs: Record<string, unknown>[] = [];

beforeAll(async () => {
  backends = await startBackends();
  const recorded = recordingStore();
  given = recorded.given;
  const key = (name: string, secret: string) => ({
    name,
    sha256: hashGatewayKey(secret),
    tpm: 10_000_000,
    budget: { tokens: 100_000, period: 'total' as const },
  });
  gateway = createBuiltInGateway(
    backendConfig(backends, {
      masterKey: MASTER,
      keys: [key('reader', READER), key('early', EARLY), key('paid', PAID)],
    }),
    {
      store: recorded.store,
      log: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      registry: { env: {} },
    },
  );
  ({ url } = await gateway.listen({ port: 0 }));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 });
const linesOf = (id: string) => logs.filter((line) => line.id === id);

async function spendOf(name: string): Promise<{ tokens: number; usd: number }> {
  const response = await fetch(`${url}/admin/keys`, { headers: { authorization: `Bearer ${MASTER}` } });
  const body = (await response.json()) as { keys: { name: string; spend: { tokens: number; usd: number } }[] };
  const key = body.keys.find((candidate) => candidate.name === name);
  if (key === undefined) throw new Error(`Expected the key ${name} in GET /admin/keys.`);
  return key.spend;
}

/** Streams through the gateway with the openai SDK, reading until the whole answer arrived, then hangs up. */
async function readThenLeave(key: string, id: string): Promise<string> {
  const controller = new AbortController();
  const stream = await client(key).chat.completions.create(
    {
      model: 'openai-backend',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: MAX_TOKENS,
      messages: [{ role: 'user', content: PROMPT }],
    },
    { signal: controller.signal, headers: { 'x-request-id': id } },
  );
  let text = '';
  for await (const part of stream) {
    text += part.choices[0]?.delta.content ?? '';
    if (text === ANSWER) break; // leaving the loop aborts the request: the connection closes
  }
  controller.abort();
  return text;
}

describe('a stream the client leaves is settled with what it cost', () => {
  it('charges 100 streams left before the usage chunk: budget, reservation, one log line each, metrics', async () => {
    // The backend writes 7 of its 8 chunks and holds the usage chunk back for good.
    backends.answer = () => sse('openai', CHUNKS, { hold: { after: 7, until: new Promise(() => undefined) } });
    const before = await spendOf('reader');
    const givenBefore = given.get('key:reader:tpm') ?? 0;
    const server = backends.servers.openai;
    const firstBackendCall = server.requests.length;
    const ids = Array.from({ length: STREAMS }, (_, index) => `abandoned-${index}`);
    const texts = await runConcurrently(STREAMS, 8, (index) => readThenLeave(READER, ids[index] as string));
    expect(texts.every((text) => text === ANSWER)).toBe(true);
    await waitUntil(() => ids.every((id) => linesOf(id).length > 0), 60_000);

    // Every backend call was hung up on.
    await Promise.all(ids.map((_, index) => server.closed(firstBackendCall + index)));
    let tokens = 0;
    let usd = 0;
    for (const id of ids) {
      const lines = linesOf(id);
      expect(lines).toHaveLength(1);
      const line = lines[0] as Record<string, unknown>;
      expect(line).toMatchObject({
        status: 200,
        aborted: true,
        estimated: true,
        backend: 'openai:gpt-4.1',
        // The prompt's estimate, and the 30 characters relayed at ~4 characters per token.
        tokens: { input: 6, output: 8, cached: 0, reasoning: 0 },
      });
      expect(line).not.toHaveProperty('error');
      expect(typeof line.cost).toBe('number');
      tokens += 6 + 8;
      usd += line.cost as number;
    }
    const after = await spendOf('reader');
    expect(after.tokens - before.tokens).toBe(tokens);
    expect(after.tokens - before.tokens).toBeGreaterThan(0);
    expect(after.usd - before.usd).toBeCloseTo(usd, 12);
    // Settled, not refunded: each request gave back its reservation (6 + 64) less the 14 charged.
    expect((given.get('key:reader:tpm') ?? 0) - givenBefore).toBe(STREAMS * (6 + MAX_TOKENS - 14));

    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(
      /interlingua_gateway_estimated_tokens_total\{model="openai-backend",backend="openai:gpt-4\.1",kind="output"\} 800\b/,
    );
    expect(metrics).toMatch(
      /interlingua_gateway_estimated_tokens_total\{model="openai-backend",backend="openai:gpt-4\.1",kind="input"\} 600\b/,
    );
  }, 180_000);

  it('charges the input estimate of a stream left before its first byte', async () => {
    backends.answer = () => hang();
    const server = backends.servers.openai;
    const index = server.requests.length;
    const before = await spendOf('early');
    const givenBefore = given.get('key:early:tpm') ?? 0;
    const controller = new AbortController();
    const pending = client(EARLY)
      .chat.completions.create(
        {
          model: 'openai-backend',
          stream: true,
          max_tokens: MAX_TOKENS,
          messages: [{ role: 'user', content: PROMPT }],
        },
        { signal: controller.signal, headers: { 'x-request-id': 'abandoned-early' } },
      )
      .catch((error: unknown) => error);
    await waitUntil(() => server.requests.length > index, 30_000);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await server.closed(index);
    await waitUntil(() => linesOf('abandoned-early').length > 0, 30_000);
    const lines = linesOf('abandoned-early');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      status: 499,
      aborted: true,
      estimated: true,
      backend: 'openai:gpt-4.1',
      tokens: { input: 6, output: 0 },
    });
    expect(typeof lines[0]?.cost).toBe('number');
    expect((await spendOf('early')).tokens - before.tokens).toBe(6);
    expect((given.get('key:early:tpm') ?? 0) - givenBefore).toBe(6 + MAX_TOKENS - 6);
  }, 60_000);

  it('charges exactly the usage the backend reported before the client left', async () => {
    // All eight chunks, usage included; only the end of the stream is held back.
    backends.answer = () => sse('openai', CHUNKS, { hold: { after: 8, until: new Promise(() => undefined) } });
    const before = await spendOf('paid');
    const givenBefore = given.get('key:paid:tpm') ?? 0;
    expect(await readThenLeave(PAID, 'abandoned-paid')).toBe(ANSWER);
    await waitUntil(() => linesOf('abandoned-paid').length > 0, 30_000);
    const lines = linesOf('abandoned-paid');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 200, aborted: true, tokens: { input: 40, output: 30 } });
    expect(lines[0]).not.toHaveProperty('estimated');
    // gpt-4.1's shipped price: $2 in, $8 out per million tokens.
    expect(lines[0]?.cost).toBeCloseTo((40 * 2 + 30 * 8) / 1e6, 12);
    expect((await spendOf('paid')).tokens - before.tokens).toBe(70);
    expect((given.get('key:paid:tpm') ?? 0) - givenBefore).toBe(6 + MAX_TOKENS - 70);
  }, 60_000);
});
