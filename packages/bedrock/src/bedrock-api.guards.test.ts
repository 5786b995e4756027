import { fileURLToPath } from 'node:url';
import { buildCodecFuzzSeeds, fuzzWireGuard, loadCodecFixtures } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import {
  bedrockConverseResponseSchema,
  bedrockStreamChunkSchema,
  isBedrockConverseResponse,
  isBedrockStreamChunk,
} from './bedrock-api';
import { bedrockCodec } from './bedrock-codec';

// The decoders' fast guards stand for the wire schemas: a guard may only pass what its schema
// passes (else a decoder reads unchecked data). Seeded and bounded; FUZZ_RUNS raises the cases.
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 22);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const seeds = await buildCodecFuzzSeeds(bedrockCodec, { fixtures, seed });
const responses = seeds.responses.filter((body) => bedrockConverseResponseSchema.safeParse(body).success);
const events = seeds.streams.flat().filter((event) => bedrockStreamChunkSchema.safeParse(event).success);
// Left to the schema on purpose: cache points and non-text blocks in a response (rare, and the
// schema checks their sources), and anything holding a Uint8Array (the schema turns it into base64).
const leftToSchema = (value: unknown): boolean =>
  JSON.stringify(value).includes('cachePoint') || JSON.stringify(value).includes('"image"');

describe.each([
  {
    name: 'isBedrockConverseResponse',
    guard: isBedrockConverseResponse,
    schema: bedrockConverseResponseSchema,
    documents: responses,
  },
  { name: 'isBedrockStreamChunk', guard: isBedrockStreamChunk, schema: bedrockStreamChunkSchema, documents: events },
])('$name', ({ guard, schema, documents }) => {
  it('takes every fixture and encoded body the schema takes, but for what is left to the schema', () => {
    expect(documents.length).toBeGreaterThan(5);
    expect(documents.filter((document) => !guard(document) && !leftToSchema(document))).toEqual([]);
  });

  it('passes only what the schema passes, on fuzzed bodies', () => {
    const report = fuzzWireGuard({ guard, schema, documents, numRuns, seed });
    expect(report.bothPassed).toBeGreaterThan(0);
    expect(report.bothFailed).toBeGreaterThan(0);
  });
});

describe('the cases a guard leaves to its schema', () => {
  it('a redactedContent the SDK hands as bytes goes through the schema, which reads it as base64', () => {
    const chunk = {
      contentBlockDelta: {
        contentBlockIndex: 0,
        delta: { reasoningContent: { redactedContent: Uint8Array.from([1, 2, 3, 250]) } },
      },
    };
    expect(isBedrockStreamChunk(chunk)).toBe(false);
    expect(bedrockStreamChunkSchema.parse(chunk)).toEqual({
      contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { redactedContent: 'AQID+g==' } } },
    });
  });

  it('an event with two members, or none, is not taken as the first one it names', () => {
    const start = { messageStart: { role: 'assistant' } };
    const stop = { contentBlockStop: { contentBlockIndex: 0 } };
    expect(isBedrockStreamChunk(start)).toBe(true);
    expect(isBedrockStreamChunk({ ...stop, contentBlockStart: { contentBlockIndex: 'x', start: {} } })).toBe(false);
    expect(isBedrockStreamChunk({})).toBe(false);
  });

  it('an empty toolUseId or tool name is refused with its path, in a response and in a stream (the IR needs one)', () => {
    const body = {
      output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: '', name: 'f', input: {} } }] } },
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    };
    expect(isBedrockConverseResponse(body)).toBe(false);
    expect(() => bedrockCodec.decodeResponse(body)).toThrow(/output\.message\.content\[0\]\.toolUse\.toolUseId/);
    const start = { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: 't1', name: '' } } } };
    expect(isBedrockStreamChunk(start)).toBe(false);
    expect(bedrockStreamChunkSchema.safeParse(start).success).toBe(false);
  });

  it('bad counts, depths and indexes are the schema’s to report', () => {
    expect(isBedrockStreamChunk({ contentBlockStop: { contentBlockIndex: -1 } })).toBe(false);
    expect(isBedrockStreamChunk({ contentBlockStop: { contentBlockIndex: 1.5 } })).toBe(false);
    let deep: unknown = 1;
    for (let level = 0; level < 1100; level++) deep = { a: deep };
    expect(isBedrockStreamChunk({ messageStop: { stopReason: 'end_turn', additionalModelResponseFields: deep } })).toBe(
      false,
    );
    expect(
      bedrockStreamChunkSchema.safeParse({
        messageStop: { stopReason: 'end_turn', additionalModelResponseFields: deep },
      }).success,
    ).toBe(false);
  });
});
