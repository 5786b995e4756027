import type { CapabilityRow } from '../registry/capability-row';

// Which Converse features each model family has (tool use, streaming tool use, tool choice, images, documents).
const features =
  'https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html';
const toolChoice = 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolChoice.html';

/**
 * Amazon Bedrock models through Converse. Ids are Bedrock's, with or without a cross-region
 * inference-profile prefix (`us.`, `eu.`, `apac.`, `global.`), hence the leading `*`. Tool use,
 * tool choice and image input per family from the Converse features table; limits from each
 * provider's own model pages (the same models as on their first-party APIs).
 */
export const bedrockCapabilities: CapabilityRow[] = [
  {
    // Converse has no `none` tool choice; `any` and `tool` only for Claude, Mistral Large and Nova.
    match: 'bedrock:*',
    capabilities: {
      systemPrompt: 'native',
      toolChoice: ['auto'],
      audioInput: false,
      schema: { ref: 'unknown', anyOf: 'unknown', allOf: 'unknown', oneOf: 'unknown', formats: 'unknown' },
    },
    source: toolChoice,
  },
  {
    match: 'bedrock:*anthropic.claude*',
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      toolChoice: ['auto', 'required', 'tool'],
      imageInput: true,
      contextWindow: 200_000,
      schema: { ref: true, anyOf: true, allOf: true, oneOf: true, additionalProperties: true, nullable: true },
    },
    source: features,
  },
  {
    match: 'bedrock:*anthropic.claude-3-*',
    capabilities: { maxOutputTokens: 4096, reasoning: false },
    source: 'https://docs.anthropic.com/en/docs/about-claude/models/overview',
  },
  {
    match: 'bedrock:*anthropic.claude-3-5-*',
    capabilities: { maxOutputTokens: 8192, reasoning: false },
    source: 'https://docs.anthropic.com/en/docs/about-claude/models/overview',
  },
  {
    match: ['bedrock:*anthropic.claude-3-7-sonnet*', 'bedrock:*anthropic.claude-sonnet-4*'],
    capabilities: { maxOutputTokens: 64_000, reasoning: true },
    source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-extended-thinking.html',
  },
  {
    match: 'bedrock:*anthropic.claude-opus-4*',
    capabilities: { maxOutputTokens: 32_000, reasoning: true },
    source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-extended-thinking.html',
  },
  {
    match: 'bedrock:*anthropic.claude-haiku-4-5*',
    capabilities: { maxOutputTokens: 64_000, reasoning: true },
    source: 'https://docs.anthropic.com/en/docs/about-claude/models/overview',
  },
  {
    // Llama 3.1 and later call tools through Converse (auto only); Llama 3 and 2 do not.
    match: ['bedrock:*meta.llama3-1*', 'bedrock:*meta.llama3-2*', 'bedrock:*meta.llama3-3*', 'bedrock:*meta.llama4*'],
    capabilities: { toolCalling: 'native', parallelToolCalls: 'unknown', contextWindow: 128_000, reasoning: false },
    source: features,
  },
  {
    match: ['bedrock:*meta.llama3-2-11b*', 'bedrock:*meta.llama3-2-90b*', 'bedrock:*meta.llama4*'],
    capabilities: { imageInput: true },
    source: features,
  },
  {
    match: ['bedrock:*meta.llama3-8b*', 'bedrock:*meta.llama3-70b*', 'bedrock:*meta.llama2*'],
    capabilities: { toolCalling: 'none', imageInput: false, contextWindow: 8192 },
    emulation: 'react',
    source: features,
  },
  {
    match: 'bedrock:*mistral.mistral-large*',
    capabilities: {
      toolCalling: 'native',
      toolChoice: ['auto', 'required', 'tool'],
      imageInput: false,
      reasoning: false,
    },
    source: features,
  },
  {
    match: 'bedrock:*mistral.mistral-large-2407*',
    capabilities: { contextWindow: 128_000 },
    source: 'https://docs.mistral.ai/getting-started/models/',
  },
  {
    // Mistral 7B and Mixtral have no tool use in Converse.
    match: ['bedrock:*mistral.mistral-7b*', 'bedrock:*mistral.mixtral*'],
    capabilities: { toolCalling: 'none', imageInput: false },
    emulation: 'tags',
    source: features,
  },
  {
    match: 'bedrock:*amazon.nova-*',
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      toolChoice: ['auto', 'required', 'tool'],
      imageInput: true,
      contextWindow: 300_000,
      reasoning: false,
    },
    source: 'https://docs.aws.amazon.com/nova/latest/userguide/tool-use.html',
  },
  {
    match: 'bedrock:*amazon.nova-micro*',
    capabilities: { imageInput: false, contextWindow: 128_000 },
    source: 'https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html',
  },
  {
    match: 'bedrock:*amazon.nova-premier*',
    capabilities: { contextWindow: 1_000_000 },
    source: 'https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html',
  },
  {
    match: 'bedrock:*cohere.command-r*',
    capabilities: { toolCalling: 'native', imageInput: false, contextWindow: 128_000, reasoning: false },
    source: features,
  },
  {
    // DeepSeek-R1 reasons but has no tool use through Converse.
    match: 'bedrock:*deepseek.r1*',
    capabilities: { toolCalling: 'none', imageInput: false, reasoning: true, contextWindow: 128_000 },
    emulation: 'tags',
    source: features,
  },
  {
    match: 'bedrock:*amazon.titan-text*',
    capabilities: { toolCalling: 'none', imageInput: false, reasoning: false },
    emulation: 'react',
    source: features,
  },
];
