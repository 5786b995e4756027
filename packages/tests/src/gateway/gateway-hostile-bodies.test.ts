import type { Gateway } from '@interlingua/gateway';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, CODECS, startBackends, startGateway, type WireFormat } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Strangers' bytes over HTTP: valid request bodies of each format (every scenario, encoded by
// the format's codec), mutated — values swapped for null, numbers, strings, arrays, deep
// nesting, huge strings; keys dropped; `__proto__` and `constructor` keys added; bodies
// truncated — and sent to the format's route. Every answer is a 2xx (the mutation left a valid
// request) or a 4xx in the caller's error shape; never a 5xx, never a crash; the process stays
// up and Object.prototype is untouched. Seeded and bounded; FUZZ_RUNS raises the count.

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
let backends: Backends;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
  ({ gateway, url } = await startGateway(backendConfig(backends)));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const PATH: Record<WireFormat, string> = {
  openai: '/v1/chat/completions',
  anthropic: '/v1/messages',
  gemini: '/v1beta/models/openai-backend:generateContent',
};

function seeds(format: WireFormat): Json[] {
  return GATEWAY_SCENARIOS.map((scenario) => {
    const body = CODECS[format].encodeRequest(scenario.request, { model: 'anthropic-backend' }).value as Record<
      string,
      Json
    >;
    return JSON.parse(JSON.stringify(body)) as Json;
  });
}

/** Every path to a value inside a JSON tree. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  // Mutations need no path deeper than this (and a planted deep value must not be walked).
  if (prefix.length >= 40) return out;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) paths(value[index] as Json, [...prefix, index], out);
  } else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

function deep(levels: number): Json {
  let value: Json = 1;
  for (let index = 0; index < levels; index++) value = index % 2 === 0 ? [value] : { a: value };
  return value;
}

const replacement = fc.oneof(
  fc.constant(null),
  fc.constant<Json>({}),
  fc.constant<Json>([]),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true }),
  fc.constant(1e308),
  fc.string({ maxLength: 8 }),
  fc.constant('x'.repeat(20_000)),
  fc.constant(deep(1_500)),
  fc.constant<Json>([null, null]),
);

type Mutation =
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'drop'; at: number }
  | { kind: 'proto'; at: number; key: '__proto__' | 'constructor' | 'prototype' }
  | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: replacement }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('proto' as const),
    at: fc.nat(),
    key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function apply(seed: Json, mutations: Mutation[]): string {
  let body = structuredClone(seed);
  for (const step of mutations) {
    if (step.kind === 'truncate') {
      const text = JSON.stringify(body);
      return text.slice(0, step.at % Math.max(1, text.length));
    }
    const all = paths(body);
    const path = all[step.at % all.length] as (string | number)[];
    if (path.length === 0) {
      if (step.kind === 'replace') body = structuredClone(step.value);
      continue;
    }
    let parent = body as Record<string | number, Json>;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
    const last = path.at(-1) as string | number;
    if (step.kind === 'replace') parent[last] = structuredClone(step.value);
    else if (step.kind === 'drop') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else {
      const target = parent[last];
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        Object.defineProperty(target, step.key, {
          value: { polluted: true },
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
    }
  }
  return JSON.stringify(body);
}

function hasErrorShape(format: WireFormat, body: unknown): boolean {
  const value = body as {
    type?: unknown;
    error?: { type?: unknown; message?: unknown; status?: unknown; code?: unknown };
  };
  if (format === 'anthropic') return value.type === 'error' && typeof value.error?.message === 'string';
  if (format === 'gemini') return typeof value.error?.status === 'string' && typeof value.error.message === 'string';
  return typeof value.error?.message === 'string' && typeof value.error.type === 'string';
}

describe.each(['openai', 'anthropic', 'gemini'] as const)('hostile %s bodies over HTTP', (format) => {
  it(`every answer is 2xx or a 4xx in the ${format} shape; the gateway stays up`, async () => {
    const corpus = seeds(format);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: corpus.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (index, steps) => {
          const body = apply(corpus[index] as Json, steps);
          const response = await fetch(`${url}${PATH[format]}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          const answer = (await response.json()) as unknown;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 300) {
            expect(response.status, JSON.stringify(answer)).toBeLessThan(500);
            expect(hasErrorShape(format, answer), JSON.stringify(answer)).toBe(true);
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: RUNS, seed: 16_2026 + format.length },
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // The corpus must reach the decoders' error paths, not only be accepted.
    expect([...statuses.keys()].some((status) => status === 400)).toBe(true);
  });
});
