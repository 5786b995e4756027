import { fileURLToPath } from 'node:url';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runHostedToolConformance } from '@interlingua/testkit/vitest';
import { anthropicCodec } from './anthropic-codec';

// Issue 31: provider-run tools (declared, replayed, carried on from another provider).
const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));

runHostedToolConformance(anthropicCodec, loadCodecFixtures(fixturesDir), { model: 'claude-sonnet-4-6' });
