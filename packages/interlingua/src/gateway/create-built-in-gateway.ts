import type { ChatModel } from '@interlingua/core';
import { parseModelId } from '@interlingua/core';
import {
  createGateway,
  type Gateway,
  type GatewayConfig,
  type GatewayConfigInput,
  type GatewayOptions,
  type ModelResolver,
} from '@interlingua/gateway';
import { createModelRegistry, type ModelRegistrySettings } from '../create-model-registry';
import { createDemoModel } from '../demo/demo-model';
import { wireCodecs } from '../wire-codecs';

/** Options of the umbrella's {@link createBuiltInGateway}: every gateway option, with built-in defaults. */
export type BuiltInGatewayOptions = Partial<GatewayOptions> & {
  /** Settings of the model registry the backends come from (environment, compatible endpoints). */
  registry?: ModelRegistrySettings;
};

/**
 * The gateway with the built-in providers wired in: backends are `provider:model` strings of
 * the umbrella's registry (`openai:`, `anthropic:`, `gemini:`, `ollama:`, …, keys and base URLs
 * from `providers` in the config or the usual environment variables), plus `demo:<id>`, the
 * offline demo model; the inbound formats use the OpenAI, Anthropic and Gemini codecs. The
 * gateway retries by itself, so every model is made with `maxRetries: 0`.
 *
 * @example
 * const gateway = createBuiltInGateway(await readGatewayConfig('gateway.json'));
 * await gateway.listen({ port: 4000 });
 */
export function createBuiltInGateway(
  config: GatewayConfig | GatewayConfigInput | string,
  options: BuiltInGatewayOptions = {},
): Gateway {
  const { registry: registrySettings, ...rest } = options;
  const registry = createModelRegistry(registrySettings);
  const models: ModelResolver = (backend, settings): ChatModel => {
    const { provider, modelId } = parseModelId(backend);
    if (provider === 'demo') return createDemoModel({ modelId });
    return registry.model(backend, {
      ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
      ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
      ...(settings.headers === undefined ? {} : { headers: settings.headers }),
      timeout: settings.timeoutMs,
      maxRetries: 0,
    });
  };
  return createGateway(config, { models, codecs: wireCodecs, ...rest });
}
