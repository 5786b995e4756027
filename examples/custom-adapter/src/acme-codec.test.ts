import { fileURLToPath } from 'node:url';
import type { ModelResponse } from '@interlingua/core';
import { loadCodecFixtures, runCodecConformance } from '@interlingua/testkit';
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
