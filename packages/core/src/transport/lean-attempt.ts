import type { HeaderLookup } from './lean-retry-policy';

/**
 * One attempt of a lean call in flight — over the `undici` pool (`LeanDispatchHandler`) or a
 * `fetch` (`LeanFetchAttempt`) — as `LeanHTTPClient`'s retry loop drives it.
 */
export interface LeanAttempt {
  /**
   * The answer's status once its head arrived; 0 before (a failure while it is 0 is the
   * connection's, after it the body's).
   */
  readonly status: number;
  /** A header of the answer by lower-case name (a method: bind it to pass it on). */
  header(name: string): ReturnType<HeaderLookup>;
  /** The answer's headers (for a failed answer's typed error). */
  headers(): Headers;
  /**
   * Sends the request; settles once the answer can be used: a 2xx non-streaming body once read
   * whole (over the pool), otherwise at the answer's head. Rejects with what failed the attempt.
   */
  start(url: string, path: string, headers: Record<string, string>, body: string): Promise<void>;
  /** The body as text: at once when already read whole, else once it ends. */
  text(): string | Promise<string>;
  /** Reads and drops the rest of the body (an answer that will be retried). */
  discard(): void;
  /** A 2xx streaming answer's bytes. */
  readonly body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;
  /** Drops the connection; a pending `start` or read then fails with `reason`. */
  abort(reason: unknown): void;
  /** Unlinks the caller's signal (the attempt or its stream is over). */
  release(): void;
}
