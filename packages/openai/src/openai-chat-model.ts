import type { CallOptions, ChatModel, ModelCapabilities, ModelResponse, StreamEvent } from '@interlingua/core';
import { type ChatRequestInput, toChatRequest } from '@interlingua/core';
import { type LeanHTTPClient, modelEventStream } from '@interlingua/core/adapter';
import type OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import { decodeOpenAIResponse } from './decode-openai-response';
import { decodeOpenAIStream } from './decode-openai-stream';
import { encodeOpenAIRequest } from './encode-openai-request';
import { mapOpenAIError } from './map-openai-error';
import type { OpenAICompatSettings, OpenAIEncodeRequestOptions } from './openai-compat';
import { sendOpenAILean, streamOpenAILean } from './openai-lean-transport';
import { openAIRequestOptions, readOpenAIStream, withEncodeWarnings } from './openai-transport';

/** What an {@link OpenAIChatModel} is built from. */
export type OpenAIChatModelConfig = {
  /** The provider key (`openai`, or `ollama`, `vllm`, … for compatible servers). */
  provider: string;
  modelId: string;
  /**
   * Returns the SDK client (or a promise of it: `createOpenAI` loads the SDK on the first call);
   * called on each request so a missing key fails at call time.
   */
  client: () => OpenAI | Promise<OpenAI>;
  /** With the lean transport: returns its client, used instead of the SDK's (see `transport`). */
  lean?: (() => LeanHTTPClient) | undefined;
  compat: OpenAICompatSettings;
  /** Milliseconds to wait for each next chunk of a stream (default 600,000, the SDK's own `timeout` default). */
  streamIdleTimeout?: number;
};

/**
 * A `ChatModel` over the Chat Completions API: the OpenAI codec joined to the official
 * `openai` SDK client, or to the lean transport (`transport: 'lean'`). Transport and
 * orchestration only; every mapping is in the codec.
 */
export class OpenAIChatModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: Partial<ModelCapabilities>;
  private readonly config: OpenAIChatModelConfig;
  // The encoder's options, the same for every call of this model.
  private readonly encodeOptions: OpenAIEncodeRequestOptions;
  private readonly streamEncodeOptions: OpenAIEncodeRequestOptions;

  constructor(config: OpenAIChatModelConfig) {
    this.config = config;
    this.encodeOptions = { ...config.compat, model: config.modelId };
    this.streamEncodeOptions = { ...config.compat, model: config.modelId, stream: true };
    this.provider = config.provider;
    this.modelId = config.modelId;
    // OpenAI's chat models all call tools natively; what a compatible server's model can do is for the capability registry to say.
    this.capabilities = config.provider === 'openai' ? { toolCalling: 'native' } : {};
  }

  async generate(input: ChatRequestInput, options: CallOptions = {}): Promise<ModelResponse> {
    const request = toChatRequest(input);
    const { value: body, warnings } = encodeOpenAIRequest(request, this.encodeOptions);
    if (this.config.lean !== undefined) {
      const raw = await sendOpenAILean(this.config.lean(), '/chat/completions', body, options);
      return withEncodeWarnings(decodeOpenAIResponse(raw), warnings);
    }
    const client = await this.config.client();
    let raw: unknown;
    try {
      // The encoded body has no `stream` key for a non-streaming call; send it as is.
      raw = await client.chat.completions.create(
        body as ChatCompletionCreateParamsNonStreaming,
        openAIRequestOptions(options),
      );
    } catch (error) {
      throw mapOpenAIError(error, options.signal, [client.apiKey], `${client.baseURL}/chat/completions`);
    }
    const response = decodeOpenAIResponse(raw);
    return withEncodeWarnings(response, warnings);
  }

  // A plain iterator (modelEventStream), not an async generator: a relay pays each layer per event.
  stream(input: ChatRequestInput, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    return modelEventStream(async () => {
      const request = toChatRequest(input);
      const { value: body, warnings } = encodeOpenAIRequest(request, this.streamEncodeOptions);
      if (this.config.lean !== undefined) {
        const chunks = await streamOpenAILean(this.config.lean(), '/chat/completions', body, options, {
          streamIdleTimeout: this.config.streamIdleTimeout,
          doneData: '[DONE]',
        });
        return { events: decodeOpenAIStream(chunks), warnings };
      }
      const client = await this.config.client();
      const chunks = await readOpenAIStream(
        client.chat.completions.create(body as ChatCompletionCreateParamsStreaming, openAIRequestOptions(options)),
        {
          streamIdleTimeout: this.config.streamIdleTimeout,
          signal: options.signal,
          secrets: [client.apiKey],
          doneData: '[DONE]',
          url: `${client.baseURL}/chat/completions`,
        },
      );
      return { events: decodeOpenAIStream(chunks), warnings };
    });
  }
}
