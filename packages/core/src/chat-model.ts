import type { ModelPricing } from './ir/cost';
import type { ChatRequestInput } from './ir/message-input';
import type { ModelCapabilities } from './ir/model-capabilities';
import type { ModelResponse } from './ir/model-response';
import type { StreamEvent } from './ir/stream-event';

/** Per-call options of a {@link ChatModel}. */
export type CallOptions = {
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Extra HTTP headers for this call. */
  headers?: Record<string, string>;
};

/**
 * A model you can call with IR: a codec joined to a transport.
 *
 * `generate` resolves with the whole response or rejects with an `APICallError`.
 * `stream` yields events; failures before the first event (HTTP status, connection) are thrown
 * from the iterator, failures after it (a provider error event, a cut or malformed stream) end
 * the stream with an `error` event, and an abort by the caller's signal is thrown as
 * `AbortedError` whenever it happens. `collectStream(model.stream(r))` equals `model.generate(r)`.
 *
 * A request's messages may have plain-string content (`{ role: 'user', content: 'hi' }`): each
 * model turns it into IR with `toChatRequest` before anything else reads it, so an implementation
 * (and a wrapper that looks at the request) starts with `const request = toChatRequest(input)`.
 */
export interface ChatModel {
  /** The provider key, e.g. `openai`. */
  readonly provider: string;
  /** The provider's model id, e.g. `gpt-4.1`. */
  readonly modelId: string;
  /** What is known of the model's abilities; filled in full by `withCapabilities`. */
  readonly capabilities: Partial<ModelCapabilities>;
  /**
   * What the model charges, when known: `withCapabilities` fills it from the capability data.
   * The agent prices each step with it; absent or `'unknown'` makes costs `'unknown'`.
   */
  readonly pricing?: ModelPricing | 'unknown';
  generate(request: ChatRequestInput, options?: CallOptions): Promise<ModelResponse>;
  stream(request: ChatRequestInput, options?: CallOptions): AsyncIterable<StreamEvent>;
}
