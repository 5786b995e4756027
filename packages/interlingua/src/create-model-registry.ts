import { createAnthropic } from '@interlingua/anthropic';
import { createBedrock } from '@interlingua/bedrock';
import {
  type CapabilityRegistry,
  capabilitiesOf,
  pricingOf,
  type WithCapabilitiesOptions,
  withCapabilities,
} from '@interlingua/capabilities';
import {
  defaultMaxTokensFromCapabilities,
  effortBudgetFromCapabilities,
  preferredApiFromCapabilities,
  suggestModelId,
  toolResultMediaFromCapabilities,
} from '@interlingua/capabilities/internal';
import type { ChatModel, Warning } from '@interlingua/core';
import { InvalidSettingError, NoSuchProviderError, parseModelId } from '@interlingua/core';
import { rejectUnknownSettings } from '@interlingua/core/adapter';
import { createGemini, createVertex } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import { BUILT_IN_PROVIDERS, type BuiltInProvider } from './built-in-providers';
import { readKeyOnFirstCall } from './read-key-on-first-call';
import type { TraceRecorder } from './trace/create-trace-recorder';
import { withModelIdWarning } from './with-model-id-warning';

// Every key of ModelSettings: the compiler keeps the list complete, so a new setting is never refused.
const MODEL_SETTINGS = Object.keys({
  apiKey: true,
  baseURL: true,
  headers: true,
  fetch: true,
  timeout: true,
  streamIdleTimeout: true,
  maxRetries: true,
  api: true,
  capabilities: true,
  trace: true,
  transport: true,
} satisfies Record<keyof ModelSettings, true>);

/** Per-model settings of `model(id, settings)`. Each overrides the environment. */
export type ModelSettings = {
  /** The API key; default from the provider's usual variable (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, …). */
  apiKey?: string;
  /** The endpoint, e.g. a local OpenAI-compatible server (`http://localhost:11434/v1`). */
  baseURL?: string;
  /** Extra HTTP headers on every request. */
  headers?: Record<string, string>;
  /** The `fetch` the SDK uses (OpenAI, Anthropic, Gemini and Vertex over `@google/genai`; Bedrock's AWS SDK takes none). */
  fetch?: typeof fetch;
  /** Milliseconds to wait for a response to start and, unless `streamIdleTimeout` is set, for each next chunk of a stream. */
  timeout?: number;
  /** Milliseconds to wait for each next chunk of a stream (default: `timeout`). */
  streamIdleTimeout?: number;
  /** Retries of retryable failures (429, 5xx), with the SDK's backoff. */
  maxRetries?: number;
  /**
   * The OpenAI API to call (OpenAI and compatible providers): `responses` or `chat-completions`.
   * Default: for `openai:` models what the capability data recommends (the Responses API for the
   * reasoning models and the models only it serves), Chat Completions for the rest and for
   * compatible servers; `openai-responses:` and `openai-chat:` name it in the model string.
   */
  api?: 'chat-completions' | 'responses';
  /** `false` for the adapter's model as is; otherwise options of `withCapabilities`, applied by default. */
  capabilities?: false | WithCapabilitiesOptions;
  /** Record every call of the model — IR and HTTP bodies — into this trace (see `createTraceRecorder`). */
  trace?: TraceRecorder;
  /**
   * How the model sends: `'sdk'` (default) through the provider's official SDK; `'lean'` through
   * the lean transport (docs/transports.md) where the adapter has one — OpenAI and compatible
   * servers, the Responses API, Anthropic, Gemini, Vertex and Bedrock. A lean model
   * sends over its own keep-alive pool: the registry's `fetch` is for SDK transports, a
   * per-model `fetch` (tracing) is used by both.
   */
  transport?: 'sdk' | 'lean';
};

// The adapters that have a lean transport.
const LEAN_ADAPTERS: ReadonlySet<BuiltInProvider['adapter']> = new Set([
  'openai',
  'anthropic',
  'gemini',
  'vertex',
  'bedrock',
]);

/** An OpenAI-compatible endpoint to register under its own provider key. */
export type CompatibleProvider = {
  baseURL: string;
  /** Environment variables read for the key, in order. Default none (a key is then optional). */
  apiKeyEnv?: readonly string[];
  /** Chat Completions differences of the server. Default `max_tokens` as the token-limit field. */
  compat?: BuiltInProvider['compat'];
};

/** Settings of {@link createModelRegistry}. */
export type ModelRegistrySettings = {
  /** Where keys and base URLs are read from. Default `process.env`, read at each `model()` call. */
  env?: Record<string, string | undefined>;
  /** A `fetch` for every model of the registry (the CLI's `--trace` passes a tracing one). */
  fetch?: typeof fetch;
  /** More OpenAI-compatible endpoints, by provider key (`model('together:meta-llama/…')`). */
  compatible?: Record<string, CompatibleProvider>;
  /**
   * When a missing API key is reported: `'first-call'` (default) builds the model and fails its
   * first call, so it can be inspected before the key is set; `'creation'` makes `model()` throw
   * the `InvalidSettingError` naming the variable at once (the gateway lists such backends at start-up).
   */
  keyCheck?: 'first-call' | 'creation';
};

/** A registry of `provider:id` strings that takes {@link ModelSettings}; usable wherever a core `ProviderRegistry` is. */
export type ModelRegistry = {
  /** The provider keys it knows, sorted. */
  readonly providers: readonly string[];
  /** The model named `provider:id`; see {@link createModelRegistry} for what it throws. */
  model(id: string, settings?: ModelSettings): ChatModel;
};

/**
 * Builds a registry of the built-in providers — `openai` (and `openai-responses` /
 * `openai-chat` to name the OpenAI API), `anthropic`, `gemini`, `vertex`, `bedrock`, and the
 * OpenAI-compatible `ollama`, `lmstudio`, `vllm`, `openrouter`, `deepseek`, `groq` and
 * `openai-compatible` (give it a `baseURL`) — plus any compatible endpoints you add. Keys come
 * from the usual environment variables; every model is wrapped in `withCapabilities` unless
 * `capabilities: false`. The key is read on a model's first call, so a model can be built (and
 * inspected) before its key is set; a key still missing then fails that call with an
 * `InvalidSettingError` naming the variable to set. An unknown provider is a `NoSuchProviderError`
 * listing the known ones, an unknown setting an `InvalidSettingError` naming the nearest known one.
 *
 * @example
 * const registry = createModelRegistry({ compatible: { together: { baseURL: 'https://api.together.xyz/v1', apiKeyEnv: ['TOGETHER_API_KEY'] } } });
 * const llama = registry.model('together:meta-llama/Llama-3.3-70B-Instruct-Turbo');
 */
export function createModelRegistry(settings: ModelRegistrySettings = {}): ModelRegistry {
  const providers: Record<string, BuiltInProvider> = { ...BUILT_IN_PROVIDERS };
  for (const [name, endpoint] of Object.entries(settings.compatible ?? {})) {
    providers[name] = {
      adapter: 'openai',
      apiKeyEnv: endpoint.apiKeyEnv ?? [],
      keyOptional: endpoint.apiKeyEnv === undefined,
      defaultBaseURL: endpoint.baseURL,
      compat: endpoint.compat ?? { maxTokensField: 'max_tokens' },
    };
  }
  const names = Object.keys(providers).sort();

  return {
    providers: names,
    model(id: string, modelSettings: ModelSettings = {}) {
      rejectUnknownSettings(modelSettings, MODEL_SETTINGS, 'model()');
      const { provider, modelId } = parseModelId(id);
      const entry = Object.hasOwn(providers, provider) ? providers[provider] : undefined;
      if (entry === undefined) throw new NoSuchProviderError({ providerId: provider, availableProviders: names });
      const env = () => settings.env ?? process.env;
      const trace = modelSettings.trace;
      const baseFetch = modelSettings.fetch ?? settings.fetch;
      // Every adapter's SDK takes the tracing fetch (Gemini and Vertex over @google/genai) but
      // Bedrock's AWS SDK, which takes none: there only the IR is recorded.
      const traced =
        trace === undefined || entry.adapter === 'bedrock'
          ? modelSettings
          : { ...modelSettings, fetch: trace.fetch(baseFetch) };
      const chat = createAdapterModel(provider, modelId, entry, traced, env, settings.fetch, settings.keyCheck);
      const capable =
        modelSettings.capabilities === false ? withPricing(chat) : withCapabilities(chat, modelSettings.capabilities);
      const suggestion = suggestModelId(id);
      const wrapped =
        suggestion === undefined ? capable : withModelIdWarning(capable, modelIdWarning(provider, modelId, suggestion));
      return trace === undefined ? wrapped : trace.model(wrapped);
    },
  };
}

/** The warning of an id that looks like a typo of a known one (`claude-sonet-4-6`): sent as written, but said. */
export function modelIdWarning(provider: string, modelId: string, suggestion: string): Warning {
  return {
    type: 'other',
    feature: 'model',
    message: `"${modelId}" is not a model the capability data knows for ${provider}; did you mean "${suggestion}"? It was sent as written.`,
  };
}

function createAdapterModel(
  provider: string,
  modelId: string,
  entry: BuiltInProvider,
  settings: ModelSettings,
  readEnv: () => Record<string, string | undefined>,
  registryFetch: typeof fetch | undefined,
  keyCheck: ModelRegistrySettings['keyCheck'],
): ChatModel {
  const env = readEnv();
  const keyOf = (from: Record<string, string | undefined>) => settings.apiKey ?? firstSet(from, entry.apiKeyEnv);
  const apiKey = keyOf(env);
  const baseURL =
    settings.baseURL ??
    (entry.baseURLEnv === undefined ? undefined : nonEmpty(env[entry.baseURLEnv])) ??
    entry.defaultBaseURL;
  const name = entry.name ?? provider;
  // A local OpenAI-compatible server (OPENAI_BASE_URL) usually needs no key.
  const keyOptional = entry.keyOptional || (name === 'openai' && baseURL !== undefined);
  if (baseURL === undefined && entry.adapter === 'openai' && name !== 'openai') {
    throw new InvalidSettingError({
      message: `Expected a base URL for ${provider} (the baseURL setting${entry.baseURLEnv === undefined ? '' : ` or ${entry.baseURLEnv}`}), got none.`,
    });
  }
  const lean = settings.transport === 'lean' && LEAN_ADAPTERS.has(entry.adapter);
  const fetch = settings.fetch ?? (lean ? undefined : registryFetch);
  const common = {
    ...(settings.headers === undefined ? {} : { headers: settings.headers }),
    ...(settings.timeout === undefined ? {} : { timeout: settings.timeout }),
    ...(settings.streamIdleTimeout === undefined ? {} : { streamIdleTimeout: settings.streamIdleTimeout }),
    ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
  };
  const build = (key: string | undefined) =>
    buildAdapterModel(provider, modelId, entry, key, baseURL, fetch, common, env, {
      ...registryOf(settings),
      api: settings.api,
      transport: lean ? 'lean' : undefined,
    });
  if (apiKey !== undefined || keyOptional) return build(apiKey);
  const missingKey = () =>
    new InvalidSettingError({
      message: `Expected an API key for ${provider} in ${entry.apiKeyEnv.join(' or ')} (or the apiKey setting), got none.`,
    });
  if (keyCheck === 'creation') throw missingKey();
  // One rule for every provider: the key is read on the first call (see the provider pages).
  return readKeyOnFirstCall(build(''), () => {
    const key = keyOf(readEnv());
    if (key === undefined) throw missingKey();
    return build(key);
  });
}

function buildAdapterModel(
  provider: string,
  modelId: string,
  entry: BuiltInProvider,
  apiKey: string | undefined,
  baseURL: string | undefined,
  fetch: typeof globalThis.fetch | undefined,
  common: { headers?: Record<string, string>; timeout?: number; streamIdleTimeout?: number; maxRetries?: number },
  env: Record<string, string | undefined>,
  choices: { registry?: CapabilityRegistry; api: ModelSettings['api']; transport: 'lean' | undefined },
): ChatModel {
  const name = entry.name ?? provider;
  const transport = choices.transport === undefined ? {} : { transport: choices.transport };
  switch (entry.adapter) {
    case 'openai': {
      const openai = createOpenAI({
        name,
        // Compatible servers without auth still need a non-empty key for the SDK.
        apiKey: apiKey ?? 'not-needed',
        ...(baseURL === undefined ? {} : { baseURL }),
        ...(fetch === undefined ? {} : { fetch }),
        ...(entry.compat ?? {}),
        ...common,
        ...transport,
      });
      if (openAIApiOf(provider, entry, modelId, choices.api) !== 'responses') return openai(modelId);
      // Encrypted reasoning is asked for when the data says the model reasons (others reject it).
      const reasoning = (choices.registry?.capabilitiesOf ?? capabilitiesOf)(`${name}:${modelId}`).reasoning;
      return openai.responses(modelId, reasoning === 'unknown' ? {} : { encryptedReasoning: reasoning });
    }
    case 'anthropic':
      return createAnthropic({
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(baseURL === undefined ? {} : { baseURL }),
        ...(fetch === undefined ? {} : { fetch }),
        // Anthropic requires `max_tokens`: the model's max output from the capability data (capped).
        defaultMaxTokens: defaultMaxTokensFromCapabilities('anthropic'),
        // A thinking budget per effort level, from the same data.
        effortBudget: effortBudgetFromCapabilities('anthropic'),
        ...common,
        ...transport,
      })(modelId);
    case 'gemini':
      return createGemini({
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(baseURL === undefined ? {} : { baseURL }),
        ...(fetch === undefined ? {} : { fetch }),
        // Tool results' media inside functionResponse.parts where the data says the model takes them (Gemini 3).
        functionResponseParts: toolResultMediaFromCapabilities(provider, choices),
        ...common,
        ...transport,
      })(modelId);
    case 'vertex': {
      const project = nonEmpty(env.GOOGLE_CLOUD_PROJECT);
      const location = nonEmpty(env.GOOGLE_CLOUD_LOCATION);
      return createVertex({
        name: provider,
        ...(project === undefined ? {} : { project }),
        ...(location === undefined ? {} : { location }),
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(baseURL === undefined ? {} : { baseUrl: baseURL }),
        ...(fetch === undefined ? {} : { fetch }),
        functionResponseParts: toolResultMediaFromCapabilities(provider, choices),
        ...common,
        ...transport,
      })(modelId);
    }
    case 'bedrock':
      return createBedrock({
        name: provider,
        ...bedrockEnvironment(env),
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(baseURL === undefined ? {} : { endpoint: baseURL }),
        ...common,
        ...transport,
      })(modelId);
    default: {
      const exhaustive: never = entry.adapter;
      throw new Error(`Unknown adapter ${String(exhaustive)}`);
    }
  }
}

// The adapter's model as is, priced from the capability data.
function withPricing(chat: ChatModel): ChatModel {
  const pricing = pricingOf(`${chat.provider}:${chat.modelId}`);
  return {
    provider: chat.provider,
    modelId: chat.modelId,
    get capabilities() {
      return chat.capabilities;
    },
    pricing,
    generate: (request, options) => chat.generate(request, options),
    stream: (request, options) => chat.stream(request, options),
  };
}

// Region and static keys from the registry's environment; without them the AWS SDK's own chain
// (process environment, shared config, SSO, roles) decides.
function bedrockEnvironment(env: Record<string, string | undefined>): Parameters<typeof createBedrock>[0] {
  const region = firstSet(env, ['AWS_REGION', 'AWS_DEFAULT_REGION']);
  const accessKeyId = nonEmpty(env.AWS_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.AWS_SECRET_ACCESS_KEY);
  const sessionToken = nonEmpty(env.AWS_SESSION_TOKEN);
  return {
    ...(region === undefined ? {} : { region }),
    ...(accessKeyId === undefined || secretAccessKey === undefined
      ? {}
      : { credentials: { accessKeyId, secretAccessKey, ...(sessionToken === undefined ? {} : { sessionToken }) } }),
  };
}

// The registry the model's `withCapabilities` reads, so that both agree on the model.
function registryOf(settings: ModelSettings): { registry?: CapabilityRegistry } {
  const registry = settings.capabilities === false ? undefined : settings.capabilities?.registry;
  return registry === undefined ? {} : { registry };
}

const preferredOpenAIApi = preferredApiFromCapabilities('openai');

/**
 * The API an OpenAI-adapter model is called through: the `api` setting, else the provider's own
 * (`openai-responses`, `openai-chat`), else for `openai:` models the capability data's, else
 * Chat Completions.
 */
export function openAIApiOf(
  provider: string,
  entry: BuiltInProvider,
  modelId: string,
  api: ModelSettings['api'],
): 'chat-completions' | 'responses' {
  return (
    api ??
    entry.api ??
    ((entry.name ?? provider) === 'openai' ? preferredOpenAIApi(modelId) : undefined) ??
    'chat-completions'
  );
}

function firstSet(env: Record<string, string | undefined>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = nonEmpty(env[name]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
