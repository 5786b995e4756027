import type { ChatModel, ModelResponse, StreamEvent, TelemetrySpan } from '@interlingua/core';
import type { GatewayReply } from '../http/gateway-exchange';
import { warningsHeader } from '../http/warnings-header';
import { admitRequest, DEFAULT_OUTPUT_RESERVATION } from '../limits/admit-request';
import { estimateInputTokens } from '../limits/estimate-input-tokens';
import { pricedPlan } from '../limits/priced-plan';
import { endBackendSpan, noteChatRequest, noteChatResponse, spanAttempt } from '../observability/gateway-spans';
import { type BackendAttempt, type CallContext, callBackends } from '../router/call-backends';
import type { RouteHandler } from '../routes/gateway-route';
import { checkToolPairing } from './check-tool-pairing';
import { readInboundRequest } from './read-inbound-request';
import { settleCall } from './settle-call';
import { streamReply } from './stream-reply';

/** A stream's first event, read before the answer starts: until then a failure can still be retried. */
export type StartedStream = {
  iterator: AsyncIterator<StreamEvent>;
  first: IteratorResult<StreamEvent>;
  /** The backend attempt's span, ended when the stream is over (absent when telemetry records nothing). */
  span?: TelemetrySpan;
};

/**
 * The model routes (`/v1/chat/completions`, `/v1/responses`, `/v1/messages`, Gemini's `:generateContent` and
 * `:streamGenerateContent`): decode the body with the route's codec, admit it against the
 * limits, call the backends (retries, fallbacks), and encode the answer in the caller's
 * format — JSON, or SSE in the format's framing, started only once the backend's first event
 * arrived (so a failure before it is retried or answered as a plain error, and no retry ever
 * happens after the first byte).
 */
export const chatHandler: RouteHandler = async (services, exchange) => {
  const { request, record, format, params } = exchange;
  const inbound = await readInboundRequest(services, exchange);
  const plan = pricedPlan(inbound.plan, inbound.principal, services.pricer);
  const ir = inbound.decoded.request;
  checkToolPairing(ir);
  const stream = params.stream ?? inbound.decoded.stream;
  record.stream = stream;
  const span = record.span;
  if (span?.recording === true) noteChatRequest(span, ir, inbound.model, plan.candidates[0]?.backend, stream);
  const inputTokensEstimate = estimateInputTokens(ir);
  const reserveTokens = inputTokensEstimate + (ir.maxOutputTokens ?? DEFAULT_OUTPUT_RESERVATION);
  const admission = await admitRequest(services.store, inbound.principal, plan, reserveTokens);
  const context: CallContext = {
    store: services.store,
    cooldown: services.config.cooldown,
    record,
    signal: request.signal,
    reserveTokens,
    redact: services.redact,
  };
  const callOptions = (signal: AbortSignal) => ({ signal, headers: { 'x-request-id': request.id } });
  // Each backend attempt in its own CLIENT span under the request's (when telemetry records it).
  const spanned =
    <T>(
      stream: boolean,
      run: BackendAttempt<T>,
      onValue: (attempt: TelemetrySpan, value: T) => void,
    ): BackendAttempt<T> =>
    (model, signal) =>
      spanAttempt(span, model, ir, stream, () => run(model, signal), onValue);
  const encodeContext = {
    requestId: request.id,
    model: inbound.model,
    body: inbound.body,
    inputTokensEstimate,
    created: Math.floor(Date.now() / 1000),
  };

  if (!stream) {
    let result: Awaited<ReturnType<typeof callBackends<ModelResponse>>>;
    try {
      result = await callBackends(
        plan,
        spanned(
          false,
          (model, signal) => model.generate(ir, callOptions(signal)),
          (attempt, response) => endBackendSpan(attempt, { response }),
        ),
        context,
      );
    } catch (error) {
      settleCall(services, record, inbound.principal, admission.reserved.buckets, undefined, undefined);
      throw error;
    }
    const response = result.value;
    record.usage = response.usage;
    if (span?.recording === true) noteChatResponse(span, response);
    for (const warning of response.warnings) record.warnings.push(warning);
    const encoded = format.codec.encodeResponse(response, format.encodeOptions(encodeContext, false));
    for (const warning of encoded.warnings) record.warnings.push(warning);
    settleCall(
      services,
      record,
      inbound.principal,
      [...admission.reserved.buckets, ...result.reserved.buckets],
      result.candidate,
      response.usage,
    );
    return jsonReply(JSON.stringify(encoded.value), warningsHeader(record.warnings));
  }

  let started: Awaited<ReturnType<typeof callBackends<StartedStream>>>;
  try {
    started = await callBackends(
      plan,
      spanned(
        true,
        (model, signal) => startStream(model, ir, callOptions(signal)),
        (attempt, value) => {
          value.span = attempt;
        },
      ),
      context,
    );
  } catch (error) {
    settleCall(services, record, inbound.principal, admission.reserved.buckets, undefined, undefined);
    throw error;
  }
  const headers: Record<string, string> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  };
  // Warnings known before the first byte (the decoder's); the log line gets all of them.
  const warnings = warningsHeader(record.warnings);
  if (warnings !== undefined) headers['x-interlingua-warnings'] = warnings;
  return {
    status: 200,
    headers,
    stream: streamReply(services, exchange, {
      started: started.value,
      backend: started.candidate.backend,
      encodeOptions: format.encodeOptions(encodeContext, true),
      onEnd: (usage) =>
        settleCall(
          services,
          record,
          inbound.principal,
          [...admission.reserved.buckets, ...started.reserved.buckets],
          started.candidate,
          usage,
        ),
    }),
  };
};

/** Starts a stream and waits for its first event; an `error` first event is a failure of the attempt. */
async function startStream(
  model: ChatModel,
  request: Parameters<ChatModel['stream']>[0],
  options: Parameters<ChatModel['stream']>[1],
): Promise<StartedStream> {
  const iterator = model.stream(request, options)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (!first.done && first.value.type === 'error') {
    await iterator.return?.();
    throw first.value.error;
  }
  return { iterator, first };
}

function jsonReply(body: string, warnings: string | undefined): GatewayReply {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (warnings !== undefined) headers['x-interlingua-warnings'] = warnings;
  return { status: 200, headers, body };
}
