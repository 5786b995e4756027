import type { CapabilityRow } from '../registry/capability-row';

const models = 'https://ai.google.dev/gemini-api/docs/models';
const thinking = 'https://ai.google.dev/gemini-api/docs/thinking#set-budget';
const both = (model: string) => [`gemini:${model}`, `google:${model}`, `vertex:${model}`];

/**
 * Google Gemini models, on the Gemini Developer API (`gemini:`) and Vertex AI (`vertex:`). Limits from each model's page under https://ai.google.dev/gemini-api/docs/models;
 * function declarations take "a select subset of an OpenAPI 3.0 schema object" (no `$ref`, no
 * `allOf`, no `additionalProperties`; `anyOf` and `nullable` are fields of its Schema).
 */
export const geminiCapabilities: CapabilityRow[] = [
  {
    match: ['gemini:*', 'google:*', 'vertex:*'],
    capabilities: {
      systemPrompt: 'native',
      // toolConfig.functionCallingConfig.mode AUTO / NONE / ANY, with allowedFunctionNames for one tool.
      toolChoice: ['auto', 'none', 'required', 'tool'],
      schema: { ref: false, allOf: false, anyOf: true, nullable: true, additionalProperties: false },
    },
    source: 'https://ai.google.dev/api/caching#Schema',
  },
  {
    // Media of a tool result go beside its functionResponse: multimodal function responses are Gemini 3's.
    match: ['gemini:gemini-*', 'google:gemini-*', 'vertex:gemini-*'],
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      imageInput: true,
      audioInput: true,
      toolResultMedia: false,
    },
    source: 'https://ai.google.dev/gemini-api/docs/function-calling',
  },
  {
    // responseMimeType application/json + responseJsonSchema (or the OpenAPI-subset responseSchema).
    match: both('gemini-*'),
    capabilities: { structuredOutput: 'native' },
    source: 'https://ai.google.dev/gemini-api/docs/structured-output',
  },
  {
    // thinkingBudget 128-32,768; cannot be turned off; dynamic (-1) by default.
    match: both('gemini-2.5-pro*'),
    capabilities: {
      reasoningControl: {
        type: 'budget',
        min: 128,
        max: 32_768,
        canDisable: false,
        default: 'dynamic',
        effortBudgets: { minimal: 128, low: 1024, medium: 8192, high: 24_576 },
      },
    },
    source: thinking,
  },
  {
    // thinkingBudget 0-24,576 (0 turns thinking off); dynamic by default.
    match: both('gemini-2.5-flash*'),
    capabilities: {
      reasoningControl: {
        type: 'budget',
        min: 0,
        max: 24_576,
        canDisable: true,
        default: 'dynamic',
        effortBudgets: { minimal: 512, low: 1024, medium: 8192, high: 24_576 },
      },
    },
    source: thinking,
  },
  {
    // Flash-Lite: 512-24,576, or 0; does not think by default.
    match: both('gemini-2.5-flash-lite*'),
    capabilities: {
      reasoningControl: {
        type: 'budget',
        min: 512,
        max: 24_576,
        canDisable: true,
        default: 'off',
        effortBudgets: { minimal: 512, low: 1024, medium: 8192, high: 24_576 },
      },
    },
    source: thinking,
  },
  {
    // thinkingLevel replaces thinkingBudget: Gemini 3 Pro takes low / high, high by default.
    match: both('gemini-3*'),
    capabilities: { reasoningControl: { type: 'effort', levels: ['low', 'high'], default: 'high' } },
    source: 'https://ai.google.dev/gemini-api/docs/gemini-3#thinking_level',
  },
  {
    // Gemini 3 Flash adds minimal and medium.
    match: both('gemini-3*-flash*'),
    capabilities: {
      reasoningControl: { type: 'effort', levels: ['minimal', 'low', 'medium', 'high'], default: 'high' },
    },
    source: 'https://ai.google.dev/gemini-api/docs/gemini-3#thinking_level',
  },
  {
    match: ['gemini:gemini-1.5-pro*', 'google:gemini-1.5-pro*', 'vertex:gemini-1.5-pro*'],
    capabilities: { contextWindow: 2_097_152, maxOutputTokens: 8192, reasoning: false },
    source: `${models}#gemini-1.5-pro`,
  },
  {
    match: ['gemini:gemini-1.5-flash*', 'google:gemini-1.5-flash*', 'vertex:gemini-1.5-flash*'],
    capabilities: { contextWindow: 1_048_576, maxOutputTokens: 8192, reasoning: false },
    source: `${models}#gemini-1.5-flash`,
  },
  {
    match: ['gemini:gemini-2.0-flash*', 'google:gemini-2.0-flash*', 'vertex:gemini-2.0-flash*'],
    capabilities: { contextWindow: 1_048_576, maxOutputTokens: 8192, reasoning: false },
    source: `${models}/gemini-2.0-flash`,
  },
  {
    match: [
      'gemini:gemini-2.0-flash-thinking*',
      'google:gemini-2.0-flash-thinking*',
      'vertex:gemini-2.0-flash-thinking*',
    ],
    capabilities: { reasoning: true },
    source: 'https://ai.google.dev/gemini-api/docs/thinking',
  },
  {
    match: ['gemini:gemini-2.5-*', 'google:gemini-2.5-*', 'vertex:gemini-2.5-*'],
    capabilities: { contextWindow: 1_048_576, maxOutputTokens: 65_536, reasoning: true },
    source: `${models}/gemini-2.5-pro`,
  },
  {
    match: ['gemini:gemini-3*', 'google:gemini-3*', 'vertex:gemini-3*'],
    capabilities: { reasoning: true },
    source: 'https://ai.google.dev/gemini-api/docs/gemini-3',
  },
  {
    // "Multimodal function responses … available for Gemini 3 series models": images and
    // documents inside functionResponse.parts.
    match: ['gemini:gemini-3*', 'google:gemini-3*', 'vertex:gemini-3*'],
    capabilities: { toolResultMedia: true },
    source: 'https://ai.google.dev/gemini-api/docs/function-calling#multimodal',
  },
  {
    match: [
      'gemini:gemini-3-pro*',
      'google:gemini-3-pro*',
      'gemini:gemini-3.1-pro*',
      'google:gemini-3.1-pro*',
      'vertex:gemini-3-pro*',
      'vertex:gemini-3.1-pro*',
    ],
    capabilities: { contextWindow: 1_048_576, maxOutputTokens: 65_536 },
    source: `${models}/gemini-3-pro-preview`,
  },
];
