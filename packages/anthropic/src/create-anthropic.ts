import type Anthropic from '@anthropic-ai/sdk';
import { InvalidSettingError, type ReasoningEffort } from '@interlingua/core';
import { rejectUnknownSettings } from '@interlingua/core/adapter';
import { AnthropicChatModel } from './anthropic-chat-model';
import { createAnthropicLeanClient } from './anthropic-lean-transport';

/** Settings of {@link createAnthropic}. */
export type AnthropicProviderSettings = {
  /** API key sent as `x-api-key`. Defaults to the `ANTHROPIC_API_KEY` environment variable. */
  apiKey?: string;
  /** API root without `/v1`, e.g. `http://127.0.0.1:8080`. Defaults to `https://api.anthropic.com`. */
  baseURL?: string;
  /** Headers added to every request (e.g. `anthropic-beta`). */
  headers?: Record<string, string>;
  /** A `fetch` to use instead of the global one (tracing, proxies, tests). */
  fetch?: typeof globalThis.fetch;
  /**
   * Milliseconds per attempt (default 600,000): the SDK's own timeout, until the response
   * starts, and, unless `streamIdleTimeout` is set, the wait for each next event of a stream.
   * Either running out is a retryable `APICallError` without `statusCode`.
   */
  timeout?: number;
  /**
   * Milliseconds to wait for each next event of a stream once it started (default: `timeout`).
   * When it runs out the connection is dropped and the stream ends, after the events that
   * arrived, with an `error` event holding a retryable `APICallError`.
   */
  streamIdleTimeout?: number;
  /** Retries of retryable failures (429, 5xx, 529, connection errors) done by the SDK (default 2). */
  maxRetries?: number;
  /** The provider key the models report (default `anthropic`). */
  name?: string;
  /**
   * `max_tokens` when a request has no `maxOutputTokens` (the API requires one): a number, or a
   * function of the model id (the umbrella wires capability data in here). Falls back to 4096.
   */
  defaultMaxTokens?: number | ((modelId: string) => number | undefined);
  /**
   * The thinking budget for `reasoning.effort` given alone, by model id (the umbrella wires the
   * capability data in here). Falls back to `DEFAULT_EFFORT_BUDGETS`.
   */
  effortBudget?: (modelId: string, effort: ReasoningEffort) => number | undefined;
  /**
   * How requests are sent: `'sdk'` (default) through the official `@anthropic-ai/sdk` client;
   * `'lean'` through the lean transport — the codec's body over a keep-alive `undici` pool, SSE
   * read from the bytes, with the SDK's retries, timeouts, abort and errors but no SDK object per
   * call (what the gateway uses; see docs/transports.md).
   */
  transport?: 'sdk' | 'lean';
};

/** A factory of Anthropic chat models: `provider('claude-sonnet-4-6')` is a `ChatModel`. */
export type AnthropicProvider = (modelId: string) => AnthropicChatModel;

/**
 * Creates an Anthropic provider over the official `@anthropic-ai/sdk` client. Requests carry
 * `anthropic-version` and the key as `x-api-key`, the one auth header (SDK 1.x's own
 * `Authorization: Bearer` is left out). An
 * unknown setting is an `InvalidSettingError` naming the nearest known one. The first call of a model fails with `InvalidSettingError`
 * when no API key is given and `ANTHROPIC_API_KEY` is unset; the SDK client is built once per
 * provider, on that first call.
 *
 * @example
 * ```ts
 * import { createAnthropic } from '@interlingua/anthropic';
 *
 * const anthropic = createAnthropic({ maxRetries: 1 });
 * const response = await anthropic('claude-sonnet-4-6').generate({
 *   system: 'You are a concise weather assistant.',
 *   messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] }],
 * });
 * ```
 */
// Every key of AnthropicProviderSettings: the compiler keeps the list complete, so a new setting is never refused.
const ANTHROPIC_SETTINGS = Object.keys({
  apiKey: true,
  baseURL: true,
  headers: true,
  fetch: true,
  timeout: true,
  streamIdleTimeout: true,
  maxRetries: true,
  name: true,
  defaultMaxTokens: true,
  effortBudget: true,
  transport: true,
} satisfies Record<keyof AnthropicProviderSettings, true>);

export function createAnthropic(settings: AnthropicProviderSettings = {}): AnthropicProvider {
  rejectUnknownSettings(settings, ANTHROPIC_SETTINGS, 'createAnthropic()');
  const idleTimeout = settings.streamIdleTimeout ?? settings.timeout;
  if (idleTimeout !== undefined && !(idleTimeout > 0)) {
    throw new InvalidSettingError({
      message: `Expected \`${settings.streamIdleTimeout === undefined ? 'timeout' : 'streamIdleTimeout'}\` to be a positive number of milliseconds, got ${idleTimeout}.`,
    });
  }
  const { transport } = settings;
  if (transport !== undefined && transport !== 'sdk' && transport !== 'lean') {
    throw new InvalidSettingError({
      message: `Expected \`transport\` to be 'sdk' or 'lean', got ${JSON.stringify(transport)}.`,
    });
  }
  const lean =
    transport === 'lean'
      ? {
          lean: createAnthropicLeanClient({
            apiKey: settings.apiKey,
            baseURL: settings.baseURL,
            headers: settings.headers,
            fetch: settings.fetch,
            timeout: settings.timeout,
            maxRetries: settings.maxRetries,
          }),
        }
      : {};
  let client: Anthropic | undefined;
  // The SDK is loaded on the first call, so a process that never calls Anthropic never loads it.
  const getClient = async (): Promise<Anthropic> => {
    if (client !== undefined) return client;
    const apiKey = settings.apiKey ?? process.env.ANTHROPIC_API_KEY;
    if (apiKey === undefined || apiKey === '') {
      throw new InvalidSettingError({
        message:
          'Expected an Anthropic API key in the `apiKey` setting or the ANTHROPIC_API_KEY environment variable, got neither.',
      });
    }
    const { default: AnthropicClient } = await import('@anthropic-ai/sdk');
    client ??= new AnthropicClient({
      apiKey,
      ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
      // SDK 1.x sends the key as `Authorization: Bearer`; the Messages API reference and
      // Anthropic-compatible servers (proxies, our gateway) read `x-api-key`. One credential goes
      // upstream, in the documented header: the SDK's bearer header is removed (`null`), unless
      // `headers` sets one.
      defaultHeaders: { 'x-api-key': apiKey, authorization: null, ...settings.headers },
      ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
      ...(settings.timeout === undefined ? {} : { timeout: settings.timeout }),
      ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
    });
    return client;
  };
  return (modelId: string) =>
    new AnthropicChatModel(modelId, {
      provider: settings.name ?? 'anthropic',
      client: getClient,
      ...lean,
      ...(settings.defaultMaxTokens === undefined ? {} : { defaultMaxTokens: settings.defaultMaxTokens }),
      ...(settings.effortBudget === undefined ? {} : { effortBudget: settings.effortBudget }),
      ...(settings.timeout === undefined ? {} : { timeout: settings.timeout }),
      ...(idleTimeout === undefined ? {} : { streamIdleTimeout: idleTimeout }),
    });
}
