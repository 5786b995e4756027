import { fileURLToPath } from 'node:url';
import { findJSONValueIssue } from '@interlingua/core/adapter';
import {
  applyJSONMutations,
  arbitraryJSONMutations,
  buildCodecFuzzSeeds,
  loadCodecFixtures,
} from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesRequestSchema } from './anthropic-api';
import { anthropicCodec } from './anthropic-codec';
import { isAnthropicRequest } from './anthropic-request-guard';

// The request guard stands for `anthropicMessagesRequestSchema` on the gateway's hot path: it may
// pass only bodies the schema passes AND returns unchanged (the decoder then reads the body
// itself), and must pass the common ones (else it saves nothing). Seeded and bounded; FUZZ_RUNS
// raises the cases.
const numRuns = Number(process.env.FUZZ_RUNS ?? 400);
const seed = Number(process.env.FUZZ_SEED ?? 33);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const seeds = await buildCodecFuzzSeeds(anthropicCodec, { fixtures, seed });
const requests = seeds.requests.filter((body) => anthropicMessagesRequestSchema.safeParse(body).success);

const TOOL = {
  name: 'get_weather',
  description: 'The weather in a city.',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const COMMON = [
  { model: 'fast', max_tokens: 64, messages: [{ role: 'user', content: 'Say hello.' }], tools: [TOOL] },
  {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: [{ type: 'text', text: 'Be brief.' }],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18 °C' }] },
    ],
    tools: [TOOL],
    tool_choice: { type: 'auto' },
    stream: true,
    temperature: 0.2,
    metadata: { user_id: 'u1' },
  },
];

// What the decoder gets: the schema's output, or the body itself when the guard passed it. As in
// `parseWireRequest`, a body that is not bounded plain JSON never reaches either.
function judge(body: unknown): 'both' | 'schema-only' | 'neither' {
  if (findJSONValueIssue(body) !== undefined) return 'neither';
  const parsed = anthropicMessagesRequestSchema.safeParse(body);
  if (isAnthropicRequest(body)) {
    if (!parsed.success) throw new Error(`The guard passed a body the schema rejects: ${JSON.stringify(body)}`);
    // Unchanged: no key the schema would strip, no value it would convert.
    expect(parsed.data).toStrictEqual(body);
    return 'both';
  }
  return parsed.success ? 'schema-only' : 'neither';
}

describe('isAnthropicRequest (the request decoder guard, issue 33)', () => {
  it('passes the common requests, unchanged by the schema', () => {
    for (const body of COMMON) expect(judge(body)).toBe('both');
  });

  it('leaves to the schema what it is not sure of (unknown nested keys, cache_control, images, thinking)', () => {
    const first = COMMON[0] as Record<string, unknown>;
    const variants = [
      { ...first, messages: [{ role: 'user', content: 'hi', name: 'ann' }] },
      {
        ...first,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] }],
      },
      { ...first, tools: [{ ...TOOL, cache_control: { type: 'ephemeral' } }] },
      { ...first, thinking: { type: 'enabled', budget_tokens: 1024 } },
      { ...first, tool_choice: { type: 'auto', extra: 1 } },
    ];
    for (const body of variants) expect(judge(body)).toBe('schema-only');
    // The API wants an unset setting left out: `null` is the schema's to refuse.
    expect(judge({ ...first, temperature: null })).toBe('neither');
  });

  it('never passes a body the schema rejects or would change, on fuzzed requests', () => {
    expect(requests.length).toBeGreaterThan(5);
    const counts = { both: 0, 'schema-only': 0, neither: 0 };
    fc.assert(
      fc.property(fc.constantFrom(...requests, ...COMMON), arbitraryJSONMutations(4), (body, mutations) => {
        counts[judge(applyJSONMutations(body, mutations))]++;
      }),
      { numRuns, seed },
    );
    expect(counts.both).toBeGreaterThan(0);
    expect(counts.neither).toBeGreaterThan(0);
  });

  it('decodes a guarded body to the same IR as the schema path, and a bad one to the same typed error', () => {
    for (const body of [...COMMON, ...requests]) {
      const guarded = anthropicCodec.decodeRequest(body);
      // The same body through the schema only: a copy with an unknown nested key the decoder ignores.
      const messages = (body as { messages: object[] }).messages.map((message) => ({ ...message, unknown_key: 1 }));
      const viaSchema = anthropicCodec.decodeRequest({ ...(body as object), messages });
      expect(guarded.value.request).toEqual(viaSchema.value.request);
    }
    expect(() =>
      anthropicCodec.decodeRequest({ model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 5 }] }),
    ).toThrow(/messages\[0\]\.content/);
  });
});
