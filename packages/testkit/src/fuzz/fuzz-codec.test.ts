import { fileURLToPath } from 'node:url';
import {
  type ChatRequest,
  type Codec,
  chatRequestSchema,
  type ModelResponse,
  modelResponseSchema,
  type StreamEvent,
} from '@interlingua/core';
import { parseWireRequest, parseWireResponse } from '@interlingua/core/adapter';
import { describe, expect, it } from 'vitest';
import { loadCodecFixtures } from '../load-codec-fixtures';
import { DecoderContractError } from './check-decoder';
import { findFuzzCoverageGaps } from './find-fuzz-coverage-gaps';
import { fuzzCodec } from './fuzz-codec';

const fixtures = loadCodecFixtures(fileURLToPath(new URL('../__fixtures__', import.meta.url)));

// The IR as its own wire format, decoded through the IR schemas: total by construction.
const irCodec: Codec<unknown, unknown, unknown> = {
  provider: 'ir',
  encodeRequest: (request, { model }) => ({ value: { model, request }, warnings: [] }),
  decodeRequest: (body) => {
    const { model, request } = parseWireRequest(
      { safeParse: (value: unknown) => wrapped.safeParse(value) },
      body,
      'an IR request body',
    );
    return { value: { model, request, stream: false }, warnings: [] };
  },
  decodeResponse: (body) => parseWireResponse(modelResponseSchema, body, 'an IR response'),
  encodeResponse: (response) => ({ value: response, warnings: [] }),
  async *decodeStream() {
    yield { type: 'finish', finishReason: 'stop', rawFinishReason: null, usage: { inputTokens: 0, outputTokens: 0 } };
  },
  async *encodeStream(events) {
    yield* events;
  },
};
const wrapped = {
  safeParse(value: unknown) {
    const body = value as { model?: unknown; request?: unknown } | null;
    if (typeof body !== 'object' || body === null || typeof body.model !== 'string') {
      return { success: false as const, error: { issues: [{ path: ['model'], message: 'Expected a string' }] } };
    }
    const request = chatRequestSchema.safeParse(body.request);
    if (!request.success) {
      return {
        success: false as const,
        error: { issues: request.error.issues.map((issue) => ({ ...issue, path: ['request', ...issue.path] })) },
      };
    }
    return { success: true as const, data: { model: body.model, request: request.data as ChatRequest } };
  },
};

async function contractError(promise: Promise<unknown>): Promise<DecoderContractError> {
  try {
    await promise;
  } catch (error) {
    let cause: unknown = error;
    while (cause instanceof Error && !(cause instanceof DecoderContractError)) cause = cause.cause;
    if (cause instanceof DecoderContractError) return cause;
    throw error;
  }
  throw new Error('Expected the fuzzer to find a broken case.');
}

describe('fuzzCodec', () => {
  it('passes a total codec and reports what each decoder did', async () => {
    const report = await fuzzCodec(irCodec, { fixtures, numRuns: 150 });
    expect(report.provider).toBe('ir');
    for (const decoder of ['decodeResponse', 'decodeStream', 'decodeRequest'] as const) {
      const entry = report.decoders[decoder];
      expect(entry?.cases).toBe(150);
      const rejected = Object.values(entry?.rejected ?? {}).reduce((sum, count) => sum + count, 0);
      expect((entry?.decoded ?? 0) + rejected).toBe(150);
    }
    // Mutations both keep inputs valid and break them.
    expect(report.decoders.decodeResponse?.decoded).toBeGreaterThan(0);
    expect(report.decoders.decodeResponse?.rejected.INVALID_RESPONSE).toBeGreaterThan(0);
    // This codec's stream decoder ignores its input, and it reads error bodies as invalid IR: both show.
    expect(findFuzzCoverageGaps(report, 150)).toEqual([
      'decodeStream: no case was rejected',
      'decodeResponse: no error body was read as an APICallError',
    ]);
    expect(findFuzzCoverageGaps(report, 151)).toContain('decodeRequest: ran 150 of 151 cases');
  });

  it('finds a decoder that crashes on a wrong type', async () => {
    const reader: Codec<unknown, unknown, unknown> = {
      ...irCodec,
      decodeResponse: (body) => {
        const text = (body as ModelResponse).message.content.map((part) => (part.type === 'text' ? part.text : ''));
        return { ...irCodec.decodeResponse(body), id: text.join('') };
      },
    };
    const error = await contractError(fuzzCodec(reader, { fixtures, numRuns: 200, decoders: ['decodeResponse'] }));
    expect(error.kind).toBe('crash');
    expect(error.message).toMatch(/^decodeResponse: crash: threw a non-Interlingua error: TypeError/);
  });

  it('finds a decoder whose output breaks the IR schemas', async () => {
    const copier: Codec<unknown, unknown, unknown> = {
      ...irCodec,
      decodeResponse: (body) => {
        const response = irCodec.decodeResponse(body);
        return { ...response, usage: { ...response.usage, inputTokens: response.usage.inputTokens - 1 } };
      },
    };
    const error = await contractError(fuzzCodec(copier, { fixtures, numRuns: 200, decoders: ['decodeResponse'] }));
    expect(error.kind).toBe('schema-violation');
    expect(error.message).toContain('usage.inputTokens');
  });

  it('finds a decoder that writes through __proto__ into Object.prototype, and undoes it', async () => {
    const merge = (target: Record<string, unknown>, source: Record<string, unknown>): void => {
      for (const key of Object.keys(source)) {
        const value = source[key];
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          target[key] ??= {};
          merge(target[key] as Record<string, unknown>, value as Record<string, unknown>);
        } else target[key] = value;
      }
    };
    const merging: Codec<unknown, unknown, unknown> = {
      ...irCodec,
      decodeRequest: (body) => {
        try {
          merge({}, body as Record<string, unknown>);
        } catch {
          // Only the prototype write is under test here.
        }
        return irCodec.decodeRequest(body);
      },
    };
    const error = await contractError(fuzzCodec(merging, { fixtures, numRuns: 400, decoders: ['decodeRequest'] }));
    expect(error.kind).toBe('prototype-changed');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('finds a stream decoder that runs away or never ends', async () => {
    const endless: Codec<unknown, unknown, unknown> = {
      ...irCodec,
      async *decodeStream(chunks) {
        for await (const _ of chunks) {
          for (;;) yield { type: 'text-delta', text: 'again' } satisfies StreamEvent;
        }
      },
    };
    const runaway = await contractError(fuzzCodec(endless, { fixtures, numRuns: 20, decoders: ['decodeStream'] }));
    expect(runaway.message).toMatch(/^decodeStream: stream-shape: yielded more than \d+ events/);
    const silent: Codec<unknown, unknown, unknown> = { ...irCodec, async *decodeStream() {} };
    const unterminated = await contractError(fuzzCodec(silent, { fixtures, numRuns: 5, decoders: ['decodeStream'] }));
    expect(unterminated.message).toBe('decodeStream: stream-shape: ended without a finish or error event');
  });
});
