import type { ChatModel } from '../chat-model';
import { InvalidModelIdError } from '../errors/invalid-model-id-error';
import { NoSuchProviderError } from '../errors/no-such-provider-error';

/** Makes a model from a provider's model id. */
export type ProviderFactory<Options = never> = (modelId: string, options?: Options) => ChatModel;

/** Resolves `provider:model` strings through a set of provider factories. */
export type ProviderRegistry = {
  /** The provider keys the registry knows. */
  readonly providers: readonly string[];
  /**
   * The model named `provider:model`. The model id may itself contain `:` (`ollama:qwen2.5:7b`).
   * Throws `InvalidModelIdError` for a string without a provider prefix and
   * `NoSuchProviderError` (listing the known providers) for an unknown prefix.
   */
  model(id: string, options?: unknown): ChatModel;
};

/** Splits `provider:model` at the first colon. Throws `InvalidModelIdError` when either side is empty. */
export function parseModelId(id: string): { provider: string; modelId: string } {
  const colon = id.indexOf(':');
  if (colon <= 0 || colon === id.length - 1) {
    throw new InvalidModelIdError({
      message: `Expected a model string of the form "provider:model" (e.g. "openai:gpt-4.1"), got "${id}".`,
    });
  }
  return { provider: id.slice(0, colon), modelId: id.slice(colon + 1) };
}

/**
 * Builds a registry from provider factories.
 *
 * @example
 * const registry = createRegistry({ openai: createOpenAI(), anthropic: createAnthropic() });
 * const model = registry.model('anthropic:claude-sonnet-4-6');
 */
export function createRegistry(
  factories: Record<string, ProviderFactory<never> | ProviderFactory<unknown>>,
): ProviderRegistry {
  const providers = Object.keys(factories).sort();
  return {
    providers,
    model(id, options) {
      const { provider, modelId } = parseModelId(id);
      const factory = Object.hasOwn(factories, provider) ? factories[provider] : undefined;
      if (factory === undefined) throw new NoSuchProviderError({ providerId: provider, availableProviders: providers });
      return (factory as ProviderFactory<unknown>)(modelId, options);
    },
  };
}
