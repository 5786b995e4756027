import { fileURLToPath } from 'node:url';
import type { Codec } from '@interlingua/core';
import type { Gateway } from '@interlingua/gateway';
import {
  applyJSONMutations,
  arbitraryJSONMutations,
  buildCodecFuzzSeeds,
  loadCodecFixtures,
} from '@interlingua/testkit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { RESPONSES_BACKEND_CODECS, type ResponsesBackend } from './gateway-responses-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Strangers' bytes over HTTP: the hostile-input issue's fuzz corpus — each format's fixture
// request bodies and its codec's encodings of the IR corpus, mutated by the testkit's JSON
// mutations (null, deletes, wrong types, huge strings, nesting past the depth limit,
// `__proto__` / `constructor` keys, error bodies, …), and one case in four cut short as text —
// sent to the format's route. Every answer is a 2xx (the mutation left a valid
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

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);
const ARRAY_KEYS = Object.getOwnPropertyNames(Array.prototype);

// Every inbound format: the three of the matrix and the Responses API (issue 18).
type InboundFormat = ResponsesBackend;

const PATH: Record<InboundFormat, string> = {
  openai: '/v1/chat/completions',
  'openai-responses': '/v1/responses',
  anthropic: '/v1/messages',
  gemini: '/v1beta/models/anthropic-backend:generateContent',
};
const FIXTURES: Record<InboundFormat, string> = {
  openai: '../../../openai/src/__fixtures__',
  'openai-responses': '../../../openai/src/responses/__fixtures__',
  anthropic: '../../../anthropic/src/__fixtures__',
  gemini: '../../../gemini/src/__fixtures__',
};

/** The hostile-input issue's seeds for a format: its fixtures' request bodies and its codec's encodings of the IR corpus. */
async function seeds(format: InboundFormat): Promise<unknown[]> {
  const fixtures = loadCodecFixtures(fileURLToPath(new URL(FIXTURES[format], import.meta.url)));
  const built = await buildCodecFuzzSeeds(RESPONSES_BACKEND_CODECS[format] as Codec<unknown, unknown, unknown>, {
    fixtures,
    model: 'anthropic-backend',
  });
  return built.requests;
}

/** A body on the wire: the mutated document, or (one case in four) its text cut short. */
function wireBody(document: unknown, cut: number | undefined): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(document) ?? 'null';
  } catch {
    return undefined; // nested too deep for JSON.stringify itself: no body to send
  }
  return cut === undefined ? text : text.slice(0, cut % Math.max(1, text.length));
}

function hasErrorShape(format: InboundFormat, body: unknown): boolean {
  const value = body as {
    type?: unknown;
    error?: { type?: unknown; message?: unknown; status?: unknown; code?: unknown };
  };
  if (format === 'anthropic') return value.type === 'error' && typeof value.error?.message === 'string';
  if (format === 'gemini') return typeof value.error?.status === 'string' && typeof value.error.message === 'string';
  return typeof value.error?.message === 'string' && typeof value.error.type === 'string';
}

describe.each(['openai', 'openai-responses', 'anthropic', 'gemini'] as const)(
  'hostile %s bodies over HTTP',
  (format) => {
    it(`every answer is 2xx or a 4xx in the ${format} shape; the gateway stays up`, async () => {
      const corpus = await seeds(format);
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: corpus.length - 1 }),
          arbitraryJSONMutations(3),
          fc.option(fc.nat(), { freq: 3 }),
          async (index, mutations, cut) => {
            const body = wireBody(applyJSONMutations(corpus[index], mutations), cut ?? undefined);
            fc.pre(body !== undefined);
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
              // A decoder that threw something untyped (a decoder bug) shows here.
              expect(JSON.stringify(answer)).not.toContain('the decoder failed with');
            }
            // The gateway runs in this process: its prototypes are these.
            expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS);
            expect(Object.getOwnPropertyNames(Array.prototype)).toEqual(ARRAY_KEYS);
          },
        ),
        { numRuns: RUNS, seed: 16_2026 + format.length },
      );
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      // The corpus must reach the decoders' error paths, not only be accepted.
      expect([...statuses.keys()].some((status) => status === 400)).toBe(true);
    });
  },
);
