import type { CapabilityRow } from '../registry/capability-row';

const overview = 'https://docs.anthropic.com/en/docs/about-claude/models/overview';

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
    },
    source: overview,
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
