import { fileURLToPath } from 'node:url';
import {
  type ChatRequest,
  type Codec,
  chatRequestSchema,
  collectStream,
  type ModelResponse,
  modelResponseSchema,
  type StreamEvent,
} from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryChatRequest, arbitraryModelResponse } from './arbitraries';
import { loadCodecFixtures } from './load-codec-fixtures';
import { runCodecConformance } from './run-codec-conformance';

/**
 * The smallest codec there is: the IR is its own wire format, requests wrapped with the
 * model id and streams as the events themselves. It exercises the suite end to end and
 * is the template for third-party codec authors.
 */
const irCodec: Codec<{ model: string; request: ChatRequest }, ModelResponse, StreamEvent> = {
  provider: 'ir',
  encodeRequest: (request, { model }) => ({ value: { model, request: structuredClone(request) }, warnings: [] }),
  decodeRequest: (body) => {
    const { model, request } = body as { model: string; request: unknown };
    return { value: { model, request: chatRequestSchema.parse(request), stream: false }, warnings: [] };
  },
  decodeResponse: (body) => modelResponseSchema.parse(body),
  encodeResponse: (response) => ({ value: structuredClone(response), warnings: [] }),
  async *decodeStream(chunks) {
    yield* chunks;
  },
  async *encodeStream(events) {
    yield* events;
  },
};

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
runCodecConformance(irCodec, fixtures, { numRuns: 50 });

describe('arbitraries', () => {
  it('generate valid IR', () => {
    fc.assert(
      fc.property(arbitraryChatRequest(), (request) => chatRequestSchema.safeParse(request).success),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(arbitraryModelResponse(), (response) => modelResponseSchema.safeParse(response).success),
      { numRuns: 200 },
    );
  });

  it('answer every call with exactly one result of the same name, ids unique', () => {
    fc.assert(
      fc.property(arbitraryChatRequest(), (request) => {
        const calls = request.messages.flatMap((message) =>
          message.role === 'assistant' ? message.content.filter((part) => part.type === 'tool-call') : [],
        );
        const results = request.messages.flatMap((message) => (message.role === 'tool' ? message.content : []));
        expect(new Set(calls.map((call) => call.id)).size).toBe(calls.length);
        expect(results.map((result) => [result.toolCallId, result.toolName])).toEqual(
          calls.map((call) => [call.id, call.name]),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('responseToStream and collectStream are inverses over generated responses', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryModelResponse(), async (response) => {
        expect(await collectStream(responseToStream(response))).toEqual(response);
      }),
      { numRuns: 200 },
    );
  });
});
