import { fileURLToPath } from 'node:url';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runCodecConformance } from '@interlingua/testkit/vitest';
import { openaiResponsesCodec } from './openai-responses-codec';

const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));

runCodecConformance(openaiResponsesCodec, loadCodecFixtures(fixturesDir), {
  model: 'gpt-5',
  // The Responses API has no stop sequences (encodeRequest warns and leaves them out).
  normalizeRequest: ({ stopSequences: _dropped, ...request }) => request,
  normalizeResponse: (response) => ({
    ...response,
    // The API answers with its own word (`completed`, `max_output_tokens`); the IR's null cannot survive.
    rawFinishReason: null,
    // The API always reports cached and reasoning tokens; the IR's "not known" comes back as 0.
    usage: {
      ...response.usage,
      cachedInputTokens: response.usage.cachedInputTokens ?? 0,
      reasoningTokens: response.usage.reasoningTokens ?? 0,
    },
  }),
  numRuns: 40,
});
