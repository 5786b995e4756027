import type { Codec, EncodeResponseOptions } from '@interlingua/core';
import type { GatewayError } from '../errors/gateway-error';
import type { GatewayRequest } from '../http/gateway-exchange';

/** What a format needs to build its encode options for one answer. */
export type EncodeContext = {
  requestId: string;
  /** The model name the client asked for. */
  model: string;
  /** The parsed request body, for options that echo it (`stream_options.include_usage`). */
  body: unknown;
  /** The gateway's estimate of the prompt's tokens (announced where a format wants usage up front). */
  inputTokensEstimate: number;
  /** Unix seconds now. */
  created: number;
};

/** An error rendered for the wire: status, headers and body text. */
export type RenderedError = { status: number; headers: Record<string, string>; body: string };

/**
 * One inbound wire format: its codec, where its clients put the key, how it frames SSE, and
 * how it renders errors — one function for its plain error bodies and one for the error that
 * ends a stream. Routes name a format; adding a format is one more of these.
 */
export type InboundFormat = {
  /** `openai`, `openai-responses`, `anthropic`, `gemini`. */
  name: string;
  codec: Codec;
  /** The key the client sent, in this format's header (or `undefined`). */
  readKey(request: GatewayRequest): string | undefined;
  /** An error as this format's error body, with its status and `Retry-After`. */
  renderError(error: GatewayError, requestId: string): RenderedError;
  /**
   * An error as the event that ends a stream; `position.chunks` is how many chunks were framed
   * before it (a format that numbers its events, as the Responses API does, continues from there).
   */
  renderStreamError(error: GatewayError, position?: { chunks: number }): string;
  /**
   * Whether a failure reported by the backend's stream goes through the codec's `encodeStream`
   * as the IR `error` event (the codec ends the stream in its own terms, e.g. `response.failed`)
   * rather than as `renderStreamError`'s event after the encoded chunks. Default `false`.
   */
  streamErrorsInBand?: boolean;
  /** One native chunk as an SSE frame. */
  frame(chunk: unknown): string;
  /** Written after the last chunk of a complete stream (`data: [DONE]` for OpenAI), or `''`. */
  streamEnd: string;
  /**
   * Headers of the client's request forwarded to a backend of the same provider (the models whose
   * `provider` is `provider`): the provider's beta flags (`anthropic-beta`, `OpenAI-Beta`), which
   * go with body fields only that provider reads. Never sent to another provider.
   */
  sameProviderHeaders?: { provider: string; names: readonly string[] };
  /** The options of `encodeResponse` / `encodeStream` for one answer (each codec reads its own). */
  encodeOptions(context: EncodeContext, stream: boolean): EncodeResponseOptions & Record<string, unknown>;
};

/** JSON with `Retry-After` when the error has a wait. */
export function errorHeaders(error: GatewayError): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (error.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(Math.max(0, Math.ceil(error.retryAfterSeconds)));
  return headers;
}

/** The bearer token of an `Authorization` header, or `undefined`. */
export function bearerToken(request: GatewayRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1];
}

/** A header's single value, or `undefined`. */
export function headerValue(request: GatewayRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The headers of `format.sameProviderHeaders` the client sent, to add to a backend call when the
 * backend's provider is that provider (else none).
 */
export function sameProviderHeaders(
  format: InboundFormat,
  request: GatewayRequest,
  provider: string,
): Record<string, string> {
  const forwarded: Record<string, string> = {};
  if (format.sameProviderHeaders === undefined || format.sameProviderHeaders.provider !== provider) return forwarded;
  for (const name of format.sameProviderHeaders.names) {
    const value = headerValue(request, name);
    if (value !== undefined) forwarded[name] = value;
  }
  return forwarded;
}
