import type { ChatModel } from '@interlingua/core';
import { InvalidSettingError } from '@interlingua/core';
import { rejectUnknownSettings } from '@interlingua/core/adapter';
import type OpenAI from 'openai';
import { OpenAIChatModel } from './openai-chat-model';
import type { OpenAICompatSettings } from './openai-compat';
import { createOpenAILeanClient } from './openai-lean-transport';
import { OpenAIResponsesModel } from './responses/openai-responses-model';
import type { OpenAIResponsesSettings } from './responses/openai-responses-settings';

/** Settings of {@link createOpenAI}: the SDK client's, a provider name, and compat defaults. */
export type OpenAISettings = OpenAICompatSettings &
  Pick<OpenAIResponsesSettings, 'encryptedReasoning'> & {
    /** API key; defaults to the `OPENAI_API_KEY` environment variable, read at call time. */
    apiKey?: string;
    /** Base URL, e.g. `http://localhost:11434/v1` for Ollama. Defaults to the SDK's (`OPENAI_BASE_URL` or OpenAI). */
    baseURL?: string;
    /** OpenAI organization id (`OpenAI-Organization` header). */
    organization?: string;
    /** OpenAI project id (`OpenAI-Project` header). */
    project?: string;
    /** Headers sent with every request. */
    headers?: Record<string, string>;
    /** A `fetch` to use instead of the global one (tracing, proxies, tests). */
    fetch?: typeof globalThis.fetch;
    /**
     * Milliseconds to wait for the response to start (the SDK's own timeout, until the headers;
     * default 10 minutes) and, unless `streamIdleTimeout` is set, for each next chunk of a stream.
     * Either running out is a retryable `APICallError` without `statusCode`.
     */
    timeout?: number;
    /**
     * Milliseconds to wait for each next chunk of a stream once it started (default: `timeout`).
     * When it runs out the connection is dropped and the stream ends, after the events that
     * arrived, with an `error` event holding a retryable `APICallError`.
     */
    streamIdleTimeout?: number;
    /** Retries on 408/409/429/5xx and connection errors, honouring `retry-after` (SDK default: 2). */
    maxRetries?: number;
    /** The provider key models report, for compatible servers (`ollama`, `vllm`, …). Default `openai`. */
    name?: string;
    /**
     * How requests are sent: `'sdk'` (default) through the official `openai` SDK client; `'lean'`
     * through the lean transport — the codec's body over a keep-alive `undici` pool, SSE read
     * from the bytes, with the SDK's retries, timeouts, abort and errors but no SDK object per
     * call (what the gateway uses; see docs/transports.md).
     */
    transport?: 'sdk' | 'lean';
  };

/** Per-model options of the factory: compat settings that override the provider's. */
export type OpenAIModelOptions = OpenAICompatSettings;

/**
 * A factory of OpenAI models, from {@link createOpenAI}: called directly or through `chat`, a
 * Chat Completions model (every OpenAI-compatible server speaks it); through `responses`, a
 * Responses API model.
 */
export type OpenAIProvider = ((modelId: string, options?: OpenAIModelOptions) => ChatModel) & {
  /** A Chat Completions model (`client.chat.completions.create`). */
  chat(modelId: string, options?: OpenAIModelOptions): ChatModel;
  /** A Responses API model (`client.responses.create`): stateless, reasoning replayed from the history. */
  responses(modelId: string, options?: OpenAIResponsesSettings): ChatModel;
};

// Every key of OpenAICompatSettings: the compiler keeps the list complete, so a new setting is never refused.
const OPENAI_COMPAT_SETTINGS = Object.keys({
  systemRole: true,
  maxTokensField: true,
  streamUsage: true,
  strictTools: true,
  sendReasoningContent: true,
  reasoningField: true,
} satisfies Record<keyof OpenAICompatSettings, true>);

// Every key of OpenAISettings beyond the compat ones, checked by the compiler.
const OPENAI_SETTINGS = [
  ...Object.keys({
    apiKey: true,
    baseURL: true,
    organization: true,
    project: true,
    headers: true,
    fetch: true,
    timeout: true,
    streamIdleTimeout: true,
    maxRetries: true,
    name: true,
    encryptedReasoning: true,
    transport: true,
  } satisfies Record<Exclude<keyof OpenAISettings, keyof OpenAICompatSettings>, true>),
  ...OPENAI_COMPAT_SETTINGS,
];

// Every key of OpenAIResponsesSettings, checked by the compiler.
const OPENAI_RESPONSES_SETTINGS = Object.keys({
  strictTools: true,
  encryptedReasoning: true,
} satisfies Record<keyof OpenAIResponsesSettings, true>);

/**
 * Creates a factory of models over the official `openai` SDK: Chat Completions models for
 * OpenAI or any OpenAI-compatible server (set `baseURL`, `name` and the compat settings), and
 * Responses API models with `.responses(id)`. An unknown setting is an `InvalidSettingError`
 * naming the nearest known one. The API key is read when a model is first called, not here.
 *
 * @example
 * import { createOpenAI } from '@interlingua/openai';
 * const openai = createOpenAI();
 * const response = await openai('gpt-4.1').generate({
 *   messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello!' }] }],
 * });
 *
 * @example
 * // Ollama: no key, `max_tokens`, no `stream_options`.
 * const ollama = createOpenAI({
 *   name: 'ollama',
 *   baseURL: 'http://localhost:11434/v1',
 *   apiKey: 'ollama',
 *   maxTokensField: 'max_tokens',
 *   streamUsage: false,
 * });
 *
 * @example
 * // The Responses API: reasoning items replayed from the history, statelessly.
 * const gpt5 = createOpenAI().responses('gpt-5');
 */
export function createOpenAI(settings: OpenAISettings = {}): OpenAIProvider {
  rejectUnknownSettings(settings, OPENAI_SETTINGS, 'createOpenAI()');
  const {
    apiKey,
    baseURL,
    organization,
    project,
    headers,
    fetch,
    timeout,
    streamIdleTimeout,
    maxRetries,
    name,
    encryptedReasoning,
    transport,
    ...compat
  } = settings;
  if (transport !== undefined && transport !== 'sdk' && transport !== 'lean') {
    throw new InvalidSettingError({
      message: `Expected \`transport\` to be 'sdk' or 'lean', got ${JSON.stringify(transport)}.`,
    });
  }
  const idleTimeout = streamIdleTimeout ?? timeout;
  if (idleTimeout !== undefined && !(idleTimeout > 0)) {
    throw new InvalidSettingError({
      message: `Expected \`${streamIdleTimeout === undefined ? 'timeout' : 'streamIdleTimeout'}\` to be a positive number of milliseconds, got ${idleTimeout}.`,
    });
  }
  let client: OpenAI | undefined;
  // The SDK is loaded on the first SDK-transport call: a lean-only process (the gateway) never loads it.
  const getClient = async (): Promise<OpenAI> => {
    if (client !== undefined) return client;
    const key = apiKey ?? process.env.OPENAI_API_KEY;
    if (key === undefined || key === '') {
      throw new InvalidSettingError({
        message:
          'Expected an OpenAI API key: pass `apiKey` to createOpenAI() or set the OPENAI_API_KEY environment variable, got neither.',
      });
    }
    const { default: OpenAIClient } = await import('openai');
    client ??= new OpenAIClient({
      apiKey: key,
      ...(baseURL === undefined ? {} : { baseURL }),
      ...(organization === undefined ? {} : { organization }),
      ...(project === undefined ? {} : { project }),
      ...(headers === undefined ? {} : { defaultHeaders: headers }),
      ...(fetch === undefined ? {} : { fetch }),
      ...(timeout === undefined ? {} : { timeout }),
      ...(maxRetries === undefined ? {} : { maxRetries }),
    });
    return client;
  };
  const streamIdle = idleTimeout === undefined ? {} : { streamIdleTimeout: idleTimeout };
  const lean =
    transport === 'lean'
      ? {
          lean: createOpenAILeanClient({ apiKey, baseURL, organization, project, headers, fetch, timeout, maxRetries }),
        }
      : {};
  const chat = (modelId: string, options: OpenAIModelOptions = {}): ChatModel => {
    rejectUnknownSettings(options, OPENAI_COMPAT_SETTINGS, 'the per-model options of createOpenAI()');
    return new OpenAIChatModel({
      provider: name ?? 'openai',
      modelId,
      client: getClient,
      ...lean,
      compat: { ...compat, ...options },
      ...streamIdle,
    });
  };
  const responses = (modelId: string, options: OpenAIResponsesSettings = {}): ChatModel => {
    rejectUnknownSettings(options, OPENAI_RESPONSES_SETTINGS, 'the options of createOpenAI().responses()');
    return new OpenAIResponsesModel({
      provider: name ?? 'openai',
      modelId,
      client: getClient,
      ...lean,
      settings: {
        ...(compat.strictTools === undefined ? {} : { strictTools: compat.strictTools }),
        ...(encryptedReasoning === undefined ? {} : { encryptedReasoning }),
        ...options,
      },
      ...streamIdle,
    });
  };
  return Object.assign(chat, { chat, responses });
}
