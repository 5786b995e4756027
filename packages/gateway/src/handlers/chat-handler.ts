import type { ChatModel, ModelResponse, Usage } from '@interlingua/core';
import type { TelemetrySpan } from '@interlingua/core/adapter';
import { sameProviderHeaders } from '../formats/inbound-format';
import type { GatewayReply } from '../http/gateway-exchange';
import { warningsHeader } from '../http/warnings-header';
import { admitRequest, DEFAULT_OUTPUT_RESERVATION } from '../limits/admit-request';
import { pricedPlan } from '../limits/priced-plan';
import { PromptEstimate } from '../limits/prompt-estimate';
import { endBackendSpan, noteChatRequest, noteChatResponse, spanAttempt } from '../observability/gateway-spans';
import { redactWarnings } from '../observability/redact-request-record';
import { type BackendAttempt, type CallContext, callBackends } from '../router/call-backends';
import type { Candidate } from '../router/create-model-table';
import { ChatEncodeContext } from './chat-encode-context';
import { checkToolPairing } from './check-tool-pairing';
import { readInboundRequest } from './read-inbound-request';
import type { RouteHandler } from './route-handler';
import { settleCall } from './settle-call';
import { type StartedStream, startStream } from './started-stream';
import { streamReply } from './stream-reply';

/** The response header naming the backend that answered (`provider:model`); the answer itself names the model asked for. */
export const BACKEND_MODEL_HEADER = 'x-interlingua-backend-model';

/**
 * The model routes (`/v1/chat/completions`, `/v1/responses`, `/v1/messages`, Gemini's `:generateContent` and
 * `:streamGenerateContent`): decode the body with the route's codec, admit it against the
 * limits, call the backends (retries, fallbacks), and encode the answer in the caller's
 * format — JSON, or SSE in the format's framing, started only once the backend's first event
 * arrived (so a failure before it is retried or answered as a plain error, and no retry ever
 * happens after the first byte). The answer names the model the client asked for, whichever
 * backend answered ({@link BACKEND_MODEL_HEADER} and the log line name that one). A call the
 * client left is charged too: see `streamReply`, and, before the first byte, the prompt's estimate.
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
  if (span?.recording === true) {
    noteChatRequest(span, ir, services.redact(inbound.model), plan.candidates[0]?.backend, stream, services.redact);
  }
  // Counted only if read: a tpm reservation, a format that announces usage first, a call the client left.
  const estimate = new PromptEstimate(ir);
  // The worst case a tpm bucket reserves, asked for by each bucket that takes it (none without a tpm limit).
  const reserveTokens = () => estimate.tokens + (ir.maxOutputTokens ?? DEFAULT_OUTPUT_RESERVATION);
  // Without limits to check the admission is there at once: no await (a microtask hop) for it.
  const admitted = admitRequest(services.store, inbound.principal, plan, reserveTokens);
  const admission = admitted instanceof Promise ? await admitted : admitted;
  const context: CallContext = {
    store: services.store,
    cooldown: services.config.cooldown,
    record,
    clientGone: request.clientGone,
    reserveTokens,
    redact: services.redact,
    // A JSON call's signal is done with once it answered: it goes back to the pool of signals.
    wholeAnswer: !stream,
  };
  // The client's beta flags reach a backend of its own provider only (`sameProviderHeaders`).
  const callOptions = (model: ChatModel, signal: AbortSignal) => ({
    signal,
    headers: { ...sameProviderHeaders(format, request, model.provider), 'x-request-id': request.id },
  });
  // The backend last called: a client that leaves before the answer is charged for that call.
  let attempted: Candidate | undefined;
  // Each backend attempt in its own CLIENT span under the request's (when telemetry records it).
  const spanned =
    <T>(
      stream: boolean,
      run: BackendAttempt<T>,
      onValue: (attempt: TelemetrySpan, value: T) => void,
    ): BackendAttempt<T> =>
    (model, signal) => {
      attempted = [...plan.candidates, ...plan.contextWindow].find((candidate) => candidate.model === model);
      return spanAttempt(span, model, ir, stream, () => run(model, signal), onValue, services.redact);
    };
  // A call that failed is not charged (nor its reservation kept); one the client left is, as
  // far as the backend got: the prompt's estimate (providers bill a prompt they have read).
  const settleFailure = () => {
    if (!request.signal.aborted || attempted === undefined) {
      settleCall(services, record, inbound.principal, admission.reserved.buckets, undefined, undefined);
      return;
    }
    const usage: Usage = { inputTokens: estimate.tokens, outputTokens: 0 };
    record.backend = attempted.backend;
    record.usage = usage;
    record.usageEstimated = true;
    settleCall(services, record, inbound.principal, admission.reserved.buckets, attempted, usage);
  };
  const encodeContext = new ChatEncodeContext(request.id, inbound.model, inbound.body, estimate);

  if (!stream) {
    let result: Awaited<ReturnType<typeof callBackends<ModelResponse>>>;
    try {
      result = await callBackends(
        plan,
        spanned(
          false,
          (model, signal) => model.generate(ir, callOptions(model, signal)),
          (attempt, response) => endBackendSpan(attempt, { response }),
        ),
        context,
      );
    } catch (error) {
      settleFailure();
      throw error;
    }
    // The answer names the model asked for; the backend's own name goes to the log line.
    const { model: backendModel, ...response } = result.value;
    record.usage = response.usage;
    record.backendModel = backendModel;
    if (span?.recording === true) noteChatResponse(span, result.value);
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
    return jsonReply(JSON.stringify(encoded.value), {
      ...backendHeader(services.redact(result.candidate.backend)),
      ...warningsHeaders(record.warnings, services.redact),
    });
  }

  let started: Awaited<ReturnType<typeof callBackends<StartedStream>>>;
  try {
    started = await callBackends(
      plan,
      spanned(
        true,
        (model, signal) => startStream(model, ir, callOptions(model, signal)),
        (attempt, value) => {
          value.span = attempt;
        },
      ),
      context,
    );
  } catch (error) {
    settleFailure();
    throw error;
  }
  const headers: Record<string, string> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...backendHeader(services.redact(started.candidate.backend)),
    // Warnings known before the first byte (the decoder's); the log line gets all of them.
    ...warningsHeaders(record.warnings, services.redact),
  };
  return {
    status: 200,
    headers,
    stream: streamReply(services, exchange, {
      started: started.value,
      backend: started.candidate.backend,
      encodeOptions: format.encodeOptions(encodeContext, true),
      estimate,
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

function jsonReply(body: string, headers: Record<string, string>): GatewayReply {
  return { status: 200, headers: { 'content-type': 'application/json', ...headers }, body };
}

// A backend named by the caller (`allowProviderModels`) may hold characters a header cannot.
function backendHeader(backend: string): Record<string, string> {
  return /^[\x21-\x7e]+$/.test(backend) ? { [BACKEND_MODEL_HEADER]: backend } : {};
}

function warningsHeaders(warnings: Parameters<typeof redactWarnings>[0], redact: (text: string) => string) {
  const value = warningsHeader(redactWarnings(warnings, redact));
  return value === undefined ? {} : { 'x-interlingua-warnings': value };
}
