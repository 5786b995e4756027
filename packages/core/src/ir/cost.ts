/**
 * What a model charges, in US dollars per million tokens, and where the figures come from.
 * Plain JSON, like the rest of the IR.
 */
export type ModelPricing = {
  /** Input tokens that were neither read from nor written to a prompt cache. */
  input: number;
  /** Output tokens (reasoning included, unless `reasoning` is priced apart). */
  output: number;
  /** Input tokens read from the prompt cache; absent when the provider states no such price. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache (Anthropic's 5-minute writes); absent when not priced. */
  cacheWrite?: number;
  /** Reasoning tokens, only where the provider prices them apart from other output. */
  reasoning?: number;
  /**
   * Prices for a call whose prompt is larger than `aboveInputTokens` (the whole call is billed at
   * them, as Anthropic and Google do). A price left out here is not known for such a call.
   */
  longContext?: {
    aboveInputTokens: number;
    input: number;
    output: number;
    cacheRead?: number;
    cacheWrite?: number;
  };
  /** The page the prices were read from. */
  source: string;
  /** When they were read, `YYYY-MM-DD`. */
  read: string;
};

/** What one or more model calls cost, in US dollars, by kind of token. */
export type Cost = {
  currency: 'USD';
  total: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
};
