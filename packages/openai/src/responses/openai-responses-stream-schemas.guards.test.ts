import { fileURLToPath } from 'node:url';
import { buildCodecFuzzSeeds, fuzzWireGuard, loadCodecFixtures } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';
import {
  isResponsesArgumentsDeltaEvent,
  isResponsesContentDeltaEvent,
  isResponsesEventEnvelope,
  responsesArgumentsDeltaEventSchema,
  responsesContentDeltaEventSchema,
  responsesEventEnvelopeSchema,
} from './openai-responses-stream-schemas';

// The stream decoder's fast guards stand for the event schemas: a guard may only pass what its
// schema passes (else the decoder reads unchecked data). Seeded and bounded; FUZZ_RUNS raises the cases.
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 12);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const seeds = await buildCodecFuzzSeeds(openaiResponsesCodec, { fixtures, seed, model: 'gpt-5' });
const events = seeds.streams.flat() as { type?: unknown }[];
const ofType = (...types: string[]) => events.filter((event) => types.includes(String(event.type)));

describe.each([
  {
    name: 'isResponsesEventEnvelope',
    guard: isResponsesEventEnvelope,
    schema: responsesEventEnvelopeSchema,
    documents: events,
  },
  {
    name: 'isResponsesContentDeltaEvent',
    guard: isResponsesContentDeltaEvent,
    schema: responsesContentDeltaEventSchema,
    documents: ofType('response.output_text.delta', 'response.refusal.delta'),
  },
  {
    name: 'isResponsesArgumentsDeltaEvent',
    guard: isResponsesArgumentsDeltaEvent,
    schema: responsesArgumentsDeltaEventSchema,
    documents: ofType('response.function_call_arguments.delta'),
  },
])('$name', ({ guard, schema, documents }) => {
  it('takes every fixture and encoded event of its kind', () => {
    expect(documents.length).toBeGreaterThan(3);
    expect(documents.filter((document) => !schema.safeParse(document).success)).toEqual([]);
    expect(documents.filter((document) => !guard(document))).toEqual([]);
  });

  it('passes exactly what the schema passes, on fuzzed events', () => {
    const report = fuzzWireGuard({ guard, schema, documents, numRuns, seed });
    expect(report.bothPassed).toBeGreaterThan(0);
    expect(report.bothFailed).toBeGreaterThan(0);
    expect(report.schemaOnly).toBe(0);
  });
});
