import type { ChatModel } from '@interlingua/core';
import { createModelRegistry, type ModelRegistry, type ModelSettings } from './create-model-registry';

let defaultRegistry: ModelRegistry | undefined;

/**
 * The model named `provider:id`, from the built-in providers, with keys from the usual
 * environment variables and `withCapabilities` applied. Moving an agent to another provider
 * is a change of this string. Throws `InvalidModelIdError` (no `provider:` prefix),
 * `NoSuchProviderError` (listing the known providers) or `InvalidSettingError` (an unknown
 * setting). The API key is read on the model's first call: a key still missing then fails that
 * call with an `InvalidSettingError` naming the variable to set.
 *
 * @example
 * const claude = model('anthropic:claude-sonnet-4-6');
 * const local = model('ollama:qwen2.5', { baseURL: 'http://localhost:11434/v1' });
 */
export function model(id: string, settings?: ModelSettings): ChatModel {
  defaultRegistry ??= createModelRegistry();
  return defaultRegistry.model(id, settings);
}
