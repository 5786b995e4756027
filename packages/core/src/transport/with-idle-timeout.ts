import { type IdleTimeoutOptions, IdleWatch } from './idle-watch';

/**
 * Passes a transport's chunks through, bounding the wait for each next chunk: when a wait runs
 * out, `abort` is called so the transport drops the connection, and the stream throws a
 * retryable {@link APICallError} without `statusCode` (its `cause` is the `TimeoutError`). The
 * chunks already passed on stay passed on, and the decoder downstream turns the throw into the
 * stream's `error` event, as the `ChatModel` contract asks. Whatever else the source throws goes
 * through `mapError`; after the caller's `signal` fired, the end or failure is an `AbortedError`.
 *
 * One timer serves the whole stream: a chunk only records when the next wait began, and the
 * timer, when it fires early, re-arms itself for the time left. There is no timer, promise or
 * race per chunk. The source must honour `abort` (every official SDK does: it aborts the
 * `fetch`); the helper does not race a read that can never end.
 *
 * Use it between the SDK's stream and the codec's `decodeStream`, in place of a generator that
 * maps the SDK's errors, so the pipeline keeps one layer.
 *
 * @example
 * const stream = await client.chat.completions.create(body, { signal });
 * const chunks = withIdleTimeout(stream, {
 *   timeoutMs: settings.streamIdleTimeout ?? settings.timeout ?? 600_000,
 *   abort: (reason) => stream.controller.abort(reason),
 *   provider: 'OpenAI',
 *   signal,
 *   mapError: (error) => mapOpenAIError(error, signal),
 * });
 * for await (const event of decodeOpenAIStream(chunks)) yield event;
 */
export async function* withIdleTimeout<T>(chunks: AsyncIterable<T>, options: IdleTimeoutOptions): AsyncGenerator<T> {
  const iterator = chunks[Symbol.asyncIterator]();
  const watch = new IdleWatch(options);
  // Whether the source has ended or thrown (else it is closed when the consumer stops early).
  let settled = false;
  try {
    for (;;) {
      watch.startWait();
      let result: IteratorResult<T>;
      try {
        result = await iterator.next();
      } catch (error) {
        settled = true;
        throw watch.failure(error);
      } finally {
        watch.endWait();
      }
      if (result.done === true) {
        settled = true;
        // An SDK ends an aborted stream without an error: say why it ended.
        if (watch.interrupted) throw watch.failure(undefined);
        return;
      }
      yield result.value;
    }
  } finally {
    watch.dispose();
    if (!settled) await iterator.return?.();
  }
}
