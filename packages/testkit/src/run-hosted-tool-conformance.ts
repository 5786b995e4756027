import {
  type ChatRequest,
  type Codec,
  chatRequestSchema,
  collectStream,
  type HostedToolCall,
  type HostedToolResult,
  isHostedTool,
  modelResponseSchema,
  type StreamEvent,
} from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbitraryForeignHostedResponse,
  arbitraryForeignHostedTurn,
  arbitraryHostedTool,
} from './arbitrary-hosted-tools';
import type { CodecFixture } from './load-codec-fixtures';

/** How {@link runHostedToolConformance} runs. */
export type HostedToolConformanceOptions = {
  /** Model id used when encoding. */
  model?: string;
  /** Property runs per case (default 40). */
  numRuns?: number;
};

async function* toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  yield* items;
}

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

// The readable values of another provider's hosted parts that must reach the wire (natively or as text).
function readableValues(parts: readonly unknown[]): string[] {
  const values: string[] = [];
  for (const part of parts as (HostedToolCall | HostedToolResult | { type: string })[]) {
    if (part.type === 'hosted-tool-call') {
      const input = (part as HostedToolCall).input;
      const query = input.query ?? input.code ?? (input.arguments as { q?: unknown } | undefined)?.q;
      if (typeof query === 'string') values.push(query);
    } else if (part.type === 'hosted-tool-result') {
      const result = part as HostedToolResult;
      if (result.output !== undefined) values.push(result.output);
      for (const source of result.sources ?? []) if (source.url !== undefined) values.push(source.url);
    }
  }
  return values;
}

const wireText = (value: unknown): string => JSON.stringify(value).replace(/\\"/g, '"');

/**
 * The conformance cases for provider-run (hosted) tools, for any codec (issue 31): what a custom
 * adapter must handle besides function tools. Registers vitest tests:
 * - a hosted tool in `ChatRequest.tools` is either sent (`decodeRequest` gives a hosted tool of
 *   that kind back) or named in a warning (`tools[i]`): never dropped silently;
 * - another provider's hosted call and result in the history are carried on, natively or as
 *   text: the query, code, output and source URLs are in the encoded body;
 * - a response holding them encodes (JSON and stream) to what decodes to valid IR, the readable
 *   values still there;
 * - every fixture whose IR holds hosted parts replays on its own provider as it came:
 *   `decodeResponse(encodeResponse(ir))` and the folded `encodeStream` give `ir` back, and a
 *   history holding them keeps them through `decodeRequest(encodeRequest(…))`.
 */
export function runHostedToolConformance(
  codec: Codec<unknown, unknown, unknown>,
  fixtures: CodecFixture[],
  options: HostedToolConformanceOptions = {},
): void {
  const model = options.model ?? 'conformance-model';
  const numRuns = options.numRuns ?? 40;
  const question: ChatRequest['messages'][number] = { role: 'user', content: [{ type: 'text', text: 'Look it up.' }] };

  describe(`hosted tool conformance: ${codec.provider}`, () => {
    it('sends each hosted tool or names it in a warning (never a silent drop)', () => {
      fc.assert(
        fc.property(fc.array(arbitraryHostedTool(), { minLength: 1, maxLength: 3 }), (tools) => {
          const request: ChatRequest = { messages: [question], tools };
          expect(chatRequestSchema.safeParse(request).error?.issues ?? []).toEqual([]);
          const encoded = codec.encodeRequest(request, { model });
          const decoded = codec.decodeRequest(encoded.value).value.request;
          const kinds = (decoded.tools ?? []).flatMap((tool) => (isHostedTool(tool) ? [tool.kind] : []));
          // A kind another feature owns on this provider (Anthropic's tool search, for deferred tools)
          // may come back as the provider's native tool, kept under its key.
          const native = Object.values(decoded.providerOptions ?? {}).some(
            (options) => Array.isArray(options.tools) && options.tools.length > 0,
          );
          tools.forEach((tool, index) => {
            const warned = encoded.warnings.some((warning) => warning.feature.startsWith(`tools[${index}]`));
            const sent = kinds.includes(tool.kind) || (tool.kind === 'tool-search' && native);
            expect(warned || sent, `tools[${index}] (${tool.kind})`).toBe(true);
          });
        }),
        { numRuns },
      );
    });

    it("carries another provider's hosted call and result in the history on (natively or as text)", () => {
      fc.assert(
        fc.property(arbitraryForeignHostedTurn(), (content) => {
          const request: ChatRequest = {
            messages: [
              question,
              { role: 'assistant', content },
              { role: 'user', content: [{ type: 'text', text: 'And?' }] },
            ],
          };
          const body = wireText(codec.encodeRequest(request, { model }).value);
          for (const value of readableValues(content)) expect(body).toContain(value);
          const decoded = codec.decodeRequest(codec.encodeRequest(request, { model }).value).value.request;
          expect(chatRequestSchema.safeParse(decoded).error?.issues ?? []).toEqual([]);
        }),
        { numRuns },
      );
    });

    it("answers with another provider's hosted parts (JSON and stream): valid IR, readable values kept", async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryForeignHostedResponse(), async (response) => {
          const encoded = codec.encodeResponse(response, { model }).value;
          const text = wireText(encoded);
          for (const value of readableValues(response.message.content)) expect(text).toContain(value);
          expect(modelResponseSchema.safeParse(codec.decodeResponse(encoded)).error?.issues ?? []).toEqual([]);
          const chunks = await drain(codec.encodeStream(toAsync<StreamEvent>(responseToStream(response)), { model }));
          const streamed = wireText(chunks);
          for (const value of readableValues(response.message.content)) expect(streamed).toContain(value);
          const folded = await collectStream(codec.decodeStream(toAsync(chunks)));
          expect(modelResponseSchema.safeParse(folded).error?.issues ?? []).toEqual([]);
        }),
        { numRuns },
      );
    });

    const hosted = fixtures.filter((fixture) =>
      fixture.expected?.message.content.some(
        (part) => part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result',
      ),
    );
    for (const fixture of hosted) {
      const expected = fixture.expected;
      if (expected === undefined) continue;
      it(`replays the hosted parts of ${fixture.name} on its own provider as they came`, async () => {
        expect(codec.decodeResponse(codec.encodeResponse(expected, { model }).value)).toEqual(expected);
        const chunks = await drain(codec.encodeStream(toAsync<StreamEvent>(responseToStream(expected)), { model }));
        // The message; ids and the like a stream may only get from the encoder's options.
        expect((await collectStream(codec.decodeStream(toAsync(chunks)))).message).toEqual(expected.message);
        const request: ChatRequest = { messages: [question, expected.message] };
        const decoded = codec.decodeRequest(codec.encodeRequest(request, { model }).value).value.request;
        const partsOf = (messages: ChatRequest['messages']) =>
          messages.flatMap((message) =>
            message.role === 'assistant'
              ? message.content.filter((part) => part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result')
              : [],
          );
        // Parts the provider does not take back in a request (Gemini's grounding) are left out, not changed.
        const sent = partsOf(decoded.messages);
        for (const part of sent) expect(partsOf(request.messages)).toContainEqual(part);
      });
    }
  });
}
