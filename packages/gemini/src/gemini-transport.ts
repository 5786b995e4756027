import type { GeminiRequestBody } from './gemini-api';
import type { AbortContext } from './map-generative-ai-error';

/** How a transport that reads a stream's bytes itself bounds and maps that read (`GeminiTransport.readsStreams`). */
export type GeminiStreamReadOptions = {
  /** The longest wait for each next chunk once the stream started, in ms (`Infinity`: unbounded). */
  idleTimeoutMs: number;
  /** The caller's signal: once it fired, the end or failure of the stream is an `AbortedError`. */
  signal?: AbortSignal | undefined;
  /** Turns what the read throws into the model's error (the transport's `mapError`, redacted). */
  mapError: (thrown: unknown) => unknown;
};

/** One call's transport options. */
export type GeminiTransportCallOptions = {
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  /** Given to `stream` of a transport that `readsStreams`: how to bound and map the read. */
  read?: GeminiStreamReadOptions | undefined;
};

/**
 * What `GeminiChatModel` needs from an HTTP client: send a `generateContent` body, get the
 * parsed response; send a `streamGenerateContent` body, get the parsed chunks. Errors are
 * the client's own: `mapError` turns them into Interlingua errors (default `mapGenerativeAIError`).
 * Two ship: {@link createGenAITransport} (`@google/genai`, Gemini Developer API and Vertex AI)
 * and {@link createGenerativeAITransport} (`@google/generative-ai`).
 */
export type GeminiTransport = {
  generate(modelId: string, body: GeminiRequestBody, options: GeminiTransportCallOptions): Promise<unknown>;
  stream(
    modelId: string,
    body: GeminiRequestBody,
    options: GeminiTransportCallOptions,
  ): Promise<AsyncIterable<unknown>>;
  /** Turns what the client threw into an Interlingua error (the abort context says whose signal fired). */
  mapError?(thrown: unknown, context: AbortContext): Error;
  /**
   * `true` when `stream` reads the response bytes itself and honours `options.read`: it bounds
   * each wait for a chunk, drops the connection when one runs out, and throws only mapped
   * errors. The model then adds no layer of its own between the chunks and the codec.
   */
  readonly readsStreams?: boolean | undefined;
};
