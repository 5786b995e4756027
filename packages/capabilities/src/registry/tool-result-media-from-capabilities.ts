import type { CapabilityRegistry } from './create-capability-registry';
import { defaultCapabilityRegistry } from './default-capability-registry';

/**
 * A per-model switch for adapters that can put a tool result's images and files inside the
 * result or beside it (Gemini's `functionResponseParts`): the model's `toolResultMedia` from the
 * data, or `undefined` when unknown (the adapter then uses its own default).
 *
 * @example
 * const gemini = createGemini({ functionResponseParts: toolResultMediaFromCapabilities('gemini') });
 */
export function toolResultMediaFromCapabilities(
  provider: string,
  options: { registry?: CapabilityRegistry } = {},
): (modelId: string) => boolean | undefined {
  const registry = options.registry ?? defaultCapabilityRegistry;
  return (modelId) => {
    const value = registry.capabilitiesOf(`${provider}:${modelId}`).toolResultMedia;
    return value === 'unknown' ? undefined : value;
  };
}
