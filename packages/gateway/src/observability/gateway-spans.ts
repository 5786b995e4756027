import type { IncomingHttpHeaders } from 'node:http';
import { type ChatModel, type ChatRequest, type ModelResponse, parseModelId, type Usage } from '@interlingua/core';
import {
  chatRequestAttributes,
  chatResponseAttributes,
  errorTypeOf,
  genAiProviderName,
  startTelemetrySpan,
  type TelemetryAttributes,
  type TelemetrySpan,
  usageAttributes,
} from '@interlingua/core/adapter';
import type { RequestOutcome } from '../http/create-node-listener';
import type { RequestRecord } from '../http/gateway-exchange';

const SCOPE = '@interlingua/gateway';

/**
 * The SERVER span of one gateway request, named `{method} {http.route}` as the HTTP conventions
 * name server spans (`POST /v1/chat/completions`, `POST /v1beta/models/{model}:generateContent`;
 * `{method}` alone for a path no route serves), continuing the caller's trace when its headers
 * carry one (W3C `traceparent`, through the registered propagator). Without `@opentelemetry/api`, or without an SDK
 * recording it, this is one check and a shared no-op span: nothing else is computed.
 */
export function startRequestSpan(
  method: string,
  httpRoute: string | undefined,
  path: string,
  headers: IncomingHttpHeaders,
): TelemetrySpan {
  // A caller's `traceparent` makes the request a child of the caller's span, as HTTP servers do.
  const span = startTelemetrySpan(httpRoute === undefined ? method : `${method} ${httpRoute}`, {
    kind: 'server',
    scope: SCOPE,
    carrier: headers,
  });
  if (span.recording) span.set({ 'http.request.method': method, 'http.route': httpRoute, 'url.path': path });
  return span;
}

/**
 * Adds the decoded request to the request span: GenAI request attributes of the model name asked
 * for, the caller's strings (stop sequences) through `redact`.
 */
export function noteChatRequest(
  span: TelemetrySpan,
  request: ChatRequest,
  model: string,
  firstBackend: string | undefined,
  stream: boolean,
  redact: (text: string) => string = (text) => text,
): void {
  if (!span.recording) return;
  const attributes = chatRequestAttributes(request, { provider: providerKeyOf(firstBackend), modelId: model }, stream);
  span.set(redactAttributes(attributes, redact));
}

// String attributes hold what the caller chose (a model name, stop sequences): a secret typed there stays out.
function redactAttributes(attributes: TelemetryAttributes, redact: (text: string) => string): TelemetryAttributes {
  const out: TelemetryAttributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    out[name] =
      typeof value === 'string'
        ? redact(value)
        : Array.isArray(value) && value.every((item) => typeof item === 'string')
          ? value.map((item) => redact(item as string))
          : value;
  }
  return out;
}

/** Adds the answer to the request span: response model, id and finish reason (usage comes at the end). */
export function noteChatResponse(span: TelemetrySpan, response: Pick<ModelResponse, 'model' | 'id' | 'finishReason'>) {
  if (!span.recording) return;
  span.set({
    'gen_ai.response.model': response.model,
    'gen_ai.response.id': response.id,
    'gen_ai.response.finish_reasons': [response.finishReason],
  });
}

/**
 * Ends the request span with what the request did: `http.response.status_code`, the inbound
 * format, the key's name (never the key), the backend that answered (and its provider), a
 * fallback, retries, usage and cost. An error sets `error.type` (the gateway's error type); a
 * 5xx answer or a stream ended by an error also marks the span failed (a 4xx is the client's
 * error, not the server's, as the HTTP conventions have it).
 */
export function endRequestSpan(span: TelemetrySpan, record: RequestRecord, outcome: RequestOutcome): void {
  if (span.recording) {
    span.set({
      'http.response.status_code': outcome.status,
      'interlingua.gateway.request_id': record.id,
      'interlingua.gateway.format': record.format,
      'interlingua.gateway.key': record.key,
      'interlingua.gateway.backend': record.backend,
      'interlingua.gateway.fallback': record.fallback,
      'interlingua.gateway.retries': record.retries === 0 ? undefined : record.retries,
      'interlingua.cost.usd': typeof record.cost === 'number' ? record.cost : undefined,
      ...(record.backend === undefined
        ? {}
        : { 'gen_ai.provider.name': genAiProviderName(providerKeyOf(record.backend)) }),
      ...(record.usage === undefined ? {} : usageAttributes(record.usage)),
    });
    const error = record.error;
    if (error !== undefined) {
      if (outcome.status >= 500 || outcome.status < 400) span.fail(new Error(error.message), error.type);
      else span.set({ 'error.type': error.type });
    } else if (outcome.aborted) {
      span.set({ 'error.type': 'client_closed' });
    }
  }
  span.end();
}

/** The CLIENT span of one backend attempt, `chat {model}`, a child of the request span. */
function startBackendSpan(
  parent: TelemetrySpan,
  model: ChatModel,
  request: ChatRequest,
  stream: boolean,
  redact: (text: string) => string,
) {
  // With `allowProviderModels` the caller chose the model id.
  const modelId = redact(model.modelId);
  const span = startTelemetrySpan(`chat ${modelId}`, { kind: 'client', scope: SCOPE, parent });
  span.set(
    redactAttributes(
      {
        ...chatRequestAttributes(request, model, stream),
        'interlingua.gateway.backend': `${model.provider}:${model.modelId}`,
      },
      redact,
    ),
  );
  return span;
}

/** Ends a backend span: the response (or a stream's usage and finish reason), or the failure. */
export function endBackendSpan(
  span: TelemetrySpan,
  outcome:
    | { response: ModelResponse }
    | { usage: Usage | undefined; finishReason: string | undefined; error?: unknown }
    | { error: unknown },
): void {
  if (span.recording) {
    if ('response' in outcome) span.set(chatResponseAttributes(outcome.response));
    else if ('usage' in outcome) {
      span.set({
        'gen_ai.response.finish_reasons': outcome.finishReason === undefined ? undefined : [outcome.finishReason],
        ...(outcome.usage === undefined ? {} : usageAttributes(outcome.usage)),
      });
    }
    if ('error' in outcome && outcome.error !== undefined) span.fail(outcome.error, errorTypeOf(outcome.error));
  }
  span.end();
}

/**
 * Runs one backend attempt inside its span: the span is active while the model works (so an
 * instrumented HTTP client nests its own spans under it), ends with the failure if the attempt
 * throws, and is handed to `onValue` with the result otherwise (a JSON answer ends it at once, a
 * stream keeps it open until it is read).
 */
export async function spanAttempt<T>(
  parent: TelemetrySpan | undefined,
  model: ChatModel,
  request: ChatRequest,
  stream: boolean,
  attempt: () => Promise<T>,
  onValue: (span: TelemetrySpan, value: T) => void,
  redact: (text: string) => string = (text) => text,
): Promise<T> {
  // A request that is not recorded has no recorded children: no second span at all.
  if (parent === undefined || !parent.recording) return attempt();
  const span = startBackendSpan(parent, model, request, stream, redact);
  let value: T;
  try {
    value = await span.run(attempt);
  } catch (error) {
    endBackendSpan(span, { error });
    throw error;
  }
  onValue(span, value);
  return value;
}

// The provider key of a `provider:model` backend (`gemini`), as `chatRequestAttributes` takes it.
function providerKeyOf(backend: string | undefined): string {
  if (backend === undefined) return 'unknown';
  try {
    return parseModelId(backend).provider;
  } catch {
    return 'unknown';
  }
}
