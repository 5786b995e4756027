import type { FinishReason } from '@interlingua/core';
import { mapGeminiFinishReason } from './map-gemini-finish-reason';

/** The Gemini `finishReason` for an IR finish, keeping the raw word when it is Gemini's and still fits. */
export function convertToGeminiFinishReason(finishReason: FinishReason, raw: string | null, hasCalls: boolean): string {
  if (raw !== null && /^[A-Z_]+$/.test(raw) && mapGeminiFinishReason(raw, hasCalls) === finishReason) return raw;
  return defaultGeminiFinishReason(finishReason);
}

// The Gemini word for an IR finish reason; `tool_calls` is `STOP`.
function defaultGeminiFinishReason(finishReason: FinishReason): string {
  switch (finishReason) {
    case 'stop':
    case 'tool_calls':
    case 'pause':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    case 'refusal':
      return 'SAFETY';
    case 'error':
      return 'MALFORMED_FUNCTION_CALL';
    case 'other':
      return 'OTHER';
    default: {
      const exhaustive: never = finishReason;
      throw new Error(`Unknown finish reason ${JSON.stringify(exhaustive)}`);
    }
  }
}
