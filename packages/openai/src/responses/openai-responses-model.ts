import type { CallOptions, ChatModel, ModelCapabilities, ModelResponse, StreamEvent } from '@interlingua/core';
import { type ChatRequestInput, toChatRequest } from '@interlingua/core';
import { type LeanHTTPClient, modelEventStream } from '@interlingua/core/adapter';
import type OpenAI from 'openai';
import type {
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
} from 'openai/resources/responses/responses';
import { mapOpenAIError } from '../map-openai-error';
import { sendOpenAILean, streamOpenAILean } from '../openai-lean-transport';
import { openAIRequestOptions, readOpenAIStream, withEncodeWarnings } from '../openai-transport';
import { decodeOpenAIResponsesResponse } from './decode-openai-responses-response';
import { decodeOpenAIResponsesStream } from './decode-openai-responses-stream';
import { encodeOpenAIResponsesRequest } from './encode-openai-responses-request';
import type { OpenAIResponsesSettings } from './openai-responses-settings';

/** What an {@link OpenAIResponsesModel} is built from. */
export type OpenAIResponsesModelConfig = {
  /** The provider key models report (`openai`), also the key of capability lookups. */
  provider: string;
  modelId: string;
  /**
   * Returns the SDK client (or a promise of it: `createOpenAI` loads the SDK on the first call);
   * called on each request so a missing key fails at call time.
   */
  client: () => OpenAI | Promise<OpenAI>;
  /** With the lean transport: returns its client, used instead of the SDK's (see `transport`). */
  lean?: (() => LeanHTTPClient) | undefined;
  settings: OpenAIResponsesSettings;
  /** Milliseconds to wait for each next event of a stream (default 600,000, the SDK's own `timeout` default). */
  streamIdleTimeout?: number;
};

/**
 * A `ChatModel` over the Responses API (`client.responses.create` and its stream): the Responses
 * codec joined to the official `openai` SDK client, with the Chat Completions model's transport
 * conventions — HTTP and connection errors as `APICallError` (redacted), an abort thrown as
 * `AbortedError` (mid-stream too), the SDK's `timeout` and retries, each wait for a stream event
 * bounded by `streamIdleTimeout`. Transport and orchestration only; every
 * mapping is in the codec.
 */
export class OpenAIResponsesModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: Partial<ModelCapabilities>;
  private readonly config: OpenAIResponsesModelConfig;

  constructor(config: OpenAIResponsesModelConfig) {
    this.config = config;
    this.provider = config.provider;
    this.modelId = config.modelId;
    this.capabilities = { toolCalling: 'native' };
  }

  async generate(input: ChatRequestInput, options: CallOptions = {}): Promise<ModelResponse> {
    const request = toChatRequest(input);
    const { value: body, warnings } = encodeOpenAIResponsesRequest(request, {
      ...this.config.settings,
      model: this.modelId,
    });
    if (this.config.lean !== undefined) {
      const raw = await sendOpenAILean(this.config.lean(), '/responses', body, options);
      return withEncodeWarnings(decodeOpenAIResponsesResponse(raw), warnings);
    }
    const client = await this.config.client();
    let raw: unknown;
    try {
      raw = await client.responses.create(body as ResponseCreateParamsNonStreaming, openAIRequestOptions(options));
    } catch (error) {
      throw mapOpenAIError(error, options.signal, [client.apiKey], `${client.baseURL}/responses`);
    }
    return withEncodeWarnings(decodeOpenAIResponsesResponse(raw), warnings);
  }

  // A plain iterator (modelEventStream), not an async generator: a relay pays each layer per event.
  stream(input: ChatRequestInput, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    return modelEventStream(async () => {
      const request = toChatRequest(input);
      const { value: body, warnings } = encodeOpenAIResponsesRequest(request, {
        ...this.config.settings,
        model: this.modelId,
        stream: true,
      });
      if (this.config.lean !== undefined) {
        const events = await streamOpenAILean(this.config.lean(), '/responses', body, options, {
          streamIdleTimeout: this.config.streamIdleTimeout,
        });
        return { events: decodeOpenAIResponsesStream(events), warnings };
      }
      const client = await this.config.client();
      const events = await readOpenAIStream(
        client.responses.create(body as ResponseCreateParamsStreaming, openAIRequestOptions(options)),
        {
          streamIdleTimeout: this.config.streamIdleTimeout,
          signal: options.signal,
          secrets: [client.apiKey],
          url: `${client.baseURL}/responses`,
        },
      );
      return { events: decodeOpenAIResponsesStream(events), warnings };
    });
  }
}
