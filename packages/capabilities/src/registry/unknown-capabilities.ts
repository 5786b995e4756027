import type { ModelCapabilities } from '@interlingua/core';

/** Every field `'unknown'`: what is known of a model no data mentions. Unknown is not "unsupported". */
export const unknownCapabilities: ModelCapabilities = Object.freeze({
  toolCalling: 'unknown',
  parallelToolCalls: 'unknown',
  toolChoice: 'unknown',
  schema: Object.freeze({
    ref: 'unknown',
    anyOf: 'unknown',
    allOf: 'unknown',
    oneOf: 'unknown',
    formats: 'unknown',
    nullable: 'unknown',
    additionalProperties: 'unknown',
  }),
  imageInput: 'unknown',
  audioInput: 'unknown',
  toolResultMedia: 'unknown',
  systemPrompt: 'unknown',
  contextWindow: 'unknown',
  maxOutputTokens: 'unknown',
  reasoning: 'unknown',
  reasoningControl: 'unknown',
  structuredOutput: 'unknown',
}) as ModelCapabilities;
