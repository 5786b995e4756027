import type { GeminiRequestBody } from './gemini-api';
import type { AbortContext } from './map-generative-ai-error';

/** One call's transport options. */
export type GeminiTransportCallOptions = {
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
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
};
