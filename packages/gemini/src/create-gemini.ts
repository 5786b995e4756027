import { InvalidSettingError } from '@interlingua/core';
import { GeminiChatModel } from './gemini-chat-model';
import { createGenerativeAITransport, type GeminiTransport } from './generative-ai-transport';

/** Settings of {@link createGemini}. */
export type GeminiSettings = {
  /** API key; defaults to the `GEMINI_API_KEY`, then the `GOOGLE_API_KEY` environment variable. */
  apiKey?: string;
  /** Origin of the API (default `https://generativelanguage.googleapis.com`); the SDK appends `/v1beta/models/<id>:…`. */
  baseUrl?: string;
  /** API version path segment (default `v1beta`). */
  apiVersion?: string;
  /** Milliseconds before a call is abandoned with a retryable `APICallError` (default 600,000). */
  timeout?: number;
  /** Retries of 429 / 5xx / connection failures, with backoff or the server's `retryDelay` (default 2). */
  maxRetries?: number;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /** Provider key reported by the models (default `gemini`). */
  name?: string;
  /** Replaces the `@google/generative-ai` transport (tests, another SDK, a proxy). */
  transport?: GeminiTransport;
};

/** A Gemini provider: call it with a model id to get a `ChatModel`. */
export type GeminiProvider = ((modelId: string) => GeminiChatModel) & {
  /** The same as calling the provider. */
  chat(modelId: string): GeminiChatModel;
};

/**
 * Creates a Gemini provider over `@google/generative-ai`. The key is read on a model's first
 * call; a missing key fails that call with an `InvalidSettingError` naming both environment
 * variables (so the provider can be registered before the key is set).
 * `@google/generative-ai` takes no custom `fetch`, so neither does this factory.
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
  const timeout = settings.timeout ?? 600_000;
  const maxRetries = settings.maxRetries ?? 2;
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new InvalidSettingError({
      message: `Expected \`timeout\` to be a positive number of milliseconds, got ${timeout}.`,
    });
  }
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new InvalidSettingError({
      message: `Expected \`maxRetries\` to be a non-negative integer, got ${maxRetries}.`,
    });
  }
  // The key is read on the first call, so a provider can be registered before its key is set.
  let resolved = settings.transport;
  const resolve = (): GeminiTransport => {
    if (resolved !== undefined) return resolved;
    const apiKey = settings.apiKey ?? readEnv('GEMINI_API_KEY') ?? readEnv('GOOGLE_API_KEY');
    if (apiKey === undefined || apiKey === '') {
      throw new InvalidSettingError({
        message:
          'Expected a Gemini API key: pass `apiKey` to createGemini() or set the GEMINI_API_KEY (or GOOGLE_API_KEY) environment variable; found none.',
      });
    }
    resolved = createGenerativeAITransport({
      apiKey,
      baseUrl: settings.baseUrl,
      apiVersion: settings.apiVersion,
      headers: settings.headers,
    });
    return resolved;
  };
  const transport: GeminiTransport = {
    generate: (modelId, body, options) => Promise.resolve().then(() => resolve().generate(modelId, body, options)),
    stream: (modelId, body, options) => Promise.resolve().then(() => resolve().stream(modelId, body, options)),
  };
  const config = { provider: settings.name ?? 'gemini', transport, timeout, maxRetries };
  const chat = (modelId: string) => new GeminiChatModel(modelId, config);
  return Object.assign((modelId: string) => chat(modelId), { chat });
}

function readEnv(name: string): string | undefined {
  const value = typeof process === 'undefined' ? undefined : process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}
