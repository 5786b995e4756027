import type { CapabilityRegistry } from './create-capability-registry';
import { defaultCapabilityRegistry } from './default-capability-registry';

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
