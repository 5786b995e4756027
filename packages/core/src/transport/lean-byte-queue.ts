/** What a {@link LeanByteQueue} asks of the connection that feeds it. */
export type LeanByteSource = {
  /** The consumer drained the queue after the source was told to pause: read on. */
  resume(): void;
  /** The consumer stopped early: drop the connection. */
  cancel(reason: unknown): void;
};

// Above this many queued bytes the connection pauses (undici's own body stream uses the same bound).
const HIGH_WATER_BYTES = 64 * 1024;
const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A streaming answer's body as the lean transport hands it out: the chunks the connection
 * delivered, in a small queue read as an async iterator (`for await`, `next()`, `return()`). A
 * chunk that arrives while a read waits goes straight to it; chunks that arrive together wait in
 * the queue, which `take()` hands out at once, joined into one chunk, without a promise. Past
 * 64 KiB queued, `push` tells the connection to pause, and it reads on once the consumer has
 * taken them — so a consumer
 * that holds the stream holds the backend's writes. A failure (the connection dropped, an
 * abort) drops what is queued and throws from the next read, as a destroyed Node stream does.
 */
export class LeanByteQueue implements AsyncIterableIterator<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private queued = 0;
  private paused = false;
  private ended = false;
  private failed = false;
  private failure: unknown;
  private resolveRead: ((result: IteratorResult<Uint8Array>) => void) | undefined;
  private rejectRead: ((error: unknown) => void) | undefined;

  constructor(private readonly source: LeanByteSource) {}

  /** Adds a chunk the connection delivered; `false` when the connection should pause. */
  push(chunk: Uint8Array): boolean {
    const resolve = this.resolveRead;
    if (resolve !== undefined) {
      this.resolveRead = undefined;
      this.rejectRead = undefined;
      resolve({ done: false, value: chunk });
      return true;
    }
    this.chunks.push(chunk);
    this.queued += chunk.byteLength;
    if (this.queued <= HIGH_WATER_BYTES) return true;
    this.paused = true;
    return false;
  }

  /** The body ended: the reads after the queued chunks are done. */
  end(): void {
    if (this.ended || this.failed) return;
    this.ended = true;
    const resolve = this.resolveRead;
    this.resolveRead = undefined;
    this.rejectRead = undefined;
    resolve?.(DONE);
  }

  /** The body failed: what is queued is dropped and the pending (or next) read throws `error`. */
  fail(error: unknown): void {
    if (this.ended || this.failed) return;
    this.failed = true;
    this.failure = error;
    this.chunks.length = 0;
    this.queued = 0;
    const reject = this.rejectRead;
    this.resolveRead = undefined;
    this.rejectRead = undefined;
    reject?.(error);
  }

  /**
   * The next read if it needs no wait — a queued chunk, the end, or (thrown) the failure — else
   * `undefined`: then `next()` waits for it.
   */
  take(): IteratorResult<Uint8Array> | undefined {
    const { chunks } = this;
    if (chunks.length > 0) {
      // What arrived together is read as one chunk, as a Node stream's `read()` does: one decode
      // and one pass of the consumer instead of one per HTTP chunk.
      const value = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, this.queued);
      chunks.length = 0;
      this.queued = 0;
      // Resumed last: undici may deliver the next chunks at once, re-entering `push`.
      if (this.paused) {
        this.paused = false;
        this.source.resume();
      }
      return { done: false, value };
    }
    if (this.failed) throw this.failure;
    return this.ended ? DONE : undefined;
  }

  /** The next chunk, waiting for it when none is queued (one read at a time). */
  next(): Promise<IteratorResult<Uint8Array>> {
    let result: IteratorResult<Uint8Array> | undefined;
    try {
      result = this.take();
    } catch (error) {
      return Promise.reject(error);
    }
    if (result !== undefined) return Promise.resolve(result);
    return new Promise((resolve, reject) => {
      this.resolveRead = resolve;
      this.rejectRead = reject;
    });
  }

  /** The consumer stops early: the connection is dropped unless the body already ended. */
  return(): Promise<IteratorResult<Uint8Array>> {
    if (!this.ended && !this.failed) {
      this.ended = true;
      this.chunks.length = 0;
      this.queued = 0;
      const resolve = this.resolveRead;
      this.resolveRead = undefined;
      this.rejectRead = undefined;
      resolve?.(DONE);
      this.source.cancel(new DOMException('The consumer stopped reading the stream.', 'AbortError'));
    }
    return Promise.resolve(DONE);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
