import type { ModelCapabilities } from '@interlingua/core';
import type { CapabilityOverrides, EmulationFormatName } from './capability-row';
import { type CapabilityRegistry, createCapabilityRegistry } from './create-capability-registry';

/** The process-wide registry that `capabilitiesOf`, `registerCapabilities` and `withCapabilities` use by default. */
export const defaultCapabilityRegistry: CapabilityRegistry = createCapabilityRegistry();

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

/**
 * States capabilities for every model matching a `provider:model` glob, in the default registry.
 * Later registrations win over earlier ones and over the shipped data. Throws
 * `InvalidSettingError` when `capabilities` is not valid capability data.
 *
 * @example
 * registerCapabilities('ollama:my-finetune*', { toolCalling: 'none', contextWindow: 8192 }, { emulation: 'tags' });
 */
export function registerCapabilities(
  match: string | readonly string[],
  capabilities: CapabilityOverrides,
  options?: { emulation?: EmulationFormatName; source?: string },
): void {
  defaultCapabilityRegistry.register(match, capabilities, options);
}

/**
 * A `defaultMaxTokens` setting for a provider whose API requires `max_tokens` (Anthropic): the
 * model's `maxOutputTokens` from the data, capped, or `undefined` when unknown (the adapter then
 * uses its own documented default).
 *
 * The cap exists because a non-streaming request that reserves a very large output is refused
 * by some SDKs (the Anthropic SDK asks for streaming when `max_tokens` implies more than ten
 * minutes); pass `cap: Infinity` to use the full limit.
 *
 * @example
 * const anthropic = createAnthropic({ defaultMaxTokens: defaultMaxTokensFromCapabilities('anthropic') });
 */
export function defaultMaxTokensFromCapabilities(
  provider: string,
  options: { cap?: number; registry?: CapabilityRegistry } = {},
): (modelId: string) => number | undefined {
  const registry = options.registry ?? defaultCapabilityRegistry;
  const cap = options.cap ?? 16_384;
  return (modelId) => {
    const max = registry.capabilitiesOf(`${provider}:${modelId}`).maxOutputTokens;
    return max === 'unknown' ? undefined : Math.min(max, cap);
  };
}
