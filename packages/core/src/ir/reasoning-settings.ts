/** How hard a model thinks, as a named level. Each codec maps it to its provider's control. */
export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high';

/**
 * How much a model reasons before it answers, in provider-neutral form. Set `effort`, or
 * `budgetTokens`, or both: a provider that takes levels (OpenAI, Gemini 3) reads `effort`, one
 * that takes a token budget (Anthropic, Gemini 2.5, Bedrock's Claude) reads `budgetTokens`, and
 * each converts the other when only one is given (effort → budget from the capability data,
 * budget → the nearest level), with a warning where the conversion is approximate.
 */
export type ReasoningSettings = {
  /** The reasoning level. */
  effort?: ReasoningEffort;
  /** The most tokens the model may spend reasoning (Anthropic requires at least 1,024). */
  budgetTokens?: number;
  /** Whether to return a summary of the reasoning (OpenAI Responses `summary`, Gemini `includeThoughts`). */
  summary?: boolean;
};
