import {
  type ChatRequest,
  type Codec,
  chatRequestSchema,
  collectStream,
  type ModelResponse,
  modelResponseSchema,
  type StreamEvent,
  streamEventSchema,
} from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryChatRequest, arbitraryModelResponse } from './arbitraries';
import { registerCacheBreakpointConformance } from './cache-breakpoint-conformance';
import { runToolApprovalConformance } from './conformance/tool-approval-cases';
import { runToolReferenceConformance } from './conformance/tool-reference-cases';
import { loadIRCorpus } from './ir-corpus';
import type { CodecFixture } from './load-codec-fixtures';
import { registerToolArgumentStreamingConformance } from './tool-argument-streaming-conformance';

/** How a codec's round trips are judged. */
export type ConformanceOptions = {
  /** Model id used when encoding. */
  model?: string;
  /**
   * Maps a request to what the format can carry (applied to both sides before comparing),
   * e.g. renaming synthesized call ids or dropping a setting the format has no field for.
   */
  normalizeRequest?: (request: ChatRequest) => ChatRequest;
  /** The same for responses: e.g. rewriting `rawFinishReason` to the provider's word. */
  normalizeResponse?: (response: ModelResponse) => ModelResponse;
  /** Requests to round-trip; defaults to `arbitraryChatRequest()`. */
  requests?: fc.Arbitrary<ChatRequest>;
  /** Responses to round-trip; defaults to `arbitraryModelResponse()`. */
  responses?: fc.Arbitrary<ModelResponse>;
  /** Property runs per round trip (default 100). */
  numRuns?: number;
  /**
   * Whether the request body names its model (default `true`). Gemini's does not (the model is
   * in the URL): `decodeRequest` then reports none.
   */
  modelInBody?: boolean;
};

async function* toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  yield* items;
}

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * The conformance suite every codec runs, built-in or third-party. Registers vitest tests:
 * each fixture decodes to valid IR (equal to its `.ir.json` where given); a stream and a
 * body of the same name fold to the same response; every stream ends in exactly one
 * `finish`; every valid request of the IR corpus encodes; and, over generated IR,
 * `decodeRequest(encodeRequest(r))`, `decodeResponse(encodeResponse(x))` and the stream
 * round trip give back what went in, up to `normalize*`.
 */
export function runCodecConformance(
  codec: Codec<unknown, unknown, unknown>,
  fixtures: CodecFixture[],
  options: ConformanceOptions = {},
): void {
  const model = options.model ?? 'conformance-model';
  const normalizeRequest = options.normalizeRequest ?? ((request: ChatRequest) => request);
  const normalizeResponse = options.normalizeResponse ?? ((response: ModelResponse) => response);
  const numRuns = options.numRuns ?? 100;

  describe(`codec conformance: ${codec.provider}`, () => {
    it('has fixtures', () => {
      expect(fixtures.length).toBeGreaterThan(0);
    });

    for (const fixture of fixtures) {
      if (fixture.body !== undefined) {
        it(`decodes ${fixture.name}.json to valid IR`, () => {
          const response = codec.decodeResponse(fixture.body);
          expect(modelResponseSchema.safeParse(response).error?.issues ?? []).toEqual([]);
          if (fixture.expected !== undefined) expect(response).toEqual(fixture.expected);
        });
      }
      if (fixture.chunks !== undefined) {
        const chunks = fixture.chunks;
        it(`decodes ${fixture.name}.chunks.txt to valid events that fold`, async () => {
          const events = await drain(codec.decodeStream(toAsync(chunks)));
          for (const event of events) expect(streamEventSchema.safeParse(event).error?.issues ?? []).toEqual([]);
          const terminal = events.filter((event) => event.type === 'finish' || event.type === 'error');
          expect(terminal).toHaveLength(1);
          expect(['finish', 'error']).toContain(events.at(-1)?.type);
          if (events.at(-1)?.type === 'error') {
            // A fixture with an expected IR must fold to it: an error here is a failure.
            expect(fixture.expected === undefined ? undefined : events.at(-1)).toBeUndefined();
            return;
          }
          const folded = await collectStream(events);
          if (fixture.expected !== undefined) expect(folded).toEqual(fixture.expected);
          if (fixture.body !== undefined) expect(folded).toEqual(codec.decodeResponse(fixture.body));
        });
      }
    }

    registerCacheBreakpointConformance(codec, model);
    registerToolArgumentStreamingConformance(codec, fixtures, model);

    it('encodes every valid ChatRequest of the IR corpus', () => {
      const requests = loadIRCorpus().filter((entry) => entry.type === 'ChatRequest' && entry.valid);
      expect(requests.length).toBeGreaterThan(0);
      for (const entry of requests) {
        const request = chatRequestSchema.parse(entry.value);
        expect(() => codec.encodeRequest(request, { model }), entry.name).not.toThrow();
      }
    });

    it('round-trips requests: decodeRequest(encodeRequest(r)) = r', () => {
      fc.assert(
        fc.property(options.requests ?? arbitraryChatRequest(), (request) => {
          const encoded = codec.encodeRequest(request, { model });
          const decoded = codec.decodeRequest(encoded.value);
          expect(decoded.value.model).toBe(options.modelInBody === false ? undefined : model);
          expect(normalizeRequest(decoded.value.request)).toEqual(normalizeRequest(request));
        }),
        { numRuns },
      );
    });

    it('round-trips responses: decodeResponse(encodeResponse(x)) = x', () => {
      fc.assert(
        fc.property(options.responses ?? arbitraryModelResponse(), (response) => {
          const encoded = codec.encodeResponse(response, { model });
          expect(normalizeResponse(codec.decodeResponse(encoded.value))).toEqual(normalizeResponse(response));
        }),
        { numRuns },
      );
    });

    it('round-trips streams: decodeStream(encodeStream(events)) folds to decodeResponse(encodeResponse(x))', async () => {
      await fc.assert(
        fc.asyncProperty(options.responses ?? arbitraryModelResponse(), async (response) => {
          const chunks = await drain(codec.encodeStream(toAsync<StreamEvent>(responseToStream(response)), { model }));
          const folded = await collectStream(codec.decodeStream(toAsync(chunks)));
          const direct = codec.decodeResponse(codec.encodeResponse(response, { model }).value);
          expect(normalizeResponse(folded)).toEqual(normalizeResponse(direct));
        }),
        { numRuns },
      );
    });

    runToolApprovalConformance(codec, model);
    runToolReferenceConformance(codec, model);
  });
}
