import { formatSchemaIssues, InvalidResponseError } from '@interlingua/core';
import { type GeminiResponseBody, geminiResponseSchema } from './gemini-api';

/** Parses a Gemini `GenerateContentResponse` (body or stream chunk) from `unknown`; throws `InvalidResponseError` saying what was expected. */
export function parseGeminiResponse(body: unknown, what = 'a Gemini GenerateContentResponse'): GeminiResponseBody {
  const parsed = geminiResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new InvalidResponseError({
      message: `Expected ${what}: ${formatSchemaIssues(parsed.error.issues)}`,
      cause: parsed.error,
    });
  }
  return parsed.data as GeminiResponseBody;
}
