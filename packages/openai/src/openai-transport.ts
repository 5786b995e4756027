import type { CallOptions, ModelResponse, Warning } from '@interlingua/core';
import { readSSEJSON } from '@interlingua/core/adapter';
import { mapOpenAIError } from './map-openai-error';

/** The `openai` SDK's own `timeout` default, also the default bound on each wait for a stream chunk. */
export const OPENAI_DEFAULT_TIMEOUT_MS = 600_000;

/** The SDK request options of one call: its abort signal and extra headers. */
export function openAIRequestOptions(options: CallOptions): { signal?: AbortSignal; headers?: Record<string, string> } {
  const { signal, headers } = options;
  if (signal === undefined) return headers === undefined ? {} : { headers };
  return headers === undefined ? { signal } : { signal, headers };
}

/** The response with the encoder's warnings first. */
export function withEncodeWarnings(response: ModelResponse, warnings: Warning[]): ModelResponse {
  return warnings.length === 0 ? response : { ...response, warnings: [...warnings, ...response.warnings] };
}

/** What {@link readOpenAIStream} needs besides the SDK's pending request. */
export type ReadOpenAIStreamOptions = {
  /** Milliseconds to wait for each next event (default {@link OPENAI_DEFAULT_TIMEOUT_MS}). */
  streamIdleTimeout: number | undefined;
  signal: AbortSignal | undefined;
  /** Values redacted from any error (the API key). */
  secrets: readonly (string | null | undefined)[];
  /** The `data` that ends the stream (Chat Completions' `[DONE]`; the Responses API sends none). */
  doneData?: string | undefined;
  /** The endpoint called, named by a connection failure. */
  url?: string | undefined;
};

/**
 * The JSON events of a streamed OpenAI answer, read straight from the bytes: the SDK builds,
 * sends and retries the request (`create(…).asResponse()`), and `readSSEJSON` reads its body in
 * place of the SDK's own stream iterator (three async layers per event). The SDK's `timeout`
 * ends with the headers; from there each wait for an event is bounded by `streamIdleTimeout`.
 * Errors, before and during the stream, go through `mapOpenAIError` (redacted).
 */
export async function readOpenAIStream(
  pending: { asResponse(): Promise<Response> },
  options: ReadOpenAIStreamOptions,
): Promise<AsyncIterable<unknown>> {
  const { signal, secrets } = options;
  const response = await pending.asResponse().catch((error: unknown) => {
    throw mapOpenAIError(error, signal, secrets, options.url);
  });
  return readSSEJSON(response.body, {
    timeoutMs: options.streamIdleTimeout ?? OPENAI_DEFAULT_TIMEOUT_MS,
    provider: 'OpenAI',
    signal,
    doneData: options.doneData,
    mapError: (error) => mapOpenAIError(error, signal, secrets, options.url),
  });
}
