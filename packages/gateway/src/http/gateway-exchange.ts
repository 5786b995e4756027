import type { IncomingHttpHeaders } from 'node:http';
import type { Usage, Warning } from '@interlingua/core';
import type { TelemetrySpan } from '@interlingua/core/adapter';
import type { ClientGone } from './client-gone';

/**
 * An HTTP request as a route handler sees it: no socket, only data and a body reader. The Node
 * listener's requests keep `query` and `signal` as getters on their prototype: a spread copy
 * (`{ ...request, path }`) keeps the data and `readBody` but not those two.
 */
export type GatewayRequest = {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request's id: the client's `x-request-id` when it is a sane token, else a fresh UUID. */
  id: string;
  /**
   * Aborted when the client goes away before the answer is written. Made when first read (an
   * `AbortController` and its listeners cost microseconds on Node 20): code on every request's
   * path watches {@link GatewayRequest.clientGone} instead.
   */
  readonly signal: AbortSignal;
  /** The same event as `signal`, without an `AbortSignal`: `happened`, and `watch` for a plain callback. */
  readonly clientGone: ClientGone;
  /** Reads the whole body (once), refusing more than `limits.maxBodyBytes` with a 413 `GatewayError`. */
  readBody(): Promise<Buffer>;
};

/** What a handler answers: a whole body, or a stream of already framed SSE text. */
export type GatewayReply = {
  status: number;
  headers: Record<string, string>;
  /** The whole body. */
  body?: string;
  /** SSE text to write piece by piece, waiting for `drain`; the listener ends the response after it. */
  stream?: AsyncIterable<string>;
};

/**
 * Sees each client exchange whole, for trace files: the inbound body once it is read (after
 * auth, so `record.format` and `record.key` are known), then the answer as written — a JSON
 * body, or a stream's SSE text chunk by chunk — with the finished record. Called synchronously;
 * without a tap the gateway copies nothing.
 */
export type GatewayTap = {
  request(record: RequestRecord, headers: IncomingHttpHeaders, body: Buffer): void;
  response(
    record: RequestRecord,
    outcome: { status: number; durationMs: number; aborted: boolean },
    answer: { body?: string; chunks?: string[] },
  ): void;
};

/**
 * What one request did, filled in by the handlers as they go and written as the request's one
 * log line (and metrics) when the answer is complete. Never holds the key itself.
 */
export type RequestRecord = {
  id: string;
  method: string;
  path: string;
  /** The route's name (`openai.chat`, `anthropic.messages`, …). */
  route: string | undefined;
  /** The inbound format (`openai`, `anthropic`, `gemini`). */
  format: string | undefined;
  /** The virtual key's name (`master` for the master key). */
  key: string | undefined;
  /** The model name the client asked for. */
  model: string | undefined;
  /** The backend that answered (`provider:model`). */
  backend: string | undefined;
  /** The model the backend's answer named (often a dated version of `backend`'s), when it named one. */
  backendModel: string | undefined;
  stream: boolean;
  usage: Usage | undefined;
  /** True when `usage` is (in part) the gateway's estimate: a call that ended before the backend's final count. */
  usageEstimated: boolean;
  /** What the answering call cost in USD, `'unknown'` when the backend has no known price; undefined without usage. */
  cost: number | 'unknown' | undefined;
  /** Set when the call could not be counted against the key's `usd` budget (its backend has no known price). */
  budgetWarning: string | undefined;
  /** Retries of the same backend, over all backends tried. */
  retries: number;
  /** The fallback backend that answered, when it was not the first. */
  fallback: string | undefined;
  warnings: Warning[];
  /** The error answered (or that ended the stream). */
  error: { type: string; message: string } | undefined;
  /** Milliseconds spent waiting for the backend. */
  upstreamMs: number;
  /** Milliseconds spent waiting for the client to take the bytes (`drain`). */
  clientWaitMs: number;
  /** Milliseconds to the first streamed byte. */
  firstByteMs: number | undefined;
  /**
   * Resolves once the call's spend and token reservations are written to the store (never
   * rejects); the log line waits for it, so it is written once the call is settled.
   */
  settled: Promise<void> | undefined;
  /** The request's OpenTelemetry SERVER span (a no-op one when telemetry is off); none for health checks. */
  span: TelemetrySpan | undefined;
};

/** A request's record as it starts: nothing known yet but its id, method and path (and, for a mount, its route). */
export function newRequestRecord(id: string, method: string, path: string, route?: string): RequestRecord {
  return {
    id,
    method,
    path,
    route,
    format: route,
    key: undefined,
    model: undefined,
    backend: undefined,
    backendModel: undefined,
    stream: false,
    usage: undefined,
    usageEstimated: false,
    cost: undefined,
    budgetWarning: undefined,
    retries: 0,
    fallback: undefined,
    warnings: [],
    error: undefined,
    upstreamMs: 0,
    clientWaitMs: 0,
    firstByteMs: undefined,
    settled: undefined,
    span: undefined,
  };
}
