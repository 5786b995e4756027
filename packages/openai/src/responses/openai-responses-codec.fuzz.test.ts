import { fileURLToPath } from 'node:url';
import { findFuzzCoverageGaps, fuzzCodec, loadCodecFixtures } from '@interlingua/testkit';
import { expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';

// Seeded and bounded: `pnpm test` runs a few hundred cases per decoder; FUZZ_RUNS (and FUZZ_SEED) raise them, e.g.
// FUZZ_RUNS=100000 pnpm vitest run packages/openai/src/responses/openai-responses-codec.fuzz.test.ts
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 18);
// A bound against a hang, not a speed goal: a case takes about a millisecond.
const timeout = Math.max(120_000, numRuns * 30);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));

it(
  'decodes mutated fixtures to valid IR or typed errors, and nothing else',
  async () => {
    const report = await fuzzCodec(openaiResponsesCodec, { fixtures, numRuns, seed, model: 'gpt-5' });
    if (process.env.FUZZ_RUNS !== undefined) console.info(JSON.stringify(report));
    expect(findFuzzCoverageGaps(report, numRuns)).toEqual([]);
    // Error bodies among the seeds come back as the provider's error, not as a fake success.
    expect(report.decoders.decodeResponse?.rejected.API_CALL_ERROR).toBeGreaterThan(0);
  },
  timeout,
);
