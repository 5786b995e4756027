import { fileURLToPath } from 'node:url';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runHostedToolConformance } from '@interlingua/testkit/vitest';
import { openaiResponsesCodec } from './openai-responses-codec';

// Issue 31: provider-run tools (declared, replayed, carried on from another provider).
const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));

runHostedToolConformance(openaiResponsesCodec, loadCodecFixtures(fixturesDir), { model: 'gpt-5' });
