import { fileURLToPath } from 'node:url';
import type { ModelResponse } from '@interlingua/core';
import { fuzzCodec, loadCodecFixtures } from '@interlingua/testkit';
import { runCodecConformance } from '@interlingua/testkit/vitest';
import { expect, it } from 'vitest';
import { acmeCodec } from './acme-codec';

// The conformance suite every codec runs. What Acme cannot carry is stated here, never by
// loosening the suite: a stream names its id only at the start and its model from the settings,
// and `rawFinishReason` is Acme's own word.
runCodecConformance(acmeCodec, loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url))), {
  model: 'acme-large',
  normalizeResponse: ({ id: _id, model: _model, ...response }: ModelResponse): ModelResponse => ({
    ...response,
    rawFinishReason: null,
  }),
  numRuns: 40,
});

it('fuzz: mutated fixtures decode to valid IR or typed errors, and nothing else', async () => {
  const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
  const report = await fuzzCodec(acmeCodec, { fixtures, numRuns: 200, seed: 7, model: 'acme-large' });
  for (const decoder of ['decodeResponse', 'decodeStream', 'decodeRequest'] as const)
    expect(report.decoders[decoder]?.cases, decoder).toBe(200);
  // Error bodies among the mutations come back as Acme's error, not as an empty success.
  expect(report.decoders.decodeResponse?.rejected.API_CALL_ERROR).toBeGreaterThan(0);
});
