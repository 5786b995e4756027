import type { ChatModel, StreamEvent } from '@interlingua/core';
import type { TelemetrySpan } from '@interlingua/core/adapter';

/** A stream's first event, read before the answer starts: until then a failure can still be retried. */
export type StartedStream = {
  iterator: AsyncIterator<StreamEvent>;
  first: IteratorResult<StreamEvent>;
  /** The backend attempt's span, ended when the stream is over (absent when telemetry records nothing). */
  span?: TelemetrySpan;
};

/** Starts a stream and waits for its first event; an `error` first event is a failure of the attempt. */
export async function startStream(
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
