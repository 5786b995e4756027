import { fileURLToPath } from 'node:url';
import { buildCodecFuzzSeeds, fuzzWireGuard, loadCodecFixtures } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { isOpenAIChunk, isOpenAIResponse, openaiChunkSchema, openaiResponseSchema } from './openai-api';
import { openaiCodec } from './openai-codec';

// The decoders' fast guards stand for the wire schemas: a guard may only pass what its schema
// passes (else a decoder reads unchecked data). Seeded and bounded; FUZZ_RUNS raises the cases.
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 12);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const seeds = await buildCodecFuzzSeeds(openaiCodec, { fixtures, seed });
const responses = seeds.responses.filter((body) => openaiResponseSchema.safeParse(body).success);
const chunks = seeds.streams.flat().filter((chunk) => openaiChunkSchema.safeParse(chunk).success);

describe.each([
  { name: 'isOpenAIResponse', guard: isOpenAIResponse, schema: openaiResponseSchema, documents: responses },
  { name: 'isOpenAIChunk', guard: isOpenAIChunk, schema: openaiChunkSchema, documents: chunks },
])('$name', ({ guard, schema, documents }) => {
  it('takes every fixture and encoded body the schema takes', () => {
    expect(documents.length).toBeGreaterThan(5);
    expect(documents.filter((document) => !guard(document))).toEqual([]);
  });

  it('passes exactly what the schema passes, on fuzzed bodies', () => {
    const report = fuzzWireGuard({ guard, schema, documents, numRuns, seed });
    expect(report.bothPassed).toBeGreaterThan(0);
    expect(report.bothFailed).toBeGreaterThan(0);
    // Every check the schema makes is made by hand: nothing is left to the schema.
    expect(report.schemaOnly).toBe(0);
  });
});
