import type { ModelCapabilities } from '@interlingua/core';
import type { CapabilityOverrides } from './capability-row';
import { defaultCapabilityRegistry } from './default-capability-registry';

/**
 * What `provider:model` can do, from the shipped data, your registrations and runtime detections.
 * Every field may be `'unknown'`, which is not "unsupported". Throws `InvalidModelIdError` for a
 * string without a provider prefix.
 *
 * @example
 * capabilitiesOf('openai:gpt-4.1').contextWindow; // 1047576
 * capabilitiesOf('ollama:gemma3:4b').toolCalling; // 'none'
 */
export function capabilitiesOf(id: string, overrides?: CapabilityOverrides): ModelCapabilities {
  return defaultCapabilityRegistry.capabilitiesOf(id, overrides);
}
