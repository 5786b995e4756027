/**
 * The marker that starts the text of a failed tool result. Chat Completions tool messages
 * have no error flag, so `isError: true` is written into the text where the model reads it:
 * `[tool error] <the result's text>`.
 */
export const OPENAI_TOOL_ERROR_PREFIX = '[tool error] ';

/** Marks a failed result's text (see {@link OPENAI_TOOL_ERROR_PREFIX}). */
export function markOpenAIToolError(text: string): string {
  return `${OPENAI_TOOL_ERROR_PREFIX}${text}`;
}

/** Recovers `isError` and the original text from a tool message's text (the inverse of {@link markOpenAIToolError}). */
export function unmarkOpenAIToolError(text: string): { text: string; isError: boolean } {
  return text.startsWith(OPENAI_TOOL_ERROR_PREFIX)
    ? { text: text.slice(OPENAI_TOOL_ERROR_PREFIX.length), isError: true }
    : { text, isError: false };
}
