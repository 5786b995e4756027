/** Token counts of one model call. */
export type Usage = {
  /** Every prompt token the provider processed, cache reads and writes included. */
  inputTokens: number;
  /** Every generated token, reasoning included. */
  outputTokens: number;
  /** The part of `inputTokens` read from the provider's prompt cache. */
  cachedInputTokens?: number;
  /** The part of `inputTokens` written to the provider's prompt cache. */
  cacheWriteTokens?: number;
  /** The part of `outputTokens` spent on reasoning. */
  reasoningTokens?: number;
};
