import type { AssistantContentPart, ModelResponse, Warning } from '@interlingua/core';
import { appendPart } from './append-assistant-part';
import { decodeGeminiGrounding } from './convert-gemini-hosted-parts';
import { decodeGeminiPart, extraCandidatesWarning } from './decode-gemini-part';
import { CallIds } from './gemini-call-ids';
import { geminiFinish } from './gemini-finish';
import { parseGeminiResponse } from './parse-gemini-response';

/** Options of the Gemini decoders (beyond the `Codec` contract). */
export type GeminiDecodeOptions = {
  /**
   * Call ids already used in the conversation. A synthesized id that would clash with one
   * is re-hashed, so ids stay unique within the conversation. `GeminiChatModel` passes the
   * ids of the request's history. Anything with `has(id)` will do (a `Set`, or a lazy lookup:
   * it is consulted only when an id has to be synthesized).
   */
  reservedIds?: { has(id: string): boolean };
};

/**
 * Gemini `GenerateContentResponse` → IR response (first candidate).
 *
 * Parts keep their order: `thought: true` text → reasoning, text → text (consecutive parts
 * joined, as a stream folds them), `functionCall` → tool call with its `id`, or a synthesized
 * one (`synthesizeGeminiCallId`). A part's `thoughtSignature` rides on the IR part as
 * `providerMetadata.gemini.thoughtSignature`. A blocked prompt (no candidates,
 * `promptFeedback.blockReason`) is an empty message with `content_filter`. Bad usage counts are
 * dropped with a warning. Throws the `APICallError` of an error body (`{ "error": … }`), and
 * `InvalidResponseError` on a body that is not a `GenerateContentResponse` — `{}` included.
 *
 * @see https://ai.google.dev/api/generate-content#generatecontentresponse
 */
export function decodeGeminiResponse(body: unknown, options: GeminiDecodeOptions = {}): ModelResponse {
  const response = parseGeminiResponse(body);
  const warnings: Warning[] = [];
  const candidate = response.candidates?.[0];
  if ((response.candidates?.length ?? 0) > 1) warnings.push(extraCandidatesWarning());
  const content: AssistantContentPart[] = [];
  const ids = new CallIds(response.responseId, options.reservedIds);
  for (const part of candidate?.content?.parts ?? []) {
    const decoded = decodeGeminiPart(part, ids, warnings);
    if (decoded !== undefined) appendPart(content, decoded);
  }
  // Google Search grounding: a web-search call and result after the answer (see decodeGeminiGrounding).
  content.push(...decodeGeminiGrounding(candidate?.groundingMetadata, response.responseId));
  const finish = geminiFinish(response, ids.count > 0, warnings);
  return { message: { role: 'assistant', content }, ...finish, warnings };
}
