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
import { openaiRequestSchema } from './openai-api';
import { openaiCodec } from './openai-codec';
import { isOpenAIRequest } from './openai-request-guard';

// The request guard stands for `openaiRequestSchema` on the gateway's hot path: it may pass only
// bodies the schema passes AND returns unchanged (the decoder then reads the body itself), and
// must pass the common ones (else it saves nothing). Seeded and bounded; FUZZ_RUNS raises the cases.
const numRuns = Number(process.env.FUZZ_RUNS ?? 400);
const seed = Number(process.env.FUZZ_SEED ?? 33);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const seeds = await buildCodecFuzzSeeds(openaiCodec, { fixtures, seed });
const requests = seeds.requests.filter((body) => openaiRequestSchema.safeParse(body).success);

const TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const COMMON = [
  { model: 'fast', messages: [{ role: 'user', content: 'Say hello.' }], tools: [TOOL] },
  {
    model: 'gpt-4.1-mini',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18 °C' },
    ],
    tools: [TOOL],
    tool_choice: 'auto',
    stream: true,
    stream_options: { include_usage: true },
    max_completion_tokens: 64,
    temperature: 0.2,
    parallel_tool_calls: false,
  },
];

// What the decoder gets: the schema's output, or the body itself when the guard passed it. As in
// `parseWireRequest`, a body that is not bounded plain JSON never reaches either.
function judge(body: unknown): 'both' | 'schema-only' | 'neither' {
  if (findJSONValueIssue(body) !== undefined) return 'neither';
  const parsed = openaiRequestSchema.safeParse(body);
  if (isOpenAIRequest(body)) {
    if (!parsed.success) throw new Error(`The guard passed a body the schema rejects: ${JSON.stringify(body)}`);
    // Unchanged: no key the schema would strip, no value it would convert.
    expect(parsed.data).toStrictEqual(body);
    return 'both';
  }
  return parsed.success ? 'schema-only' : 'neither';
}

describe('isOpenAIRequest (the request decoder guard, issue 33)', () => {
  it('passes the common requests, unchanged by the schema', () => {
    for (const body of COMMON) expect(judge(body)).toBe('both');
  });

  it('leaves to the schema what it is not sure of (unknown nested keys, images, named messages)', () => {
    const first = COMMON[0] as Record<string, unknown>;
    const variants = [
      { ...first, messages: [{ role: 'user', content: 'hi', name: 'ann' }] },
      {
        ...first,
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }],
      },
      { ...first, tools: [{ ...TOOL, extra: true }] },
      { ...first, tool_choice: { type: 'function', function: { name: 'get_weather' }, extra: 1 } },
      { ...first, messages: [{ role: 'function', name: 'f', content: 'x' }] },
    ];
    for (const body of variants) expect(judge(body)).toBe('schema-only');
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
      const guarded = openaiCodec.decodeRequest(body);
      // The same body through the schema only: a copy with an unknown nested key the decoder ignores.
      const messages = (body as { messages: object[] }).messages.map((message) => ({ ...message, unknown_key: 1 }));
      const viaSchema = openaiCodec.decodeRequest({ ...(body as object), messages });
      expect(guarded.value.request).toEqual(viaSchema.value.request);
    }
    expect(() => openaiCodec.decodeRequest({ model: 'm', messages: [{ role: 'user', content: 5 }] })).toThrow(
      /messages\[0\]\.content/,
    );
  });
});
