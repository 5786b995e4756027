import { fileURLToPath } from 'node:url';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runCodecConformance } from '@interlingua/testkit/vitest';
import { openaiCodec } from './openai-codec';

const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));

runCodecConformance(openaiCodec, loadCodecFixtures(fixturesDir), {
  model: 'gpt-4.1',
  // Chat Completions answers with its own word (`stop`, `tool_calls`, `length`); the IR's null cannot survive.
  normalizeResponse: (response) => ({ ...response, rawFinishReason: null }),
  numRuns: 40,
});
