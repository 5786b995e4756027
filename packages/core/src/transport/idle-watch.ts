import { AbortedError } from '../errors/aborted-error';
import { APICallError } from '../errors/api-call-error';

/** The idle bound of one stream: options of {@link IdleWatch}, `withIdleTimeout` and (less `abort`) `readSSEJSON`. */
export type IdleTimeoutOptions = {
  /**
   * The longest wait for each next chunk, in milliseconds: counted from the moment the consumer
   * asks for a chunk, so time the consumer spends on a chunk is never idle time. `Infinity` (or
   * anything above the 2^31 − 1 ms a timer can hold) leaves the waits unbounded.
   */
  timeoutMs: number;
  /**
   * Called once when a wait runs out, with a `TimeoutError` `DOMException` as the reason. It must
   * make the transport give up the connection, so that the pending read ends or throws: abort the
   * controller whose signal the request was sent with (the `controller` of an OpenAI or Anthropic
   * SDK `Stream`, the `AbortController` of a `fetch`).
   */
  abort: (reason: unknown) => void;
  /** The provider's name for messages: `Expected the next chunk of the OpenAI stream within 200 ms…`. */
  provider: string;
  /**
   * The caller's signal. When it has fired, the end or failure of the stream is thrown as
   * `AbortedError` (the official SDKs end an aborted stream quietly).
   */
  signal?: AbortSignal | undefined;
  /** Turns what the source throws into the adapter's error type (its usual error mapper). */
  mapError?: ((error: unknown) => unknown) | undefined;
};

// setTimeout holds a signed 32-bit delay; a longer one would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The idle bound of one stream, shared by `withIdleTimeout` and `readSSEJSON`: one timer for the
 * whole stream, re-armed for the time left when it fires early; a wait only records when it
 * began. No timer, promise or race per chunk.
 *
 * For an adapter whose one generator reads the SDK's iterator itself (so `withIdleTimeout` would
 * add a layer per event): bracket every `next()` with `startWait` / `endWait`, turn a throw into
 * `failure(error)`, check `interrupted` at a quiet end, and `dispose` when the stream is over.
 *
 * @example
 * const watch = new IdleWatch({ timeoutMs, abort: (reason) => controller.abort(reason), provider: 'Bedrock', signal });
 * try {
 *   for (;;) {
 *     watch.startWait();
 *     let result: IteratorResult<Chunk>;
 *     try {
 *       result = await iterator.next();
 *     } catch (error) {
 *       throw watch.failure(error);
 *     } finally {
 *       watch.endWait();
 *     }
 *     if (result.done === true) {
 *       if (watch.interrupted) throw watch.failure(undefined);
 *       break;
 *     }
 *     // decode result.value
 *   }
 * } finally {
 *   watch.dispose();
 * }
 */
export class IdleWatch {
  private readonly bounded: boolean;
  // When the current wait began (performance.now()), or -1 while the consumer has the chunk.
  private waitingSince = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The `TimeoutError` of the wait that ran out, once one did. */
  timedOut: unknown;

  constructor(private readonly options: IdleTimeoutOptions) {
    this.bounded = options.timeoutMs > 0 && options.timeoutMs <= MAX_TIMER_MS;
  }

  /** A wait for the next chunk begins. */
  startWait(): void {
    if (!this.bounded) return;
    this.waitingSince = performance.now();
    if (this.timer === undefined) this.arm(this.options.timeoutMs);
  }

  /** The wait ended (a chunk, the end, or a failure). */
  endWait(): void {
    this.waitingSince = -1;
  }

  /** Clears the timer (the stream is over). */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Whether the stream ended because the caller aborted it or a wait ran out (an SDK may end such a stream quietly). */
  get interrupted(): boolean {
    return this.timedOut !== undefined || this.options.signal?.aborted === true;
  }

  /**
   * What the stream throws for `error` (or for a quiet end after an interruption): an
   * `AbortedError` once the caller's signal fired, a retryable `APICallError` after a wait ran
   * out, else `mapError(error)`.
   */
  failure(error: unknown): unknown {
    const { provider, signal, timeoutMs } = this.options;
    if (signal?.aborted === true) {
      return AbortedError.isInstance(error)
        ? error
        : new AbortedError({ message: `The ${provider} stream was aborted.`, cause: signal.reason });
    }
    if (this.timedOut !== undefined) {
      return new APICallError({
        message: `Expected the next chunk of the ${provider} stream within ${timeoutMs} ms (streamIdleTimeout), got none; the stream was abandoned.`,
        isRetryable: true,
        cause: this.timedOut,
      });
    }
    return this.options.mapError === undefined ? error : this.options.mapError(error);
  }

  private arm(delay: number): void {
    this.timer = setTimeout(this.check, delay);
    // The open connection keeps the process alive, not this timer.
    if (typeof this.timer === 'object') this.timer.unref?.();
  }

  private readonly check = (): void => {
    this.timer = undefined;
    // Not waiting: the next wait arms the timer again.
    if (this.waitingSince < 0 || this.timedOut !== undefined) return;
    const waited = performance.now() - this.waitingSince;
    if (waited < this.options.timeoutMs) {
      this.arm(this.options.timeoutMs - waited);
      return;
    }
    this.timedOut = new DOMException(
      `No chunk of the ${this.options.provider} stream within ${this.options.timeoutMs} ms.`,
      'TimeoutError',
    );
    this.options.abort(this.timedOut);
  };
}
