import type { ChatRequest } from './ir/chat-request';
import type { ModelResponse } from './ir/model-response';
import type { StreamEvent } from './ir/stream-event';
import type { Warning } from './ir/warning';

/** A value produced by a codec, with the settings it could not honour. */
export type CodecResult<T> = { value: T; warnings: Warning[] };

/** Options of {@link Codec.encodeRequest}. Adapters may accept more (compat settings). */
export type EncodeRequestOptions = {
  /** The provider's model id, e.g. `gpt-4.1`. */
  model: string;
  /** Whether the body is for a streaming call. */
  stream?: boolean;
};

/** What {@link Codec.decodeRequest} recovers from a native request body. */
export type DecodedRequest = {
  request: ChatRequest;
  /** The model id the body named, when the format carries one. */
  model: string | undefined;
  /** Whether the body asked for a stream. */
  stream: boolean;
};

/** Options of {@link Codec.encodeResponse} and {@link Codec.encodeStream}. */
export type EncodeResponseOptions = {
  /** The model id to report when the response does not name one. */
  model?: string;
};

/**
 * A provider codec: six pure functions translating between the IR and one wire format,
 * in both directions. No network, no clock, no environment.
 *
 * `Request`, `Response` and `Chunk` are the provider's native request body, response body
 * and parsed stream event object (as its official SDK yields them).
 */
export interface Codec<
  Request = unknown,
  Response = unknown,
  Chunk = unknown,
  EncodeOptions extends EncodeRequestOptions = EncodeRequestOptions,
> {
  /** The provider key (`openai`, `anthropic`, `gemini`, …), also the key of its `providerOptions`. */
  readonly provider: string;
  /** IR request → native request body. */
  encodeRequest(request: ChatRequest, options: EncodeOptions): CodecResult<Request>;
  /** Native response body → IR response. Throws `InvalidResponseError` on a body it cannot read. */
  decodeResponse(body: unknown): ModelResponse;
  /** Native stream chunks → IR stream events. Ends with `finish`, or `error` when the stream was cut off. */
  decodeStream(chunks: AsyncIterable<Chunk>): AsyncIterable<StreamEvent>;
  /** Native request body → IR request (the gateway direction). Throws `InvalidRequestError` on a body it cannot read. */
  decodeRequest(body: unknown): CodecResult<DecodedRequest>;
  /** IR response → native response body (the gateway direction). */
  encodeResponse(response: ModelResponse, options?: EncodeResponseOptions): CodecResult<Response>;
  /** IR stream events → native stream chunks, in the order the provider sends them. */
  encodeStream(events: AsyncIterable<StreamEvent>, options?: EncodeResponseOptions): AsyncIterable<Chunk>;
}
