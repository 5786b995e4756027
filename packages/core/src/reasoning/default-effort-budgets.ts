import type { ReasoningEffort } from '../ir/reasoning-settings';

/**
 * The token budget each effort level maps to when nothing more specific is known: what a
 * budget-taking codec (Anthropic, Gemini 2.5, Bedrock's Claude) sends for `reasoning.effort`
 * alone. The capability data (through `withCapabilities`) states per-model budgets and fills
 * `reasoning.budgetTokens` before the codec sees the request. `high` plus 4,096 answer tokens
 * stays under the roughly 21,000 `max_tokens` a non-streaming Anthropic SDK call accepts.
 */
export const DEFAULT_EFFORT_BUDGETS: Readonly<Record<ReasoningEffort, number>> = Object.freeze({
  minimal: 1024,
  low: 4096,
  medium: 8192,
  high: 16_384,
});
