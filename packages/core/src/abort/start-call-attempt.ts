/** What {@link startCallAttempt} needs: the caller's signal and the bounds the adapter adds. */
export type CallAttemptOptions = {
  /** How long the attempt may take to start answering; none: no timer. */
  timeoutMs?: number | undefined;
  /** The caller's signal: its abort aborts the attempt. */
  signal?: AbortSignal | undefined;
  /** The adapter aborts the attempt itself (an idle stream), so it needs a signal of its own. */
  ownSignal?: boolean | undefined;
};

/** Why an attempt stopped, for the adapter's error mapping: the caller's signal, or our timeout. */
export type CallAttemptContext = {
  signal: AbortSignal | undefined;
  timedOut: boolean;
  timeoutMs: number | undefined;
};

/** One attempt of a provider call: the signal to hand the transport, and how to end it. */
export type CallAttempt = {
  /** The signal for the transport: the attempt's own, or the caller's when no other is needed. */
  signal: AbortSignal | undefined;
  /** Why it stopped, read when mapping the error it failed with. */
  context(): CallAttemptContext;
  /** The answer has started: the timeout no longer applies; the caller's signal still aborts it. */
  stopTimer(): void;
  /** Aborts the attempt (an idle stream), when it has a signal of its own. */
  abort(reason: unknown): void;
  /** Clears the timer and unlinks the caller's signal; call once the attempt is over. */
  release(): void;
};

/**
 * Starts one attempt of a provider call: a signal that aborts when the caller's does or when
 * `timeoutMs` runs out (a timer cleared on release and by `stopTimer`, since
 * `AbortSignal.timeout` would keep every call's signal alive until it fires). Without a timeout
 * and without `ownSignal`, the caller's signal (if any) is passed as it is: no controller, timer
 * or listener per call.
 *
 * @example
 * ```ts
 * import { startCallAttempt } from '@interlingua/core';
 *
 * const attempt = startCallAttempt({ timeoutMs: 60_000, signal: undefined });
 * try {
 *   await fetch('https://example.com', { signal: attempt.signal });
 * } finally {
 *   attempt.release();
 * }
 * ```
 */
export function startCallAttempt(
  options: CallAttemptOptions & { timeoutMs: number },
): CallAttempt & { signal: AbortSignal };
export function startCallAttempt(
  options: CallAttemptOptions & { ownSignal: true },
): CallAttempt & { signal: AbortSignal };
export function startCallAttempt(options: CallAttemptOptions): CallAttempt;
export function startCallAttempt(options: CallAttemptOptions): CallAttempt {
  const { timeoutMs, signal: callerSignal } = options;
  if (timeoutMs === undefined && options.ownSignal !== true) {
    return {
      signal: callerSignal,
      context: () => ({ signal: callerSignal, timedOut: false, timeoutMs }),
      stopTimer: noop,
      abort: noop,
      release: noop,
    };
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  timer?.unref?.();
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted === true) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    context: () => ({ signal: callerSignal, timedOut, timeoutMs }),
    stopTimer: () => clearTimeout(timer),
    abort: (reason) => controller.abort(reason),
    release() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}

function noop(): void {}
