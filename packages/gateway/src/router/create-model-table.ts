import type { ChatModel } from '@interlingua/core';
import { parseModelId } from '@interlingua/core';
import type { GatewayConfig, GatewayPrice, GatewayProviderConfig } from '../config/gateway-config-schema';
import { GatewayError } from '../errors/gateway-error';
import { createLruCache } from './create-lru-cache';

/** What the gateway passes when it asks for a backend's model. */
export type BackendSettings = GatewayProviderConfig & {
  /** The attempt's timeout; the gateway also enforces it itself. */
  timeoutMs: number;
};

/**
 * Makes the `ChatModel` of a backend (`provider:model`) — how models are passed in: the
 * umbrella's registry of built-in providers, or your own. Called once per configured backend
 * (and kept); a throw (a missing provider key) makes that backend unavailable, saying why.
 * A `provider:model` a caller names (`allowProviderModels`) is made on demand and kept among
 * the `limits.maxProviderModels` most recently used; one that throws is answered, never kept.
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
  /** Configured backends whose model could not be made, with the reason. */
  readonly unavailable: ReadonlyMap<string, Error>;
  /** Every configured backend (`provider:model`), fallbacks included. */
  readonly backends: readonly string[];
  /** How many ad-hoc `provider:model` plans are kept now (at most `limits.maxProviderModels`). */
  readonly providerModels: number;
};

const DEFAULT_TIMEOUT_MS = 600_000;
const DEFAULT_RETRIES = 2;

/** Builds the model table of a config, resolving every configured backend once. */
export function createModelTable(config: GatewayConfig, resolve: ModelResolver): ModelTable {
  // Configured backends: made once at start-up, kept for the gateway's life (a bounded set).
  const models = new Map<string, Candidate['model']>();
  const unavailable = new Map<string, Error>();
  const make = (backend: string, timeoutMs: number): Candidate['model'] => {
    try {
      const { provider } = parseModelId(backend);
      const providerConfig = Object.hasOwn(config.providers, provider) ? config.providers[provider] : undefined;
      return resolve(backend, { ...(providerConfig ?? {}), timeoutMs });
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  const configuredModel = (backend: string, timeoutMs: number): Candidate['model'] => {
    const cacheKey = `${backend}\u0000${timeoutMs}`;
    const cached = models.get(cacheKey);
    if (cached !== undefined) return cached;
    const model = make(backend, timeoutMs);
    if (model instanceof Error) unavailable.set(backend, model);
    models.set(cacheKey, model);
    return model;
  };
  const candidate = (target: string, model = configuredModel): Candidate => {
    const entry = Object.hasOwn(config.models, target) ? config.models[target] : undefined;
    const backend = entry?.model ?? target;
    const timeoutMs = entry?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return {
      backend,
      model: model(backend, timeoutMs),
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
      candidates: [candidate(name), ...(entry.fallbacks ?? []).map((target) => candidate(target))],
      contextWindow: (entry.contextWindowFallbacks ?? []).map((target) => candidate(target)),
      limits: { rpm: entry.rpm, tpm: entry.tpm },
    });
  }
  const names = [...plans.keys()];
  const backends = [
    ...new Set(
      [...plans.values()].flatMap((plan) => [...plan.candidates, ...plan.contextWindow].map((entry) => entry.backend)),
    ),
  ];
  // Names callers choose: any number of them, so only the most recently used are kept.
  const adHoc = createLruCache<ModelPlan>(config.limits.maxProviderModels);
  // A configured backend named directly reuses its model; any other is made for this plan.
  const adHocModel = (backend: string, timeoutMs: number): Candidate['model'] =>
    models.get(`${backend}\u0000${timeoutMs}`) ?? make(backend, timeoutMs);

  return {
    names,
    unavailable,
    backends,
    get providerModels() {
      return adHoc.size;
    },
    plan(name) {
      const configured = plans.get(name);
      if (configured !== undefined) return configured;
      if (config.allowProviderModels && isBackendId(name)) {
        const kept = adHoc.get(name);
        if (kept !== undefined) return kept;
        const plan: ModelPlan = { name, candidates: [candidate(name, adHocModel)], contextWindow: [], limits: {} };
        // A name that cannot be made (an unknown provider, a bad id) is answered, never kept.
        if (!(plan.candidates[0]?.model instanceof Error)) adHoc.set(name, plan);
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
