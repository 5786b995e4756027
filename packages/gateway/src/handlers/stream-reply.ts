import { performance } from 'node:perf_hooks';
import type { EncodeResponseOptions, FinishReason, StreamEvent, Usage } from '@interlingua/core';
import { AbortedError, InterlinguaError } from '@interlingua/core';
import type { GatewayError } from '../errors/gateway-error';
import { estimateUnfinishedUsage } from '../limits/estimate-unfinished-usage';
import { createTokenTally } from '../limits/token-tally';
import { endBackendSpan, noteChatResponse } from '../observability/gateway-spans';
import { redactGatewayError } from '../observability/redact-gateway-error';
import { toGatewayError } from '../router/to-gateway-error';
import type { GatewayServices, RouteExchange } from './route-handler';
import type { StartedStream } from './started-stream';

/** What {@link streamReply} streams from. */
export type StreamReplySource = {
  started: StartedStream;
  backend: string;
  encodeOptions: EncodeResponseOptions;
  /** The gateway's estimate of the prompt's tokens: the input charged when the backend reported none. */
  estimate: { readonly tokens: number };
  /**
   * Called once when the stream is over (complete, failed or abandoned), with the usage to
   * charge: the backend's, or — for a stream that ended before its `finish` — what
   * {@link estimateUnfinishedUsage} makes of what was reported and relayed (`estimated` then says
   * whether it is an estimate).
   */
  onEnd: (usage: Usage, estimated: boolean) => void;
};

/**
 * The SSE text of a streamed answer: the backend's IR events through the format's
 * `encodeStream`, each chunk framed as the format frames it, then the format's end marker. A
 * failure after the first byte — an `error` event or a broken upstream — ends the stream with
 * the format's error event (never a retry: the client already has part of the answer), or, for
 * a format with `streamErrorsInBand`, with what its codec encodes for the (redacted) error. When
 * the client leaves, the upstream iterator is closed, which aborts the backend call.
 *
 * Nothing relayed is free: a stream that ends without the backend's `finish` (the client left,
 * the backend broke off) is charged the usage reported so far, and at least the prompt's estimate
 * and the estimate of the text, reasoning and tool calls relayed. The answer names the model the
 * client asked for: the backend's model name (`finish.model`) goes to the log line only.
 */
export async function* streamReply(
  services: GatewayServices,
  { record, format, request }: RouteExchange,
  source: StreamReplySource,
): AsyncIterable<string> {
  const { iterator, first } = source.started;
  let usage: Usage | undefined;
  let finished = false;
  let finishReason: FinishReason | undefined;
  let failure: unknown;
  // The failure as the codec encoded it, for formats that end a stream in their own terms.
  let inBand: GatewayError | undefined;
  let chunks = 0;
  // What the client was sent, in tokens: charged when the backend's count never came.
  const relayed = createTokenTally();
  const failed = (error: unknown) =>
    redactGatewayError(toGatewayError(error, source.backend, services.redact), services.redact);
  // The events the encoder reads: a plain iterator over the upstream's, not an async generator
  // around it — each event costs one awaited `next()`, not a generator's resumption as well.
  // The one read ahead (`pending`) is the started stream's first event, then, after `finish`,
  // what followed it.
  let pending: IteratorResult<StreamEvent> | undefined = first;
  let over = false;
  const upstreamNext = async (): Promise<IteratorResult<StreamEvent>> => {
    const waitStart = performance.now();
    const next = await iterator.next();
    record.upstreamMs += performance.now() - waitStart;
    return next;
  };
  const end = (): IteratorResult<StreamEvent> => {
    over = true;
    return { done: true, value: undefined };
  };
  async function nextEvent(): Promise<IteratorResult<StreamEvent>> {
    if (over) return { done: true, value: undefined };
    const next = pending ?? (await upstreamNext());
    pending = undefined;
    if (next.done === true) return end();
    const event = next.value;
    if (event.type === 'error') {
      usage = (event as { usage?: Usage }).usage ?? usage;
      // A client that left ends the call; that is not the backend failing.
      if (request.signal.aborted) return end();
      failure = event.error;
      if (format.streamErrorsInBand !== true) return end();
      inBand = failed(failure);
      over = true;
      return { done: false, value: { type: 'error', error: inBand } };
    }
    if (event.type === 'finish') {
      const { model: backendModel, ...finish } = event;
      usage = finish.usage;
      finished = true;
      finishReason = finish.finishReason;
      record.backendModel = backendModel;
      for (const warning of finish.warnings ?? []) record.warnings.push(warning);
      // The encoder stops at `finish`: read the upstream to its end first, so the backend call
      // completes (and is traced whole) instead of being cut off once the client has it all.
      pending = await upstreamNext();
      return { done: false, value: finish };
    }
    tally(event);
    return next;
  }
  const events: AsyncIterable<StreamEvent> = {
    [Symbol.asyncIterator]: () => ({
      next: nextEvent,
      // The encoder stopped early: the upstream is closed in the end below.
      return: async () => end(),
    }),
  };
  function tally(event: StreamEvent): void {
    if (event.type === 'text-delta' || event.type === 'reasoning-delta') relayed.add(event.text);
    else if (event.type === 'tool-call-start') relayed.add(event.name);
    else if (event.type === 'tool-call-delta') relayed.add(event.argsTextDelta);
  }
  try {
    for await (const chunk of format.codec.encodeStream(events, source.encodeOptions)) {
      chunks += 1;
      yield format.frame(chunk);
    }
    if (failure === undefined) {
      if (format.streamEnd !== '' && !request.clientGone.happened) yield format.streamEnd;
    } else {
      const error = inBand ?? failed(failure);
      record.error = { type: error.type, message: error.message };
      if (inBand === undefined) yield format.renderStreamError(error, { chunks });
    }
  } catch (error) {
    // A model throws the abort of a client that left, with the usage reported before it.
    if (InterlinguaError.isInstance(error) && error.usage !== undefined) usage = error.usage;
    if (!request.signal.aborted && !AbortedError.isInstance(error)) {
      failure = error;
      const mapped = failed(error);
      record.error = { type: mapped.type, message: mapped.message };
      yield format.renderStreamError(mapped, { chunks });
    }
  } finally {
    const charged = finished
      ? { usage: usage as Usage, estimated: false }
      : estimateUnfinishedUsage(usage, source.estimate.tokens, relayed.tokens);
    record.usage = charged.usage;
    record.usageEstimated = charged.estimated;
    const span = source.started.span;
    if (span !== undefined) {
      endBackendSpan(span, { usage: charged.usage, finishReason, error: failure });
      if (finishReason !== undefined && record.span !== undefined) noteChatResponse(record.span, { finishReason });
    }
    // Closes the upstream call when the client left or the stream failed.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
    source.onEnd(charged.usage, charged.estimated);
  }
}
