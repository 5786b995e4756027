import type { ChatModel } from '@interlingua/core';
import { parseModelId } from '@interlingua/core';
import type { GatewayConfig, GatewayPrice, GatewayProviderConfig } from '../config/gateway-config-schema';
import { GatewayError } from '../errors/gateway-error';

/** What the gateway passes when it asks for a backend's model. */
export type BackendSettings = GatewayProviderConfig & {
  /** The attempt's timeout; the gateway also enforces it itself. */
  timeoutMs: number;
};

/**
 * Makes the `ChatModel` of a backend (`provider:model`) — how models are passed in: the
 * umbrella's registry of built-in providers, or your own. Called once per backend (and
 * cached); a throw (a missing provider key) makes that backend unavailable, saying why.
 * The gateway retries by itself, so the model should not (`maxRetries: 0`).
 */
export type ModelResolver = (backend: string, settings: BackendSettings) => ChatModel;

/** One backend a model name may be served by. */
export type Candidate = {
  backend: string;
  /** The model, or why it could not be made. */
  model: ChatModel | Error;
  retries: number;
  timeoutMs: number;
  price: GatewayPrice | undefined;
  limits: { rpm?: number | undefined; tpm?: number | undefined } | undefined;
};

/** How a model name is served: its backends in order, and the larger ones for context-window errors. */
export type ModelPlan = {
  name: string;
  candidates: Candidate[];
  contextWindow: Candidate[];
  limits: { rpm?: number | undefined; tpm?: number | undefined };
};

/** The router's view of a config: model names → plans, built once. */
export type ModelTable = {
  /** The configured model names, in config order. */
  readonly names: readonly string[];
  /** The plan of a name (or of `provider:model` with `allowProviderModels`); a 404 `GatewayError` otherwise. */
  plan(name: string): ModelPlan;
  /** Backends whose model could not be made, with the reason. */
  readonly unavailable: ReadonlyMap<string, Error>;
};

const DEFAULT_TIMEOUT_MS = 600_000;
const DEFAULT_RETRIES = 2;
const MAX_AD_HOC_PLANS = 256;

/** Builds the model table of a config, resolving every configured backend once. */
export function createModelTable(config: GatewayConfig, resolve: ModelResolver): ModelTable {
  const models = new Map<string, Candidate['model']>();
  const unavailable = new Map<string, Error>();
  const modelOf = (backend: string, timeoutMs: number): Candidate['model'] => {
    const cacheKey = `${backend}\u0000${timeoutMs}`;
    const cached = models.get(cacheKey);
    if (cached !== undefined) return cached;
    let model: Candidate['model'];
    try {
      const { provider } = parseModelId(backend);
      const providerConfig = Object.hasOwn(config.providers, provider) ? config.providers[provider] : undefined;
      model = resolve(backend, { ...(providerConfig ?? {}), timeoutMs });
    } catch (error) {
      model = error instanceof Error ? error : new Error(String(error));
      unavailable.set(backend, model);
    }
    models.set(cacheKey, model);
    return model;
  };
  const candidate = (target: string): Candidate => {
    const entry = Object.hasOwn(config.models, target) ? config.models[target] : undefined;
    const backend = entry?.model ?? target;
    const timeoutMs = entry?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return {
      backend,
      model: modelOf(backend, timeoutMs),
      retries: entry?.retries ?? DEFAULT_RETRIES,
      timeoutMs,
      price: entry?.price,
      limits: Object.hasOwn(config.backends, backend) ? config.backends[backend] : undefined,
    };
  };

  const plans = new Map<string, ModelPlan>();
  for (const [name, entry] of Object.entries(config.models)) {
    plans.set(name, {
      name,
      candidates: [candidate(name), ...(entry.fallbacks ?? []).map(candidate)],
      contextWindow: (entry.contextWindowFallbacks ?? []).map(candidate),
      limits: { rpm: entry.rpm, tpm: entry.tpm },
    });
  }
  const names = [...plans.keys()];
  const adHoc = new Map<string, ModelPlan>();

  return {
    names,
    unavailable,
    plan(name) {
      const configured = plans.get(name);
      if (configured !== undefined) return configured;
      if (config.allowProviderModels && isBackendId(name)) {
        let plan = adHoc.get(name);
        if (plan === undefined) {
          plan = { name, candidates: [candidate(name)], contextWindow: [], limits: {} };
          if (adHoc.size < MAX_AD_HOC_PLANS) adHoc.set(name, plan);
        }
        return plan;
      }
      throw new GatewayError({
        type: 'not_found',
        message: `Expected a model this gateway serves (${names.join(', ') || 'none configured'}${config.allowProviderModels ? ', or "provider:model"' : ''}), got "${name}".`,
      });
    },
  };
}

function isBackendId(value: string): boolean {
  const colon = value.indexOf(':');
  return colon > 0 && colon < value.length - 1 && !/\s/.test(value);
}
