import { fileURLToPath } from 'node:url';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runHostedToolConformance } from '@interlingua/testkit/vitest';
import { openaiCodec } from './openai-codec';

// Issue 31: provider-run tools (declared, replayed, carried on from another provider).
const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));

runHostedToolConformance(openaiCodec, loadCodecFixtures(fixturesDir), { model: 'gpt-5-search-api' });
