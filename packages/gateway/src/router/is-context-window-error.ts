import { APICallError } from '@interlingua/core';

/**
 * How providers say a prompt is longer than the model's context window, each in its own words
 * as `APICallError.message` carries them.
 */
export const contextWindowErrorPatterns: readonly RegExp[] = [
  // OpenAI: "This model's maximum context length is 128000 tokens. However, your messages resulted in …"
  /maximum context length/i,
  // Anthropic: "prompt is too long: 215000 tokens > 200000 maximum"
  /prompt is too long/i,
  // Gemini: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."
  /input token count.*exceeds the maximum/i,
  // vLLM, llama.cpp and other compatible servers.
  /context (?:window|length) (?:of|exceeded|is exceeded)|exceeds? (?:the )?(?:model'?s? )?context (?:window|length)/i,
];

/**
 * Whether a backend refused the request because the prompt does not fit its context window:
 * OpenAI's `context_length_exceeded` code, or a 400/413 whose message matches
 * {@link contextWindowErrorPatterns}. The gateway answers such an error with the model's
 * `contextWindowFallbacks` (a larger model) instead of retrying.
 */
export function isContextWindowError(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  const body = error.responseBody as { error?: { code?: unknown } } | undefined;
  if (body?.error?.code === 'context_length_exceeded') return true;
  if (error.statusCode !== undefined && error.statusCode !== 400 && error.statusCode !== 413) return false;
  return contextWindowErrorPatterns.some((pattern) => pattern.test(error.message));
}
