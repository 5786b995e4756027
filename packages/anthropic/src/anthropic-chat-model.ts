import type Anthropic from '@anthropic-ai/sdk';
import {
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  type ChatRequestInput,
  type ModelCapabilities,
  type ModelResponse,
  type StreamEvent,
  toChatRequest,
} from '@interlingua/core';
import { type LeanHTTPClient, modelEventStream, readSSEJSON } from '@interlingua/core/adapter';
import { anthropicCodec } from './anthropic-codec';
import { anthropicLeanRequest } from './anthropic-lean-transport';
import type { AnthropicEncodeRequestOptions } from './encode-anthropic-request';
import { mapAnthropicError } from './map-anthropic-error';

/** What an {@link AnthropicChatModel} needs besides its model id. */
export type AnthropicChatModelConfig = {
  /** The provider key reported by the model (`anthropic` unless renamed). */
  provider: string;
  /** The SDK client, or a function creating it on first use (the SDK is then loaded only when a call is made). */
  client: Anthropic | (() => Anthropic | Promise<Anthropic>);
  /** With the lean transport: returns its client, used instead of the SDK's (see `transport`). */
  lean?: (() => LeanHTTPClient) | undefined;
  /** `max_tokens` when a request has no `maxOutputTokens`. */
  defaultMaxTokens?: AnthropicEncodeRequestOptions['defaultMaxTokens'];
  /** The thinking budget for an effort level given alone. */
  effortBudget?: AnthropicEncodeRequestOptions['effortBudget'];
  /** Per-request timeout in ms handed to the SDK (also keeps the SDK from refusing long non-streaming calls). */
  timeout?: number;
  /** Milliseconds to wait for each next event of a stream (default: `timeout`). */
  streamIdleTimeout?: number;
};

// The SDK refuses non-streaming calls it expects to exceed 10 minutes unless a timeout is given.
const DEFAULT_TIMEOUT_MS = 600_000;
const SKIPPED_EVENTS: ReadonlySet<string> = new Set(['ping']);

type MessagesCreateParams = Parameters<Anthropic['messages']['create']>[0];

/**
 * A `ChatModel` over the Anthropic Messages API: the {@link anthropicCodec} joined to the
 * official SDK (`client.messages.create`). `generate` rejects with `APICallError` / `AbortedError`;
 * `stream` throws HTTP failures from the iterator and delivers mid-stream `error` events
 * (`overloaded_error`), cut-off or reset streams and a stall longer than `streamIdleTimeout` as
 * `error` events, with the usage `message_start` reported.
 */
export class AnthropicChatModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: Partial<ModelCapabilities> = {
    toolCalling: 'native',
    parallelToolCalls: true,
    toolChoice: ['auto', 'none', 'required', 'tool'],
    systemPrompt: 'native',
  };
  private readonly config: AnthropicChatModelConfig;
  private client: Anthropic | Promise<Anthropic> | undefined;

  constructor(modelId: string, config: AnthropicChatModelConfig) {
    this.modelId = modelId;
    this.provider = config.provider;
    this.config = config;
  }

  private async getClient(): Promise<Anthropic> {
    if (this.client === undefined) {
      const { client } = this.config;
      this.client = typeof client === 'function' ? client() : client;
      // A failed creation (a missing key) is not kept: the next call tries again.
      if (this.client instanceof Promise) this.client.catch(() => (this.client = undefined));
    }
    return this.client;
  }

  private encode(request: ChatRequest, stream: boolean) {
    return anthropicCodec.encodeRequest(request, {
      model: this.modelId,
      stream,
      ...(this.config.defaultMaxTokens === undefined ? {} : { defaultMaxTokens: this.config.defaultMaxTokens }),
      ...(this.config.effortBudget === undefined ? {} : { effortBudget: this.config.effortBudget }),
    });
  }

  private requestOptions(options: CallOptions) {
    return {
      timeout: this.config.timeout ?? DEFAULT_TIMEOUT_MS,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    };
  }

  async generate(input: ChatRequestInput, options: CallOptions = {}): Promise<ModelResponse> {
    const request = toChatRequest(input);
    const { value: body, warnings } = this.encode(request, false);
    if (this.config.lean !== undefined) {
      const message = await this.config.lean().requestJSON(anthropicLeanRequest(body, options));
      return this.withWarnings(anthropicCodec.decodeResponse(message), warnings);
    }
    const client = await this.getClient();
    let message: unknown;
    try {
      // The body is built by the codec to the Messages API shape; the SDK's own type is wider.
      message = await client.messages.create(
        body as unknown as MessagesCreateParams & { stream?: false },
        this.requestOptions(options),
      );
    } catch (error) {
      throw mapAnthropicError(
        error,
        options.signal,
        [client.apiKey, client.authToken],
        `${client.baseURL}/v1/messages`,
      );
    }
    return this.withWarnings(anthropicCodec.decodeResponse(message), warnings);
  }

  private withWarnings(response: ModelResponse, warnings: ModelResponse['warnings']): ModelResponse {
    return warnings.length === 0 ? response : { ...response, warnings: [...warnings, ...response.warnings] };
  }

  // The SSE `data` of a streamed answer: through the lean transport, or the SDK's request.
  private async openStream(body: unknown, options: CallOptions): Promise<AsyncIterable<unknown>> {
    const idle = this.config.streamIdleTimeout ?? this.config.timeout ?? DEFAULT_TIMEOUT_MS;
    if (this.config.lean !== undefined) {
      const lean = this.config.lean();
      const answer = await lean.requestStream(anthropicLeanRequest(body, options));
      return readSSEJSON(answer.body, {
        timeoutMs: idle,
        provider: 'Anthropic',
        signal: options.signal,
        namedOnly: true,
        skipEvents: SKIPPED_EVENTS,
        abort: answer.abort,
        onEnd: answer.release,
        mapError: (error) => lean.toError({ type: 'body', error }, '/v1/messages'),
      });
    }
    const client = await this.getClient();
    const secrets = [client.apiKey, client.authToken];
    // The SDK builds, sends and retries the request; its answer is read here, straight from the
    // bytes (the SDK's own stream iterator adds three async layers per event).
    const response = await client.messages
      .create(body as unknown as MessagesCreateParams & { stream: true }, this.requestOptions(options))
      .asResponse()
      .catch((error: unknown) => {
        throw mapAnthropicError(error, options.signal, secrets, `${client.baseURL}/v1/messages`);
      });
    // The SDK's `timeout` ends with the headers; from there each wait for an event is bounded.
    // As the SDK does, events without a name and `ping`s are skipped; an `error` event's data is
    // read by the codec into the same APICallError the SDK's throw was mapped to.
    return readSSEJSON(response.body, {
      timeoutMs: idle,
      provider: 'Anthropic',
      signal: options.signal,
      namedOnly: true,
      skipEvents: SKIPPED_EVENTS,
      mapError: (error) => mapAnthropicError(error, options.signal, secrets, `${client.baseURL}/v1/messages`),
    });
  }

  // A plain iterator (modelEventStream), not an async generator: a relay pays each layer per event.
  // As before the stream started, the caller's abort is thrown, not reported as a failure.
  stream(input: ChatRequestInput, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    return modelEventStream(async () => {
      const request = toChatRequest(input);
      const { value: body, warnings } = this.encode(request, true);
      const chunks = await this.openStream(body, options);
      return { events: anthropicCodec.decodeStream(chunks), warnings };
    });
  }
}
