import type { FinishReason } from '@interlingua/core';

/**
 * Maps a Gemini `finishReason` to the IR's. `STOP` with function calls in the candidate is
 * `tool_calls` (Gemini has no separate word for it); `MAX_TOKENS` → `length`; `SAFETY`,
 * `RECITATION`, `BLOCKLIST`, `PROHIBITED_CONTENT`, `SPII`, `IMAGE_SAFETY` → `content_filter`;
 * `MALFORMED_FUNCTION_CALL` → `error`; anything else (`LANGUAGE`, `OTHER`, newer words) → `other`.
 *
 * @see https://ai.google.dev/api/generate-content#FinishReason
 */
export function mapGeminiFinishReason(finishReason: string | undefined, hasFunctionCalls: boolean): FinishReason {
  switch (finishReason) {
    case 'STOP':
    case undefined:
      return hasFunctionCalls ? 'tool_calls' : 'stop';
    case 'MAX_TOKENS':
      return 'length';
    case 'SAFETY':
    case 'RECITATION':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
    case 'IMAGE_SAFETY':
      return 'content_filter';
    case 'MALFORMED_FUNCTION_CALL':
      return 'error';
    default:
      return 'other';
  }
}
