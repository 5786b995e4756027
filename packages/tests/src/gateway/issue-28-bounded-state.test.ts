import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Gateway } from '@interlingua/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 28, finding 2: with `allowProviderModels`, every `provider:model` a caller named was
// made and kept for good, and became a label value of `/metrics` — 4,000 names took RSS from 133
// to 256 MiB and `/metrics` to 6.9 MB. Now ad-hoc models live in an LRU of
// `limits.maxProviderModels`, a name that cannot be made is never kept, and ad-hoc calls share
// one label per provider (`openai:*`). 10,000 distinct names go through a real gateway onto the
// OpenAI provider server; the heap is compared after a forced GC (robust on a loaded machine,
// unlike RSS), with a generous bound — never a timing.

const NAMES = 10_000;
const CACHE = 64;
const CONCURRENCY = 16;

// A `gc()` for this process: V8's flag set at run time, the function taken from a new context.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let backends: Backends;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
  ({ gateway, url } = await startGateway(
    backendConfig(backends, { allowProviderModels: true, limits: { maxProviderModels: CACHE } }),
  ));
  // The log lines are kept by the harness; this test's 10,000 would be its own growth.
  gateway.logger.level = 'silent';
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

async function ask(model: string): Promise<number> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Sends `openai:gpt-bounded-<i>` for i in [from, to), CONCURRENCY at a time; every answer must be 200. */
async function askRange(from: number, to: number): Promise<void> {
  let next = from;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) {
        const status = await ask(`openai:gpt-bounded-${next++}`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  // The provider server records every request: forget them, or the test measures its own list.
  backends.servers.openai.requests.length = 0;
  expect([...statuses]).toEqual([[200, to - from]]);
}

const metricsText = async () => (await fetch(`${url}/metrics`)).text();

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('bounded state whatever callers send (issue 28, finding 2)', () => {
  it('10,000 distinct provider:model names: the cache stays at its bound, /metrics and the heap stay flat', async () => {
    await askRange(0, 1_000);
    const metricsAfter1k = (await metricsText()).length;
    await askRange(1_000, 2_000);
    const heapAfter2k = heapAfterGc();
    await askRange(2_000, NAMES);
    const heapAfter10k = heapAfterGc();
    const metrics = await metricsText();

    expect(metrics).toContain(`interlingua_gateway_provider_models ${CACHE}\n`);
    // Counters and histogram sums grow by digits, not by lines: measured +2.7 KB (before: 350 KB → 3.5 MB).
    expect(metrics.length - metricsAfter1k).toBeLessThan(8_192);
    expect(metrics).toContain('model="openai:*"');
    expect(metrics).not.toContain('gpt-bounded-');
    // Measured +0.2 MiB; before, every name kept its model, SDK client and label sets: +55 MiB.
    const growthMiB = (heapAfter10k - heapAfter2k) / 1024 / 1024;
    expect(growthMiB).toBeLessThan(30);
  }, 600_000);

  it('a name that cannot be made is answered 404 and never kept', async () => {
    const unavailable = gateway.unavailable.size;
    const before = await metricsText();
    for (let index = 0; index < 200; index++) expect(await ask(`nosuch:model-${index}`)).toBe(404);
    expect(gateway.unavailable.size).toBe(unavailable);
    const after = await metricsText();
    expect(after).toContain(`interlingua_gateway_provider_models ${CACHE}\n`);
    expect(after).not.toContain('nosuch');
    expect(after.length - before.length).toBeLessThan(1_024);
  });

  it('a caller’s name never becomes a label value: one label per provider', async () => {
    const canary = 'openai:gpt-4o-mini?x=/../../secret-canary';
    expect(await ask(canary)).toBe(200);
    expect((backends.servers.openai.requests.at(-1)?.body as { model?: string } | undefined)?.model).toBe(
      'gpt-4o-mini?x=/../../secret-canary',
    );
    const metrics = await metricsText();
    expect(metrics).not.toContain('secret-canary');
    expect(metrics).toMatch(/interlingua_gateway_tokens_total\{model="openai:\*",backend="openai:\*",kind="input"\}/);
    // Configured names keep their own labels.
    expect(await ask('openai-backend')).toBe(200);
    expect(await metricsText()).toMatch(
      /interlingua_gateway_tokens_total\{model="openai-backend",backend="openai:gpt-4\.1",kind="input"\}/,
    );
  });
});
