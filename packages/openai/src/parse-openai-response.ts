import type { APICallError, InvalidResponseError } from '@interlingua/core';
import { parseWireResponse, safeParseWireResponse } from '@interlingua/core/adapter';
import {
  isOpenAIChunk,
  isOpenAIResponse,
  type OpenAIChunk,
  type OpenAIResponse,
  openaiChunkSchema,
  openaiResponseSchema,
} from './openai-api';
import { readOpenAIErrorBody } from './read-openai-error-body';

/**
 * Reads a Chat Completions response body from `unknown`. Throws the `APICallError` an error body
 * describes (`readOpenAIErrorBody`), or `InvalidResponseError` naming each bad field of a body
 * that is not a chat completion.
 */
export function parseOpenAIResponse(body: unknown): OpenAIResponse {
  const error = readOpenAIErrorBody(body);
  if (error !== undefined) throw error;
  return parseWireResponse(openaiResponseSchema, body, 'a Chat Completions response body', isOpenAIResponse);
}

/**
 * Reads one Chat Completions stream chunk from `unknown`, without throwing: the chunk, or the
 * `APICallError` of an error chunk, or an `InvalidResponseError` naming each bad field.
 */
export function safeParseOpenAIChunk(
  chunk: unknown,
): { success: true; value: OpenAIChunk } | { success: false; error: APICallError | InvalidResponseError } {
  const error = readOpenAIErrorBody(chunk);
  if (error !== undefined) return { success: false, error };
  return safeParseWireResponse(openaiChunkSchema, chunk, 'a Chat Completions stream chunk', isOpenAIChunk);
}
