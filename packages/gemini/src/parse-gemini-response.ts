import { type APICallError, InvalidResponseError } from '@interlingua/core';
import { parseWireResponse, safeParseWireResponse } from '@interlingua/core/adapter';
import {
  type GeminiParsedChunk,
  type GeminiParsedResponse,
  geminiChunkSchema,
  geminiResponseSchema,
  isGeminiResponse,
} from './gemini-api';
import { readGeminiErrorBody } from './read-gemini-error-body';

/**
 * Reads a whole Gemini `GenerateContentResponse` body from `unknown`. Throws the `APICallError`
 * an error body describes (`readGeminiErrorBody`), or `InvalidResponseError` naming each bad
 * field — also for a body with neither candidates nor a blocked prompt (`{}`), which is no answer.
 */
export function parseGeminiResponse(body: unknown): GeminiParsedResponse {
  const error = readGeminiErrorBody(body);
  if (error !== undefined) throw error;
  const response = parseWireResponse(geminiResponseSchema, body, 'a Gemini GenerateContentResponse', isGeminiResponse);
  if ((response.candidates?.length ?? 0) === 0 && response.promptFeedback?.blockReason === undefined) {
    throw new InvalidResponseError({
      message:
        'Expected a Gemini GenerateContentResponse: candidates: Expected at least one candidate (or promptFeedback.blockReason), got none.',
    });
  }
  return response;
}

/**
 * Reads one chunk of a Gemini stream (`streamGenerateContent?alt=sse`) from `unknown`, without
 * throwing (a call's arguments may come in pieces, `partialArgs`, see `StreamedGeminiCalls`): the chunk (which may carry only usage), or the `APICallError` of an error chunk, or
 * an `InvalidResponseError` naming each bad field.
 */
export function safeParseGeminiChunk(
  chunk: unknown,
  what: string,
): { success: true; value: GeminiParsedChunk } | { success: false; error: APICallError | InvalidResponseError } {
  const error = readGeminiErrorBody(chunk);
  if (error !== undefined) return { success: false, error };
  return safeParseWireResponse(geminiChunkSchema, chunk, what, isGeminiResponse);
}
