import { fileURLToPath } from 'node:url';
import { findFuzzCoverageGaps, fuzzCodec, loadCodecFixtures } from '@interlingua/testkit';
import { expect, it } from 'vitest';
import { geminiCodec } from './gemini-codec';

// Seeded and bounded: `pnpm test` runs a few hundred cases per decoder; FUZZ_RUNS (and FUZZ_SEED) raise them, e.g.
// FUZZ_RUNS=100000 pnpm vitest run packages/gemini/src/gemini-codec.fuzz.test.ts
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 12);
// A bound against a hang, not a speed goal: a case takes about a millisecond.
const timeout = Math.max(120_000, numRuns * 30);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));

it(
  'decodes mutated fixtures to valid IR or typed errors, and nothing else',
  async () => {
    const report = await fuzzCodec(geminiCodec, { fixtures, numRuns, seed });
    if (process.env.FUZZ_RUNS !== undefined) console.info(JSON.stringify(report));
    expect(findFuzzCoverageGaps(report, numRuns)).toEqual([]);
  },
  timeout,
);
