import { APICallError, InvalidResponseError, type StreamEvent, type Warning } from '@interlingua/core';
import { decodeGeminiGrounding } from './convert-gemini-hosted-parts';
import { convertGeminiUsage } from './convert-gemini-usage';
import { decodeGeminiPart, extraCandidatesWarning } from './decode-gemini-part';
import type { GeminiDecodeOptions } from './decode-gemini-response';
import type { GeminiParsedChunk } from './gemini-api';
import { CallIds } from './gemini-call-ids';
import { geminiFinish } from './gemini-finish';
import { safeParseGeminiChunk } from './parse-gemini-response';
import { StreamedGeminiArgumentsText } from './streamed-gemini-arguments-text';
import { StreamedGeminiCalls } from './streamed-gemini-calls';

/**
 * Gemini `streamGenerateContent?alt=sse` chunks → IR stream events.
 *
 * Each chunk is a whole `GenerateContentResponse` carrying the next parts: text and thought
 * parts become deltas, each `functionCall` part becomes `tool-call-start` / `tool-call-delta` /
 * `tool-call-end`, in arrival order. Gemini sends a call whole; Vertex AI, asked to
 * (`streamFunctionCallArguments`), sends its arguments in pieces (`partialArgs`, `willContinue`):
 * the call starts at its first piece, each piece adds `tool-call-delta` text
 * (`StreamedGeminiArgumentsText`), and `tool-call-end` carries the call put together
 * (`StreamedGeminiCalls`), the same as the whole call Gemini sends without streaming; a piece out of sequence ends the stream with an `InvalidResponseError`. `usageMetadata`
 * is cumulative: the last one wins. The stream ends with `finish` once a chunk carried a
 * `finishReason` (or the prompt was blocked); a stream that ends without one — a dropped
 * connection — ends with an `error` event holding a retryable `APICallError`; a chunk that is
 * not a `GenerateContentResponse` with one holding an `InvalidResponseError`; an error chunk
 * (`{ "error": … }`, which Gemini sends inside an open stream) with the `APICallError` it
 * describes. Every `error` event carries the usage of the last `usageMetadata` seen, when there
 * was one.
 *
 * @see https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
export async function* decodeGeminiStream(
  chunks: AsyncIterable<unknown>,
  options: GeminiDecodeOptions = {},
): AsyncIterable<StreamEvent> {
  const decoder = new GeminiStreamDecoder(options);
  const events: StreamEvent[] = [];
  try {
    for await (const raw of chunks) {
      const done = decoder.push(raw, events);
      for (const event of events) yield event;
      events.length = 0;
      if (done) return;
    }
  } catch (error) {
    // The source failed mid-stream (connection cut, unparseable SSE): the stream ends in an error.
    yield decoder.failed(error);
    return;
  }
  decoder.end(events);
  for (const event of events) yield event;
}

/**
 * {@link decodeGeminiStream} as a push decoder, for a model that reads the chunks itself (no
 * async generator between the transport and the caller): `push` each chunk, `end` at the end of
 * the input, `failed` for a source that threw. `push` and `end` append the IR events they produce
 * to `out`; `push` returns `true` once the stream is over (after an `error` event), when the rest
 * must not be read.
 */
export class GeminiStreamDecoder {
  private readonly warnings: Warning[] = [];
  private ids: CallIds | undefined;
  private last: GeminiParsedChunk | undefined;
  private finishReason: string | undefined;
  private finishMessage: string | undefined;
  private grounding: unknown;
  private usage: unknown;
  private chunkCount = 0;
  private readonly streamed = new StreamedGeminiCalls();
  // The call whose pieces are streaming: the id it started with (none: held back until whole) and its text.
  private streamedCall: { id: string | undefined; text: StreamedGeminiArgumentsText } | undefined;

  constructor(private readonly options: GeminiDecodeOptions = {}) {}

  /** The `error` event for `error`, with the tokens the chunks so far reported (billed even though the stream failed). */
  failed(error: unknown): StreamEvent {
    return this.usage === undefined
      ? { type: 'error', error }
      : { type: 'error', error, usage: convertGeminiUsage(this.usage, []) };
  }

  /** Decodes one chunk into `out`; `true` when the stream is over. */
  push(raw: unknown, out: StreamEvent[]): boolean {
    const parsed = safeParseGeminiChunk(
      raw,
      `stream chunk ${this.chunkCount + 1} to be a Gemini GenerateContentResponse`,
    );
    if (!parsed.success) {
      out.push(this.failed(parsed.error));
      return true;
    }
    const chunk = parsed.value;
    this.chunkCount++;
    this.last = chunk;
    this.ids ??= new CallIds(chunk.responseId, this.options.reservedIds);
    const { ids } = this;
    if (chunk.responseId !== undefined) ids.responseId = chunk.responseId;
    if (chunk.usageMetadata !== undefined) this.usage = chunk.usageMetadata;
    const { warnings } = this;
    if ((chunk.candidates?.length ?? 0) > 1 && !warnings.some((warning) => warning.feature === 'candidates')) {
      warnings.push(extraCandidatesWarning());
    }
    const candidate = chunk.candidates?.[0];
    if (candidate?.finishReason !== undefined) this.finishReason = candidate.finishReason;
    if (candidate?.finishMessage !== undefined) this.finishMessage = candidate.finishMessage;
    if (candidate?.groundingMetadata !== undefined) this.grounding = candidate.groundingMetadata;
    const parts = candidate?.content?.parts;
    if (parts === undefined) return false;
    for (const part of parts) {
      const taken = this.streamed.take(part);
      if (typeof taken === 'string') {
        out.push(
          this.failed(
            new InvalidResponseError({
              message: `Expected stream chunk ${this.chunkCount} to continue the Gemini stream: ${taken}`,
            }),
          ),
        );
        return true;
      }
      if (taken === undefined) {
        this.streamPieces(ids, out);
        continue;
      }
      const streamedCall = this.streamed.assembled ? this.streamedCall : undefined;
      this.streamedCall = undefined;
      if (streamedCall?.id !== undefined) {
        // Started already: its arguments' last text, then the whole call under the id it started with.
        const { id, text } = streamedCall;
        const decoded = decodeGeminiPart(taken, { next: () => id, code: ids.code }, warnings);
        if (decoded?.type === 'tool-call') {
          const rest = text.end(decoded.args);
          if (rest !== '') out.push({ type: 'tool-call-delta', id, argsTextDelta: rest });
          out.push({ type: 'tool-call-end', toolCall: decoded });
        }
        continue;
      }
      const decoded = decodeGeminiPart(taken, ids, warnings);
      if (decoded === undefined) continue;
      switch (decoded.type) {
        case 'text':
          out.push(
            decoded.providerMetadata === undefined
              ? { type: 'text-delta', text: decoded.text }
              : { type: 'text-delta', text: decoded.text, providerMetadata: decoded.providerMetadata },
          );
          break;
        case 'reasoning':
          out.push(
            decoded.providerMetadata === undefined
              ? { type: 'reasoning-delta', text: decoded.text }
              : { type: 'reasoning-delta', text: decoded.text, providerMetadata: decoded.providerMetadata },
          );
          break;
        case 'hosted-tool-call':
          out.push({ type: 'hosted-tool-call', call: decoded });
          break;
        case 'hosted-tool-result':
          out.push({ type: 'hosted-tool-result', result: decoded });
          break;
        case 'tool-call':
          out.push(
            { type: 'tool-call-start', id: decoded.id, name: decoded.name },
            { type: 'tool-call-delta', id: decoded.id, argsTextDelta: JSON.stringify(decoded.args) },
            { type: 'tool-call-end', toolCall: decoded },
          );
          break;
        default: {
          const exhaustive: never = decoded;
          out.push(
            this.failed(new InvalidResponseError({ message: `Unknown decoded part ${JSON.stringify(exhaustive)}` })),
          );
          return true;
        }
      }
    }
    return false;
  }

  // A piece of a call arrived: the call starts at its first piece and each piece adds argument text.
  // Its id must be the one the whole call gets: issued by the API, or synthesized from the
  // responseId (not the arguments, unknown yet); without either the call is held back until whole.
  private streamPieces(ids: CallIds, out: StreamEvent[]): void {
    const open = this.streamed.openCall;
    if (open === undefined) return;
    if (this.streamedCall === undefined) {
      const known = open.id !== undefined || ids.responseId !== undefined;
      const id = known ? ids.next({ name: open.name, ...(open.id === undefined ? {} : { id: open.id }) }) : undefined;
      this.streamedCall = { id, text: new StreamedGeminiArgumentsText() };
      if (id !== undefined) out.push({ type: 'tool-call-start', id, name: open.name });
    }
    const { id, text } = this.streamedCall;
    if (id === undefined) return;
    const delta = text.next(open.args, open.pieces);
    if (delta !== '') out.push({ type: 'tool-call-delta', id, argsTextDelta: delta });
  }

  /** The input ended: appends the `finish` event, or the `error` event of a stream that did not finish. */
  end(out: StreamEvent[]): void {
    const { last, finishReason, finishMessage, usage, warnings } = this;
    const blocked = last?.promptFeedback?.blockReason !== undefined && last.candidates === undefined;
    if (last === undefined || (finishReason === undefined && !blocked)) {
      out.push(
        this.failed(
          new APICallError({
            message: `Expected the Gemini stream to end with a chunk carrying a finishReason, but it ended after ${this.chunkCount} chunk(s) without one (the connection was probably cut).`,
            isRetryable: true,
          }),
        ),
      );
      return;
    }
    if (this.streamed.open !== undefined) {
      out.push(
        this.failed(
          new InvalidResponseError({
            message: `Expected the call to "${this.streamed.open}" to end (a part without willContinue: true) before the Gemini stream finished, but the stream finished while its arguments were still streaming.`,
          }),
        ),
      );
      return;
    }
    // The finish is read from one synthetic response holding the stream's totals.
    const summary: Parameters<typeof geminiFinish>[0] = {
      ...(usage === undefined ? {} : { usageMetadata: usage }),
      ...(last.responseId === undefined ? {} : { responseId: last.responseId }),
      ...(last.modelVersion === undefined ? {} : { modelVersion: last.modelVersion }),
      ...(last.promptFeedback === undefined ? {} : { promptFeedback: last.promptFeedback }),
    };
    if (!blocked) {
      summary.candidates = [
        {
          ...(finishReason === undefined ? {} : { finishReason }),
          ...(finishMessage === undefined ? {} : { finishMessage }),
        },
      ];
    }
    // Grounding is cumulative: the last chunk's is the answer's, placed as the body decoder places it.
    for (const part of decodeGeminiGrounding(this.grounding, last.responseId)) {
      out.push(
        part.type === 'hosted-tool-call'
          ? { type: 'hosted-tool-call', call: part }
          : { type: 'hosted-tool-result', result: part },
      );
    }
    const finish = geminiFinish(summary, (this.ids?.count ?? 0) > 0, warnings);
    out.push({ type: 'finish', ...finish, warnings });
  }
}
