import type { ModelCapabilities } from '@interlingua/core';
import type { CapabilityOverrides } from './capability-row';

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
