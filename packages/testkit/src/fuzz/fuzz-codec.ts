import type { ChatRequest, Codec, ModelResponse } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import fc from 'fast-check';
import { arbitraryChatRequest, arbitraryModelResponse } from '../arbitraries';
import { loadIRCorpus } from '../ir-corpus';
import type { CodecFixture } from '../load-codec-fixtures';
import {
  checkDecodeRequest,
  checkDecodeResponse,
  checkDecodeStream,
  type DecodeOutcome,
  type DecoderName,
  watchPrototypes,
} from './check-decoder';
import { applyChunkMutations, arbitraryChunkMutations } from './chunk-mutation';
import { applyJSONMutations, arbitraryJSONMutations, countJSONNodes, ERROR_LIKE_BODIES } from './json-mutation';

/** Options of {@link fuzzCodec}. */
export type CodecFuzzOptions = {
  /** The codec's wire fixtures (`loadCodecFixtures`): response bodies and streams to mutate. */
  fixtures?: CodecFixture[];
  /** More native request bodies to mutate, beside the codec's encoding of the IR corpus. */
  requests?: unknown[];
  /** Model id used when encoding seeds. */
  model?: string;
  /** Cases per decoder (default 200). */
  numRuns?: number;
  /** fast-check seed (default 12): the same seed runs the same cases. */
  seed?: number;
  /**
   * A stream case still running after this long fails as a hang (default 10,000 ms). Not a
   * speed goal: a case takes milliseconds; this only turns a hang into a failure.
   */
  timeoutMs?: number;
  /** Which decoders to fuzz (default all three). */
  decoders?: DecoderName[];
};

/** What {@link fuzzCodec} ran and how the decoders answered. */
export type CodecFuzzReport = {
  provider: string;
  seed: number;
  /** Per decoder: cases run, how many decoded to valid IR, and how many were rejected, by error code. */
  decoders: Partial<Record<DecoderName, { cases: number; decoded: number; rejected: Record<string, number> }>>;
};

/** The seed documents {@link fuzzCodec} mutates, exported for codec authors who write their own properties. */
export type CodecFuzzSeeds = { responses: unknown[]; streams: unknown[][]; requests: unknown[] };

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function* toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  yield* items;
}

// What goes over the wire: `undefined` fields vanish, as they do in `JSON.stringify`.
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * Builds the seeds: the fixtures' bodies and streams, error-like bodies, and the codec's own
 * encoding (`encodeRequest` / `encodeResponse` / `encodeStream`) of the IR corpus and of a few
 * generated requests and responses.
 */
export async function buildCodecFuzzSeeds(
  codec: Codec<unknown, unknown, unknown>,
  options: Pick<CodecFuzzOptions, 'fixtures' | 'requests' | 'model' | 'seed'> = {},
): Promise<CodecFuzzSeeds> {
  const model = options.model ?? 'fuzz-model';
  const seed = options.seed ?? 12;
  const corpus = loadIRCorpus().filter((entry) => entry.valid);
  const irRequests = [
    ...corpus.filter((entry) => entry.type === 'ChatRequest').map((entry) => entry.value as ChatRequest),
    ...fc.sample(arbitraryChatRequest(), { numRuns: 12, seed }),
  ];
  const irResponses = [
    ...corpus.filter((entry) => entry.type === 'ModelResponse').map((entry) => entry.value as ModelResponse),
    ...fc.sample(arbitraryModelResponse(), { numRuns: 12, seed }),
  ];
  const responses: unknown[] = [...ERROR_LIKE_BODIES];
  const streams: unknown[][] = [];
  const requests: unknown[] = [...(options.requests ?? [])];
  for (const fixture of options.fixtures ?? []) {
    if (fixture.body !== undefined) responses.push(fixture.body);
    if (fixture.chunks !== undefined) streams.push(fixture.chunks);
  }
  for (const request of irRequests) {
    try {
      requests.push(wire(codec.encodeRequest(request, { model }).value));
    } catch {
      // A request this format cannot express is no seed.
    }
  }
  for (const response of irResponses) {
    try {
      responses.push(wire(codec.encodeResponse(response, { model }).value));
      streams.push((await drain(codec.encodeStream(toAsync(responseToStream(response)), { model }))).map(wire));
    } catch {
      // Likewise.
    }
  }
  return { responses: responses.map(wire), streams, requests };
}

/**
 * Fuzzes a codec's three decoders — the functions that take outside bytes — over mutations of
 * its own fixtures and encodings (see {@link buildCodecFuzzSeeds}): dropped, duplicated,
 * reordered and cut chunks, truncated JSON, wrong types, `null` for objects, huge strings,
 * nesting past `MAX_JSON_DEPTH`, unknown event types, error bodies, own `__proto__` /
 * `constructor` keys. Each case must give valid, plain IR or a typed Interlingua error, never
 * throw anything else, never hang or run away, and leave the built-in prototypes untouched.
 *
 * Framework-free (fast-check only): call it from any test runner. Seeded, so a run repeats.
 * Resolves to a report of the outcomes; rejects on the first broken case with fast-check's
 * counterexample (a short mutation plan) and a `DecoderContractError` saying what broke.
 *
 * @example
 * it('is total', async () => {
 *   const report = await fuzzCodec(myCodec, { fixtures: loadCodecFixtures(dir), numRuns: 300 });
 *   expect(report.decoders.decodeResponse?.cases).toBe(300);
 * });
 */
export async function fuzzCodec(
  codec: Codec<unknown, unknown, unknown>,
  options: CodecFuzzOptions = {},
): Promise<CodecFuzzReport> {
  const seed = options.seed ?? 12;
  const numRuns = options.numRuns ?? 200;
  const timeout = options.timeoutMs ?? 10_000;
  const decoders = options.decoders ?? ['decodeResponse', 'decodeStream', 'decodeRequest'];
  const seeds = await buildCodecFuzzSeeds(codec, options);
  const report: CodecFuzzReport = { provider: codec.provider, seed, decoders: {} };
  const tally = (decoder: DecoderName) => {
    const entry = { cases: 0, decoded: 0, rejected: {} as Record<string, number> };
    report.decoders[decoder] = entry;
    return (outcome: DecodeOutcome) => {
      entry.cases++;
      if (outcome.decoded) entry.decoded++;
      else entry.rejected[outcome.code] = (entry.rejected[outcome.code] ?? 0) + 1;
    };
  };
  const parameters = { numRuns, seed, timeout };

  for (const decoder of decoders) {
    const count = tally(decoder);
    const documents = decoder === 'decodeResponse' ? seeds.responses : seeds.requests;
    if (decoder === 'decodeStream') {
      if (seeds.streams.length === 0) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: seeds.streams.length - 1 }),
          arbitraryChunkMutations(),
          async (index, mutations) => {
            const chunks = applyChunkMutations(seeds.streams[index] as unknown[], mutations);
            const nodes = chunks.reduce((sum: number, chunk) => sum + countJSONNodes(chunk), 0);
            const check = watchPrototypes(decoder);
            try {
              count(await checkDecodeStream(codec, chunks, { maxEvents: 4 * nodes + 16 }));
            } finally {
              check();
            }
          },
        ),
        parameters,
      );
      continue;
    }
    if (documents.length === 0) continue;
    fc.assert(
      fc.property(fc.nat({ max: documents.length - 1 }), arbitraryJSONMutations(), (index, mutations) => {
        const body = applyJSONMutations(documents[index], mutations);
        const check = watchPrototypes(decoder);
        try {
          count(decoder === 'decodeResponse' ? checkDecodeResponse(codec, body) : checkDecodeRequest(codec, body));
        } finally {
          check();
        }
      }),
      parameters,
    );
  }
  return report;
}
