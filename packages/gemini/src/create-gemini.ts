import { InvalidSettingError } from '@interlingua/core';
import { rejectUnknownSettings } from '@interlingua/core/adapter';
import { GeminiChatModel, type GeminiChatModelConfig } from './gemini-chat-model';
import { apiRoot, checkTransportChoice, leanHeaders } from './gemini-lean-settings';
import { createGeminiLeanTransport, geminiModelResource } from './gemini-lean-transport';
import type { GeminiTransport } from './gemini-transport';
import { createGenAITransport } from './genai-transport';
import { createGenerativeAITransport } from './generative-ai-transport';
import { mapGenerativeAIError } from './map-generative-ai-error';

/** Settings of {@link createGemini}. */
export type GeminiSettings = {
  /** API key; defaults to the `GEMINI_API_KEY`, then the `GOOGLE_API_KEY` environment variable. */
  apiKey?: string;
  /** Origin of the API (default `https://generativelanguage.googleapis.com`); the SDK appends `/v1beta/models/<id>:…`. */
  baseURL?: string;
  /** The same as `baseURL` (the SDK's spelling). */
  baseUrl?: string;
  /** API version path segment (default `v1beta`). */
  apiVersion?: string;
  /**
   * Milliseconds before a call is abandoned with a retryable `APICallError` (default 600,000, per
   * attempt). Unless `streamIdleTimeout` is set, it also bounds each wait for the next chunk of a
   * stream. (`@google/genai` applies it to the whole attempt, a stream's body included; with
   * `@google/generative-ai` or a transport of one's own, the model bounds the start of a stream.)
   */
  timeout?: number;
  /**
   * Milliseconds to wait for each next chunk of a stream once it started (default: `timeout`),
   * with every transport. When it runs out the connection is dropped and the stream ends, after
   * the events that arrived, with an `error` event holding a retryable `APICallError`.
   */
  streamIdleTimeout?: number;
  /**
   * Retries, with backoff (default 2): of 408, 429, 500, 502, 503, 504 and timed-out attempts with
   * `@google/genai` and the lean transport (neither retries a failed connection); of 408, 429, 5xx
   * and failed connections with `@google/generative-ai` (the model retries).
   */
  maxRetries?: number;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /** Provider key reported by the models (default `gemini`). */
  name?: string;
  /**
   * The SDK under the transport: `genai` (`@google/genai`, the default — see
   * docs/decisions/006-gemini-on-google-genai.md) or `generative-ai` (`@google/generative-ai`).
   */
  sdk?: 'genai' | 'generative-ai';
  /** A `fetch` for every call (tracing, proxies, tests). `@google/genai` only: `@google/generative-ai` takes none. */
  fetch?: typeof globalThis.fetch;
  /**
   * How the models send: `'sdk'` (default) through the SDK named by `sdk`; `'lean'` through the
   * lean transport — the codec's body over a keep-alive `undici` pool, SSE read from the bytes,
   * `@google/genai`'s retries and errors, no SDK object per call (what the gateway uses; see
   * docs/transports.md); or a {@link GeminiTransport} of one's own (tests, another client, a proxy).
   */
  transport?: 'sdk' | 'lean' | GeminiTransport;
  /**
   * Whether tool results' images and files go inside `functionResponse.parts` (Gemini 3's
   * multimodal function responses): a boolean, or a function of the model id (`undefined`: the
   * codec's default, `true` for `gemini-3*`). The umbrella passes the capability data's `toolResultMedia`.
   */
  functionResponseParts?: boolean | ((modelId: string) => boolean | undefined);
};

/** A Gemini provider: call it with a model id to get a `ChatModel`. */
export type GeminiProvider = ((modelId: string) => GeminiChatModel) & {
  /** The same as calling the provider. */
  chat(modelId: string): GeminiChatModel;
};

// The Gemini Developer API's origin (the SDK's default; GOOGLE_GEMINI_BASE_URL overrides it, as for the SDK).
const GEMINI_ORIGIN = 'https://generativelanguage.googleapis.com';

// Every key of GeminiSettings, checked by the compiler, so a new setting cannot be refused by mistake.
const GEMINI_SETTINGS = Object.keys({
  apiKey: true,
  baseURL: true,
  baseUrl: true,
  apiVersion: true,
  timeout: true,
  streamIdleTimeout: true,
  maxRetries: true,
  headers: true,
  name: true,
  sdk: true,
  fetch: true,
  transport: true,
  functionResponseParts: true,
} satisfies Record<keyof GeminiSettings, true>);

/**
 * Creates a Gemini provider for the Gemini Developer API, over `@google/genai` (the default,
 * with its retries, timeout and a `fetch` option) or `@google/generative-ai` (`sdk:
 * 'generative-ai'`; there the model does the retries and timeout, and the global `fetch` is
 * used), or without an SDK (`transport: 'lean'`, see docs/transports.md). The key is read on a model's first call; a missing key fails that call with an
 * `InvalidSettingError` naming both environment variables (so the provider can be registered
 * before the key is set). An unknown setting is an `InvalidSettingError` naming the nearest
 * known one (so a misspelt option is never ignored). For Vertex AI see `createVertex`.
 *
 * @example
 * import { createGemini } from '@interlingua/gemini';
 *
 * const gemini = createGemini(); // GEMINI_API_KEY or GOOGLE_API_KEY
 * const response = await gemini('gemini-2.5-flash').generate({
 *   messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
 * });
 */
export function createGemini(settings: GeminiSettings = {}): GeminiProvider {
  rejectUnknownSettings(settings, GEMINI_SETTINGS, 'createGemini()');
  const baseUrl = oneBaseUrl(settings);
  const { timeout, maxRetries, streamIdleTimeout } = checkTimeoutAndRetries(settings);
  const sdk = settings.sdk ?? 'genai';
  const own = typeof settings.transport === 'object' ? settings.transport : undefined;
  const lean = checkTransportChoice(settings.transport) === 'lean';
  if (lean && settings.sdk === 'generative-ai') {
    throw new InvalidSettingError({
      message: 'Expected no `sdk` with transport: "lean": the lean transport sends without an SDK.',
    });
  }
  if (sdk === 'generative-ai' && settings.fetch !== undefined && own === undefined) {
    throw new InvalidSettingError({
      message:
        'Expected no `fetch` with sdk: "generative-ai": @google/generative-ai always uses the global fetch. Use sdk: "genai" (the default) to pass one.',
    });
  }
  // The key in use, once read: redacted from every error.
  let key = settings.apiKey;
  const resolve = (): GeminiTransport => {
    const apiKey = settings.apiKey ?? readEnv('GEMINI_API_KEY') ?? readEnv('GOOGLE_API_KEY');
    key = apiKey;
    if (apiKey === undefined || apiKey === '') {
      throw new InvalidSettingError({
        message:
          'Expected a Gemini API key: pass `apiKey` to createGemini() or set the GEMINI_API_KEY (or GOOGLE_API_KEY) environment variable; found none.',
      });
    }
    if (lean)
      return createGeminiLeanTransport({
        baseURL: apiRoot(
          baseUrl ?? readEnv('GOOGLE_GEMINI_BASE_URL') ?? GEMINI_ORIGIN,
          settings.apiVersion ?? 'v1beta',
        ),
        modelPath: (modelId) => `/${geminiModelResource(modelId, false)}`,
        headers: leanHeaders(settings.headers, timeout, { 'x-goog-api-key': apiKey }),
        timeout,
        maxRetries,
        fetch: settings.fetch,
      });
    if (sdk === 'generative-ai')
      return createGenerativeAITransport({
        apiKey,
        baseUrl,
        apiVersion: settings.apiVersion,
        headers: settings.headers,
      });
    return createGenAITransport({
      apiKey,
      baseUrl,
      // The REST reference's version, which has thought signatures and call ids (the SDK's default is v1).
      apiVersion: settings.apiVersion ?? 'v1beta',
      headers: settings.headers,
      fetch: settings.fetch,
      timeout,
      maxRetries,
    });
  };
  // @google/genai and the lean transport retry and time out themselves; with
  // @google/generative-ai (which does neither) or a transport of one's own, the model does.
  const modelOwnsRetries = own !== undefined || (!lean && sdk === 'generative-ai');
  return geminiProvider(own ?? lazyTransport(resolve, lean || sdk !== 'generative-ai'), {
    provider: settings.name ?? 'gemini',
    timeout: modelOwnsRetries ? timeout : undefined,
    streamIdleTimeout,
    maxRetries: modelOwnsRetries ? maxRetries : 0,
    secrets: () => [key],
    ...functionResponsePartsConfig(settings.functionResponseParts),
  });
}

/** `baseURL` or its SDK spelling `baseUrl`; both given must agree. */
export function oneBaseUrl(settings: { baseURL?: string; baseUrl?: string }): string | undefined {
  if (settings.baseURL !== undefined && settings.baseUrl !== undefined && settings.baseURL !== settings.baseUrl) {
    throw new InvalidSettingError({
      message: `Expected one base URL, got \`baseURL\` ${settings.baseURL} and \`baseUrl\` ${settings.baseUrl}.`,
    });
  }
  return settings.baseURL ?? settings.baseUrl;
}

/** The model config of the `functionResponseParts` setting (a boolean or a function of the model id). */
export function functionResponsePartsConfig(
  setting: boolean | ((modelId: string) => boolean | undefined) | undefined,
): Pick<GeminiChatModelConfig, 'functionResponseParts'> {
  if (setting === undefined) return {};
  return { functionResponseParts: typeof setting === 'function' ? setting : () => setting };
}

/** Validates `timeout`, `streamIdleTimeout` (default: `timeout`) and `maxRetries` (defaults 600,000 ms and 2). */
export function checkTimeoutAndRetries(settings: {
  timeout?: number;
  streamIdleTimeout?: number;
  maxRetries?: number;
}): {
  timeout: number;
  streamIdleTimeout: number;
  maxRetries: number;
} {
  const timeout = settings.timeout ?? 600_000;
  const streamIdleTimeout = settings.streamIdleTimeout ?? timeout;
  const maxRetries = settings.maxRetries ?? 2;
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new InvalidSettingError({
      message: `Expected \`timeout\` to be a positive number of milliseconds, got ${timeout}.`,
    });
  }
  if (!(streamIdleTimeout > 0)) {
    throw new InvalidSettingError({
      message: `Expected \`streamIdleTimeout\` to be a positive number of milliseconds, got ${streamIdleTimeout}.`,
    });
  }
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new InvalidSettingError({
      message: `Expected \`maxRetries\` to be a non-negative integer, got ${maxRetries}.`,
    });
  }
  return { timeout, streamIdleTimeout, maxRetries };
}

/**
 * A transport built on its first call (so settings read from the environment can come late);
 * `readsStreams` says whether the one it builds will (see `GeminiTransport.readsStreams`).
 */
export function lazyTransport(resolve: () => GeminiTransport, readsStreams = false): GeminiTransport {
  let resolved: GeminiTransport | undefined;
  const get = (): GeminiTransport => {
    resolved ??= resolve();
    return resolved;
  };
  return {
    generate: (modelId, body, options) => Promise.resolve().then(() => get().generate(modelId, body, options)),
    stream: (modelId, body, options) => Promise.resolve().then(() => get().stream(modelId, body, options)),
    // Before the transport exists only its own resolution can have failed (an Interlingua error, passed through).
    mapError: (thrown, context) => (resolved?.mapError ?? mapGenerativeAIError)(thrown, context),
    // Known before the transport is built: which SDK it will be on.
    readsStreams,
  };
}

/** A provider function over one transport and model config. */
export function geminiProvider(
  transport: GeminiTransport,
  config: Omit<GeminiChatModelConfig, 'transport'>,
): GeminiProvider {
  const full: GeminiChatModelConfig = { ...config, transport };
  const chat = (modelId: string) => new GeminiChatModel(modelId, full);
  return Object.assign((modelId: string) => chat(modelId), { chat });
}

/** A non-blank environment variable. */
export function readEnv(name: string): string | undefined {
  const value = typeof process === 'undefined' ? undefined : process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}
