import type { CapabilityRow } from '../registry/capability-row';

const overview = 'https://docs.anthropic.com/en/docs/about-claude/models/overview';
const thinking = 'https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking';

/**
 * Extended thinking: `budget_tokens` at least 1,024 and below `max_tokens`; off unless asked.
 * Effort levels map to budgets that fit a non-streaming call (the SDK refuses `max_tokens`
 * implying more than ten minutes, about 21,000 tokens): the budget plus 4,096 answer tokens.
 */
const claudeThinking = (max: number) => ({
  type: 'budget' as const,
  min: 1024,
  max,
  canDisable: true,
  default: 'off' as const,
  effortBudgets: { minimal: 1024, low: 4096, medium: 8192, high: 16_384 },
});

/**
 * Anthropic Claude models (Messages API). Limits from the models overview and each model's page
 * under https://platform.claude.com/docs/en/models/; `input_schema` is JSON Schema.
 */
export const anthropicCapabilities: CapabilityRow[] = [
  {
    match: 'anthropic:*',
    capabilities: {
      systemPrompt: 'native',
      // tool_choice auto / any / tool / none; with extended thinking only auto and none.
      toolChoice: ['auto', 'none', 'required', 'tool'],
      audioInput: false,
      schema: { ref: true, anyOf: true, allOf: true, oneOf: true, additionalProperties: true, nullable: true },
    },
    source: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use',
  },
  {
    // Every Claude model on the Messages API has tool use and image input; a tool_result's
    // content may hold image and document blocks.
    match: 'anthropic:claude*',
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      imageInput: true,
      toolResultMedia: true,
      contextWindow: 200_000,
      // Without native JSON outputs, a forced tool whose input is the answer.
      structuredOutput: 'tool',
    },
    source: overview,
  },
  {
    // `output_config.format` (JSON outputs) on these models.
    match: [
      'anthropic:claude-sonnet-4-5*',
      'anthropic:claude-sonnet-4-6*',
      'anthropic:claude-opus-4-1*',
      'anthropic:claude-opus-4-5*',
      'anthropic:claude-opus-4-6*',
      'anthropic:claude-haiku-4-5*',
      'anthropic:claude-opus-5*',
    ],
    capabilities: { structuredOutput: 'native' },
    source: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs',
  },
  {
    match: [
      'anthropic:claude-3-7-sonnet*',
      'anthropic:claude-sonnet-4*',
      'anthropic:claude-4-sonnet*',
      'anthropic:claude-haiku-4-5*',
    ],
    capabilities: { reasoningControl: claudeThinking(63_999) },
    source: thinking,
  },
  {
    match: ['anthropic:claude-opus-4*', 'anthropic:claude-4-opus*'],
    capabilities: { reasoningControl: claudeThinking(31_999) },
    source: thinking,
  },
  {
    match: ['anthropic:claude-opus-4-5*', 'anthropic:claude-opus-4-6*', 'anthropic:claude-opus-5*'],
    capabilities: { reasoningControl: claudeThinking(63_999) },
    source: thinking,
  },
  {
    match: 'anthropic:claude-3-*',
    capabilities: { maxOutputTokens: 4096, reasoning: false },
    source: overview,
  },
  {
    match: 'anthropic:claude-3-5-sonnet*',
    capabilities: { maxOutputTokens: 8192, reasoning: false },
    source: overview,
  },
  {
    // Launched text-only; sources disagree on later image support (OpenRouter: none, Vercel: vision).
    match: 'anthropic:claude-3-5-haiku*',
    capabilities: { maxOutputTokens: 8192, reasoning: false, imageInput: 'unknown' },
    source: overview,
  },
  {
    match: 'anthropic:claude-3-7-sonnet*',
    capabilities: { maxOutputTokens: 64_000, reasoning: true },
    source: overview,
  },
  {
    match: ['anthropic:claude-sonnet-4*', 'anthropic:claude-4-sonnet*'],
    capabilities: { maxOutputTokens: 64_000, reasoning: true },
    source: overview,
  },
  {
    match: ['anthropic:claude-opus-4*', 'anthropic:claude-4-opus*'],
    capabilities: { maxOutputTokens: 32_000, reasoning: true },
    source: overview,
  },
  {
    match: 'anthropic:claude-opus-4-5*',
    capabilities: { maxOutputTokens: 64_000 },
    source: 'https://platform.claude.com/docs/en/models/opus-4-5/overview',
  },
  {
    match: 'anthropic:claude-haiku-4-5*',
    capabilities: { maxOutputTokens: 64_000, reasoning: true },
    source: overview,
  },
  {
    match: 'anthropic:claude-sonnet-4-6*',
    capabilities: { contextWindow: 1_000_000, maxOutputTokens: 128_000 },
    source: 'https://platform.claude.com/docs/en/models/sonnet-4-6/overview',
  },
  {
    // 1M context per Anthropic's context-window help article; output limit not confirmed.
    match: 'anthropic:claude-opus-4-6*',
    capabilities: { contextWindow: 1_000_000, maxOutputTokens: 'unknown' },
    source: 'https://support.claude.com/en/articles/8606395',
  },
  {
    match: 'anthropic:claude-opus-5*',
    capabilities: { contextWindow: 1_000_000, maxOutputTokens: 128_000, reasoning: true },
    source: 'https://platform.claude.com/docs/en/models/opus-5/overview',
  },
];
