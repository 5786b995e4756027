import type { ProviderApi } from './capability-row';
import type { CapabilityRegistry } from './create-capability-registry';
import { defaultCapabilityRegistry } from './default-capability-registry';

/**
 * The API the capability data recommends for each model of a provider that has several (OpenAI:
 * `responses` or `chat-completions`), or `undefined` where the data says nothing.
 *
 * @example
 * const apiOf = preferredApiFromCapabilities('openai');
 * apiOf('gpt-5'); // 'responses'
 * apiOf('gpt-4.1'); // 'chat-completions'
 */
export function preferredApiFromCapabilities(
  provider: string,
  options: { registry?: CapabilityRegistry } = {},
): (modelId: string) => ProviderApi | undefined {
  const registry = options.registry ?? defaultCapabilityRegistry;
  return (modelId) => registry.resolve(`${provider}:${modelId}`).api;
}
