import { parseWireResponse } from '@interlingua/core';
import { type GeminiResponseBody, geminiResponseSchema } from './gemini-api';

/** Parses a Gemini `GenerateContentResponse` (body or stream chunk) from `unknown`; throws `InvalidResponseError` saying what was expected. */
export function parseGeminiResponse(body: unknown, what = 'a Gemini GenerateContentResponse'): GeminiResponseBody {
  return parseWireResponse(geminiResponseSchema, body, what) as GeminiResponseBody;
}
