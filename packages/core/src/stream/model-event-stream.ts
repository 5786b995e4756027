import { AbortedError } from '../errors/aborted-error';
import type { StreamEvent } from '../ir/stream-event';
import type { Warning } from '../ir/warning';

/** What {@link modelEventStream} opens on the first read: the decoded events and the request's encode warnings. */
export type ModelEventSource = { events: AsyncIterable<StreamEvent>; warnings: readonly Warning[] };

/**
 * A model's `stream()`, as a plain iterator rather than an async generator: `open` (encode the
 * request, send it, decode the answer) runs on the first `next()` — so a failure to start is
 * thrown there, as from a generator — and each event is then forwarded with one awaited `next()`
 * of the decoder, not a generator's resumption on top of it (a relay pays every layer once per
 * event). The events are the decoder's, except that an `error` event of the caller's abort is
 * thrown as the `AbortedError` (with the usage reported before it), as before the stream
 * started, and the encode `warnings` go first on the `finish` event. Closing it closes the decoder.
 *
 * @example
 * stream(input, options) {
 *   return modelEventStream(async () => {
 *     const { value: body, warnings } = encodeRequest(toChatRequest(input));
 *     return { events: decodeStream(await send(body, options)), warnings };
 *   });
 * }
 */
export function modelEventStream(open: () => Promise<ModelEventSource>): AsyncIterable<StreamEvent> {
  return {
    [Symbol.asyncIterator]() {
      let opened: Promise<{ iterator: AsyncIterator<StreamEvent>; warnings: readonly Warning[] }> | undefined;
      let closed = false;
      return {
        async next() {
          if (closed) return { done: true, value: undefined };
          opened ??= open().then(({ events, warnings }) => ({ iterator: events[Symbol.asyncIterator](), warnings }));
          let source: Awaited<typeof opened>;
          try {
            source = await opened;
          } catch (error) {
            closed = true;
            throw error;
          }
          const result = await source.iterator.next();
          if (result.done === true) return result;
          const event = result.value;
          if (event.type === 'error' && AbortedError.isInstance(event.error)) {
            if (event.usage !== undefined) event.error.usage ??= event.usage;
            closed = true;
            await source.iterator.return?.();
            throw event.error;
          }
          if (event.type === 'finish' && source.warnings.length > 0) {
            return { done: false, value: { ...event, warnings: [...source.warnings, ...(event.warnings ?? [])] } };
          }
          return result;
        },
        async return() {
          if (!closed && opened !== undefined) {
            closed = true;
            const source = await opened.catch(() => undefined);
            await source?.iterator.return?.();
          }
          closed = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
}
