import Anthropic from '@anthropic-ai/sdk';
import {
  AbortedError,
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  type ModelCapabilities,
  type ModelResponse,
  type StreamEvent,
} from '@interlingua/core';
import { anthropicCodec } from './anthropic-codec';
import type { AnthropicEncodeRequestOptions } from './encode-anthropic-request';
import { mapAnthropicError } from './map-anthropic-error';

/** What an {@link AnthropicChatModel} needs besides its model id. */
export type AnthropicChatModelConfig = {
  /** The provider key reported by the model (`anthropic` unless renamed). */
  provider: string;
  /** The SDK client, or a function creating it on first use. */
  client: Anthropic | (() => Anthropic);
  /** `max_tokens` when a request has no `maxOutputTokens`. */
  defaultMaxTokens?: AnthropicEncodeRequestOptions['defaultMaxTokens'];
  /** Per-request timeout in ms handed to the SDK (also keeps the SDK from refusing long non-streaming calls). */
  timeout?: number;
};

// The SDK refuses non-streaming calls it expects to exceed 10 minutes unless a timeout is given.
const DEFAULT_TIMEOUT_MS = 600_000;

type MessagesCreateParams = Parameters<Anthropic['messages']['create']>[0];

/**
 * A `ChatModel` over the Anthropic Messages API: the {@link anthropicCodec} joined to the
 * official SDK (`client.messages.create`). `generate` rejects with `APICallError` / `AbortedError`;
 * `stream` throws HTTP failures from the iterator and delivers mid-stream `error` events
 * (`overloaded_error`) and cut-off streams as `error` events.
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
  private client: Anthropic | undefined;

  constructor(modelId: string, config: AnthropicChatModelConfig) {
    this.modelId = modelId;
    this.provider = config.provider;
    this.config = config;
  }

  private getClient(): Anthropic {
    if (this.client === undefined) {
      const { client } = this.config;
      this.client = typeof client === 'function' ? client() : client;
    }
    return this.client;
  }

  private encode(request: ChatRequest, stream: boolean) {
    return anthropicCodec.encodeRequest(request, {
      model: this.modelId,
      stream,
      ...(this.config.defaultMaxTokens === undefined ? {} : { defaultMaxTokens: this.config.defaultMaxTokens }),
    });
  }

  private requestOptions(options: CallOptions) {
    return {
      timeout: this.config.timeout ?? DEFAULT_TIMEOUT_MS,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    };
  }

  async generate(request: ChatRequest, options: CallOptions = {}): Promise<ModelResponse> {
    const { value: body, warnings } = this.encode(request, false);
    const client = this.getClient();
    let message: unknown;
    try {
      // The body is built by the codec to the Messages API shape; the SDK's own type is wider.
      message = await client.messages.create(
        body as unknown as MessagesCreateParams & { stream?: false },
        this.requestOptions(options),
      );
    } catch (error) {
      throw mapAnthropicError(error, options.signal);
    }
    const response = anthropicCodec.decodeResponse(message);
    return warnings.length === 0 ? response : { ...response, warnings: [...warnings, ...response.warnings] };
  }

  async *stream(request: ChatRequest, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    const { value: body, warnings } = this.encode(request, true);
    const client = this.getClient();
    let stream: AsyncIterable<unknown>;
    try {
      stream = await client.messages.create(
        body as unknown as MessagesCreateParams & { stream: true },
        this.requestOptions(options),
      );
    } catch (error) {
      throw mapAnthropicError(error, options.signal);
    }
    let failure: unknown;
    // The SDK throws on an SSE `error` event; hand its body to the codec as the event it was.
    async function* chunks(): AsyncIterable<unknown> {
      try {
        for await (const chunk of stream) yield chunk;
      } catch (error) {
        if (error instanceof Anthropic.APIError && error.status === undefined && isErrorEvent(error.error))
          yield error.error;
        else failure = error;
      }
    }
    for await (const event of anthropicCodec.decodeStream(chunks())) {
      // The SDK ends an aborted stream quietly; the caller asked to stop, so say so.
      if (options.signal?.aborted === true) throw mapAnthropicError(options.signal.reason, options.signal);
      if (failure !== undefined) {
        const mapped = mapAnthropicError(failure, options.signal);
        if (AbortedError.isInstance(mapped)) throw mapped;
        yield { type: 'error', error: mapped };
        return;
      }
      if (event.type === 'finish' && warnings.length > 0) {
        yield { ...event, warnings: [...warnings, ...(event.warnings ?? [])] };
      } else yield event;
    }
  }
}

function isErrorEvent(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'error';
}
