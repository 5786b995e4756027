import { fileURLToPath } from 'node:url';
import { fuzzCodec, loadCodecFixtures } from '@interlingua/testkit';
import { expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';

// Seeded and bounded: `pnpm test` runs a few hundred cases per decoder; FUZZ_RUNS (and FUZZ_SEED) raise them, e.g.
// FUZZ_RUNS=100000 pnpm vitest run packages/openai/src/responses/openai-responses-codec.fuzz.test.ts
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 18);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));

it('decodes mutated fixtures to valid IR or typed errors, and nothing else', async () => {
  const report = await fuzzCodec(openaiResponsesCodec, { fixtures, numRuns, seed, model: 'gpt-5' });
  if (process.env.FUZZ_RUNS !== undefined) console.info(JSON.stringify(report));
  for (const decoder of ['decodeResponse', 'decodeStream', 'decodeRequest'] as const) {
    const entry = report.decoders[decoder];
    expect(entry?.cases, decoder).toBe(numRuns);
    expect(entry?.decoded, decoder).toBeGreaterThan(0);
    expect(Object.keys(entry?.rejected ?? {}).length, decoder).toBeGreaterThan(0);
  }
  // Error bodies among the seeds come back as the provider's error, not as a fake success.
  expect(report.decoders.decodeResponse?.rejected.API_CALL_ERROR).toBeGreaterThan(0);
}, 120_000);
