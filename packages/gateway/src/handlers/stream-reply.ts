import { performance } from 'node:perf_hooks';
import type { EncodeResponseOptions, FinishReason, StreamEvent, Usage } from '@interlingua/core';
import { AbortedError } from '@interlingua/core';
import { endBackendSpan, noteChatResponse } from '../observability/gateway-spans';
import { toGatewayError } from '../router/to-gateway-error';
import type { GatewayServices, RouteExchange } from '../routes/gateway-route';
import type { StartedStream } from './chat-handler';

/** What {@link streamReply} streams from. */
export type StreamReplySource = {
  started: StartedStream;
  backend: string;
  encodeOptions: EncodeResponseOptions;
  /** Called once when the stream is over (complete, failed or abandoned), with the usage known. */
  onEnd: (usage: Usage | undefined) => void;
};

/**
 * The SSE text of a streamed answer: the backend's IR events through the format's
 * `encodeStream`, each chunk framed as the format frames it, then the format's end marker. A
 * failure after the first byte — an `error` event or a broken upstream — ends the stream with
 * the format's error event (never a retry: the client already has part of the answer), or, for
 * a format with `streamErrorsInBand`, with what its codec encodes for the (redacted) error; the
 * usage billed so far is kept for the log line. When the client leaves, the upstream iterator
 * is closed, which aborts the backend call.
 */
export async function* streamReply(
  services: GatewayServices,
  { record, format, request }: RouteExchange,
  source: StreamReplySource,
): AsyncIterable<string> {
  const { iterator, first } = source.started;
  let usage: Usage | undefined;
  let finishReason: FinishReason | undefined;
  let failure: unknown;
  // The failure as the codec encoded it, for formats that end a stream in their own terms.
  let inBand: ReturnType<typeof toGatewayError> | undefined;
  let chunks = 0;
  async function* events(): AsyncIterable<StreamEvent> {
    let next = first;
    while (!next.done) {
      const event = next.value;
      if (event.type === 'error') {
        failure = event.error;
        usage = (event as { usage?: Usage }).usage ?? usage;
        if (format.streamErrorsInBand === true) {
          inBand = toGatewayError(failure, source.backend, services.redact);
          yield { type: 'error', error: inBand };
        }
        return;
      }
      if (event.type === 'finish') {
        usage = event.usage;
        finishReason = event.finishReason;
        for (const warning of event.warnings ?? []) record.warnings.push(warning);
        // The encoder stops at `finish`: read the upstream to its end first, so the backend call
        // completes (and is traced whole) instead of being cut off once the client has it all.
        const waitStart = performance.now();
        next = await iterator.next();
        record.upstreamMs += performance.now() - waitStart;
        yield event;
        continue;
      }
      yield event;
      const waitStart = performance.now();
      next = await iterator.next();
      record.upstreamMs += performance.now() - waitStart;
    }
  }
  try {
    for await (const chunk of format.codec.encodeStream(events(), source.encodeOptions)) {
      chunks += 1;
      yield format.frame(chunk);
    }
    if (failure === undefined) {
      if (format.streamEnd !== '') yield format.streamEnd;
    } else {
      const error = inBand ?? toGatewayError(failure, source.backend, services.redact);
      record.error = { type: error.type, message: error.message };
      if (inBand === undefined) yield format.renderStreamError(error, { chunks });
    }
  } catch (error) {
    if (!request.signal.aborted && !AbortedError.isInstance(error)) {
      const mapped = toGatewayError(error, source.backend, services.redact);
      record.error = { type: mapped.type, message: mapped.message };
      yield format.renderStreamError(mapped, { chunks });
    }
  } finally {
    record.usage = usage;
    const span = source.started.span;
    if (span !== undefined) {
      endBackendSpan(span, { usage, finishReason, error: failure });
      if (finishReason !== undefined && record.span !== undefined) noteChatResponse(record.span, { finishReason });
    }
    // Closes the upstream call when the client left or the stream failed.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
    source.onEnd(usage);
  }
}
