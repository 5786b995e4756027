import { fileURLToPath } from 'node:url';
import { buildCodecFuzzSeeds, fuzzWireGuard, loadCodecFixtures } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { geminiChunkSchema, geminiResponseSchema, isGeminiResponse } from './gemini-api';
import { geminiCodec } from './gemini-codec';

// The decoders' fast guard stands for both wire schemas: it may only pass what the schema passes
// (else a decoder reads unchecked data). Seeded and bounded; FUZZ_RUNS raises the cases.
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 12);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const seeds = await buildCodecFuzzSeeds(geminiCodec, { fixtures, seed });
type Part = { text?: unknown; functionCall?: { name?: unknown; partialArgs?: unknown; willContinue?: unknown } };
// Parts other than text and whole function calls (images, function responses, calls in pieces,
// unknown kinds) are left to the schema.
const isTextOrWholeCall = (part: Part): boolean =>
  part.functionCall === undefined
    ? typeof part.text === 'string'
    : typeof part.functionCall.name === 'string' &&
      part.functionCall.partialArgs === undefined &&
      part.functionCall.willContinue === undefined;
const onlyTextAndCalls = (body: unknown): boolean =>
  ((body as { candidates?: { content?: { parts?: Part[] } }[] }).candidates ?? []).every((candidate) =>
    (candidate.content?.parts ?? []).every(isTextOrWholeCall),
  );

describe.each([
  { name: 'whole bodies', schema: geminiResponseSchema, all: seeds.responses },
  { name: 'stream chunks', schema: geminiChunkSchema, all: seeds.streams.flat() },
])('isGeminiResponse on $name', ({ schema, all }) => {
  const documents = all.filter((body) => schema.safeParse(body).success);

  it('takes every fixture and encoded body the schema takes, with text and call parts', () => {
    const common = documents.filter(onlyTextAndCalls);
    expect(common.length).toBeGreaterThan(5);
    expect(common.filter((document) => !isGeminiResponse(document))).toEqual([]);
  });

  it('passes only what the schema passes, on fuzzed bodies', () => {
    const report = fuzzWireGuard({ guard: isGeminiResponse, schema, documents, numRuns, seed });
    expect(report.bothPassed).toBeGreaterThan(0);
    expect(report.bothFailed).toBeGreaterThan(0);
  });
});
