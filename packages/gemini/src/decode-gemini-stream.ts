import { APICallError, InvalidResponseError, type StreamEvent, type Warning } from '@interlingua/core';
import { convertGeminiUsage } from './convert-gemini-usage';
import { decodeGeminiPart, extraCandidatesWarning } from './decode-gemini-part';
import type { GeminiDecodeOptions } from './decode-gemini-response';
import type { GeminiParsedChunk } from './gemini-api';
import { CallIds } from './gemini-call-ids';
import { geminiFinish } from './gemini-finish';
import { safeParseGeminiChunk } from './parse-gemini-response';
import { StreamedGeminiCalls } from './streamed-gemini-calls';

/**
 * Gemini `streamGenerateContent?alt=sse` chunks → IR stream events.
 *
 * Each chunk is a whole `GenerateContentResponse` carrying the next parts: text and thought
 * parts become deltas, each `functionCall` part becomes `tool-call-start` / `tool-call-delta` /
 * `tool-call-end`, in arrival order. Gemini sends a call whole; Vertex AI, asked to
 * (`streamFunctionCallArguments`), sends its arguments in pieces (`partialArgs`, `willContinue`),
 * which are put together and emitted as that one whole call once the last piece arrived
 * (`StreamedGeminiCalls`); a piece out of sequence ends the stream with an `InvalidResponseError`. `usageMetadata`
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
  const warnings: Warning[] = [];
  let ids: CallIds | undefined;
  let last: GeminiParsedChunk | undefined;
  let finishReason: string | undefined;
  let finishMessage: string | undefined;
  let usage: unknown;
  let chunkCount = 0;
  const streamed = new StreamedGeminiCalls();
  // The failure, with the tokens the chunks so far reported (billed even though the stream failed).
  const failed = (error: unknown): StreamEvent =>
    usage === undefined ? { type: 'error', error } : { type: 'error', error, usage: convertGeminiUsage(usage, []) };

  try {
    for await (const raw of chunks) {
      const parsed = safeParseGeminiChunk(raw, `stream chunk ${chunkCount + 1} to be a Gemini GenerateContentResponse`);
      if (!parsed.success) {
        yield failed(parsed.error);
        return;
      }
      const chunk = parsed.value;
      chunkCount++;
      last = chunk;
      ids ??= new CallIds(chunk.responseId, options.reservedIds);
      if (chunk.responseId !== undefined) ids.responseId = chunk.responseId;
      if (chunk.usageMetadata !== undefined) usage = chunk.usageMetadata;
      if ((chunk.candidates?.length ?? 0) > 1 && !warnings.some((warning) => warning.feature === 'candidates')) {
        warnings.push(extraCandidatesWarning());
      }
      const candidate = chunk.candidates?.[0];
      if (candidate?.finishReason !== undefined) finishReason = candidate.finishReason;
      if (candidate?.finishMessage !== undefined) finishMessage = candidate.finishMessage;
      for (const part of candidate?.content?.parts ?? []) {
        const taken = streamed.take(part);
        if (typeof taken === 'string') {
          yield failed(
            new InvalidResponseError({
              message: `Expected stream chunk ${chunkCount} to continue the Gemini stream: ${taken}`,
            }),
          );
          return;
        }
        if (taken === undefined) continue;
        const decoded = decodeGeminiPart(taken, ids, warnings);
        if (decoded === undefined) continue;
        const meta = decoded.providerMetadata === undefined ? {} : { providerMetadata: decoded.providerMetadata };
        switch (decoded.type) {
          case 'text':
            yield { type: 'text-delta', text: decoded.text, ...meta };
            break;
          case 'reasoning':
            yield { type: 'reasoning-delta', text: decoded.text, ...meta };
            break;
          case 'tool-call':
            yield { type: 'tool-call-start', id: decoded.id, name: decoded.name };
            yield { type: 'tool-call-delta', id: decoded.id, argsTextDelta: JSON.stringify(decoded.args) };
            yield { type: 'tool-call-end', toolCall: decoded };
            break;
          default: {
            const exhaustive: never = decoded;
            throw new InvalidResponseError({ message: `Unknown decoded part ${JSON.stringify(exhaustive)}` });
          }
        }
      }
    }
  } catch (error) {
    // The source failed mid-stream (connection cut, unparseable SSE): the stream ends in an error.
    yield failed(error);
    return;
  }

  const blocked = last?.promptFeedback?.blockReason !== undefined && last.candidates === undefined;
  if (last === undefined || (finishReason === undefined && !blocked)) {
    yield failed(
      new APICallError({
        message: `Expected the Gemini stream to end with a chunk carrying a finishReason, but it ended after ${chunkCount} chunk(s) without one (the connection was probably cut).`,
        isRetryable: true,
      }),
    );
    return;
  }
  if (streamed.open !== undefined) {
    yield failed(
      new InvalidResponseError({
        message: `Expected the call to "${streamed.open}" to end (a part without willContinue: true) before the Gemini stream finished, but the stream finished while its arguments were still streaming.`,
      }),
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
  const finish = geminiFinish(summary, (ids?.count ?? 0) > 0, warnings);
  yield { type: 'finish', ...finish, warnings };
}
