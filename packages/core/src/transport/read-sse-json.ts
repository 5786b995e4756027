import { type IdleTimeoutOptions, IdleWatch } from './idle-watch';
import { LeanByteQueue } from './lean-byte-queue';
import { Utf8ChunkDecoder } from './utf8-chunk-decoder';

/** Options of {@link readSSEJSON}: the idle bound of `withIdleTimeout`, and which events carry data. */
export type ReadSSEJSONOptions = Omit<IdleTimeoutOptions, 'abort'> & {
  /**
   * Called once when a wait runs out, besides cancelling the body (which drops the connection).
   * Optional: the body's cancellation is enough for a `fetch` response.
   */
  abort?: ((reason: unknown) => void) | undefined;
  /** A `data` value that ends the stream's data (OpenAI's `[DONE]`); the events after it are read and dropped. */
  doneData?: string | undefined;
  /** Events without an `event:` name are skipped (Anthropic's SDK does so). */
  namedOnly?: boolean | undefined;
  /** Event names whose data is skipped (e.g. `ping`). */
  skipEvents?: ReadonlySet<string> | undefined;
  /** Called once when the stream is over, however it ended (the lean transport unlinks the caller's signal). */
  onEnd?: (() => void) | undefined;
};

/** Where the bytes come from: a web stream's reader or a byte iterator (an `undici` body). */
type ByteSource = {
  /** A read that needs no wait (chunks that arrived together), else `undefined`; may throw the source's failure. */
  take?: (() => IteratorResult<Uint8Array> | undefined) | undefined;
  read(): Promise<IteratorResult<Uint8Array> | ReadableStreamReadResult<Uint8Array>>;
  /** Gives the source up while a read may be pending (a web stream is cancelled; an iterator's `abort` drops it). */
  interrupt(reason: unknown): void;
  /** Stops the source once no read is pending (the consumer stopped early). */
  cancel(): Promise<unknown>;
  /** The source ended or failed by itself. */
  release(): void;
};

function openByteSource(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): ByteSource {
  if (typeof (body as ReadableStream<Uint8Array>).getReader === 'function') {
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    return {
      read: () => reader.read(),
      interrupt: (reason) => void reader.cancel(reason).catch(() => undefined),
      cancel: () => reader.cancel(),
      release: () => reader.releaseLock(),
    };
  }
  const iterator = (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  return {
    take: body instanceof LeanByteQueue ? () => body.take() : undefined,
    read: () => iterator.next(),
    // A pending `next()` of a Node stream ends when `abort` destroys it; `return()` would wait for it.
    interrupt: () => undefined,
    cancel: async () => iterator.return?.(),
    release: () => undefined,
  };
}

const LF = 10;

/**
 * Reads a `text/event-stream` response body (a web `ReadableStream`, or any async iterable of
 * bytes such as an `undici` response body) straight into the `JSON.parse`d `data` of each event,
 * in one generator: the bytes are decoded as UTF-8 (a character split across reads is kept
 * whole), split into lines at LF, CRLF or CR, and an event is dispatched at each blank line
 * (its `data:` lines joined by LF, one leading space dropped, as the SSE spec says). A `data`
 * that is not JSON throws the `SyntaxError` through `mapError`, as the official SDKs do.
 *
 * The idle bound and the error handling are those of `withIdleTimeout`: each wait for the next
 * read is bounded by `timeoutMs` (one timer for the whole stream); when a wait runs out the body
 * is cancelled (and `abort` called) and the stream throws a retryable `APICallError`; after the
 * caller's `signal` fired, the end or failure is an `AbortedError`; whatever else the body throws
 * goes through `mapError`. When the consumer stops early, the body is cancelled.
 *
 * Use it on the raw `Response` an SDK hands back (`asResponse()`), in place of the SDK's own
 * stream iterator, and feed the codec's `decodeStream` with it.
 *
 * @example
 * const response = await client.chat.completions.create(body, { signal }).asResponse();
 * const chunks = readSSEJSON(response.body, { timeoutMs: 600_000, provider: 'OpenAI', signal, doneData: '[DONE]' });
 * for await (const event of decodeOpenAIStream(chunks)) yield event;
 */
export async function* readSSEJSON(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  options: ReadSSEJSONOptions,
): AsyncGenerator<unknown> {
  if (body === null) {
    options.onEnd?.();
    return;
  }
  const reader = openByteSource(body);
  const watch = new IdleWatch({
    ...options,
    abort: (reason) => {
      options.abort?.(reason);
      reader.interrupt(reason);
    },
  });
  const { doneData, namedOnly = false, skipEvents } = options;
  const decoder = new Utf8ChunkDecoder();
  let text = '';
  // How much of `text` (from its start) is known to hold no line end.
  let scanned = 0;
  let data: string | undefined;
  let event: string | undefined;
  let done = false;
  let settled = false;
  try {
    for (;;) {
      let read: IteratorResult<Uint8Array> | ReadableStreamReadResult<Uint8Array> | undefined;
      try {
        // What is queued already is read without a promise or a wait.
        read = reader.take?.();
        if (read === undefined) {
          watch.startWait();
          read = await reader.read();
        }
      } catch (error) {
        settled = true;
        throw watch.failure(error);
      } finally {
        watch.endWait();
      }
      const ended = read.done === true;
      text = ended ? text + decoder.end() : text + decoder.decode(read.value);
      // Line by line, found with indexOf: the next LF, and the next CR (searched again only once
      // passed, so text without CRs is searched for one once per read). A CR that ends the text
      // may be the first half of a CRLF, so it waits for the next read.
      let start = 0;
      let cr = text.indexOf('\r', scanned);
      for (;;) {
        if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
        let end = text.indexOf('\n', Math.max(start, scanned));
        if (cr !== -1 && (end === -1 || cr < end)) end = cr;
        if (end === -1 || (end === cr && end === text.length - 1 && !ended)) {
          scanned = (end === -1 ? text.length : end) - start;
          break;
        }
        scanned = 0;
        const line = text.slice(start, end);
        start = end === cr && text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
        if (line === '') {
          // Dispatch.
          if (data !== undefined && !done && !(namedOnly && event === undefined) && !skipEvents?.has(event ?? '')) {
            if (doneData !== undefined && data.startsWith(doneData)) done = true;
            else if (data !== '' || !namedOnly) yield JSON.parse(data);
          }
          data = undefined;
          event = undefined;
          continue;
        }
        const colon = line.indexOf(':');
        // A line starting with a colon is a comment.
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.charCodeAt(0) === 32) value = value.slice(1);
        if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
        else if (field === 'event') event = value;
      }
      text = start === 0 ? text : text.slice(start);
      if (ended) {
        settled = true;
        // An SDK's body ends quietly once aborted: say why it ended.
        if (watch.interrupted) throw watch.failure(undefined);
        return;
      }
    }
  } catch (error) {
    // A data line that is not JSON: as the SDKs, it fails the stream, through the adapter's mapper.
    if (error instanceof SyntaxError && !settled) {
      settled = true;
      throw watch.failure(error);
    }
    throw error;
  } finally {
    watch.dispose();
    if (!settled) await reader.cancel().catch(() => undefined);
    else reader.release();
    options.onEnd?.();
  }
}
