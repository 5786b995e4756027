import type { ModelCapabilities } from '@interlingua/core';
import type { CapabilityOverrides } from './capability-row';

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
  systemPrompt: 'unknown',
  contextWindow: 'unknown',
  maxOutputTokens: 'unknown',
  reasoning: 'unknown',
}) as ModelCapabilities;

/** Applies `overrides` on top of `base`, field by field (and `schema` key by key); `undefined` leaves a field as it was. */
export function mergeCapabilities(base: ModelCapabilities, overrides: CapabilityOverrides): ModelCapabilities {
  const merged: ModelCapabilities = {
    ...base,
    toolChoice: Array.isArray(base.toolChoice) ? [...base.toolChoice] : base.toolChoice,
    schema: { ...base.schema },
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || key === 'schema') continue;
    (merged as Record<string, unknown>)[key] = Array.isArray(value) ? [...value] : value;
  }
  if (overrides.schema !== undefined) {
    for (const [key, value] of Object.entries(overrides.schema)) {
      if (value !== undefined) (merged.schema as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}
