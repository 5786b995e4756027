import { fileURLToPath } from 'node:url';
import { buildCodecFuzzSeeds, fuzzWireGuard, loadCodecFixtures } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import {
  anthropicMessageSchema,
  anthropicStreamEventSchema,
  isAnthropicMessage,
  isAnthropicStreamEvent,
} from './anthropic-api';
import { anthropicCodec } from './anthropic-codec';

// The decoders' fast guards stand for the wire schemas: a guard may only pass what its schema
// passes (else a decoder reads unchecked data). Seeded and bounded; FUZZ_RUNS raises the cases.
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 12);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const seeds = await buildCodecFuzzSeeds(anthropicCodec, { fixtures, seed });
const messages = seeds.responses.filter((body) => anthropicMessageSchema.safeParse(body).success);
const events = seeds.streams.flat().filter((event) => anthropicStreamEventSchema.safeParse(event).success);
// Server-side blocks (web search results, …) and the deltas the guard does not know (a web search
// answer's `citations_delta`) are left to the schema, which checks them as JSON.
const hasServerBlock = (value: unknown): boolean =>
  JSON.stringify(value).includes('server_tool_use') ||
  JSON.stringify(value).includes('_tool_result') ||
  JSON.stringify(value).includes('"citations_delta"');

describe.each([
  { name: 'isAnthropicMessage', guard: isAnthropicMessage, schema: anthropicMessageSchema, documents: messages },
  {
    name: 'isAnthropicStreamEvent',
    guard: isAnthropicStreamEvent,
    schema: anthropicStreamEventSchema,
    documents: events,
  },
])('$name', ({ guard, schema, documents }) => {
  it('takes every fixture and encoded body the schema takes, but for server blocks', () => {
    expect(documents.length).toBeGreaterThan(5);
    expect(documents.filter((document) => !guard(document) && !hasServerBlock(document))).toEqual([]);
  });

  it('passes only what the schema passes, on fuzzed bodies', () => {
    const report = fuzzWireGuard({ guard, schema, documents, numRuns, seed });
    expect(report.bothPassed).toBeGreaterThan(0);
    expect(report.bothFailed).toBeGreaterThan(0);
  });
});
