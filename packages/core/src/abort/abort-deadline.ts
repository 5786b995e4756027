// Deadlines of signals whose owner aborts them on time, by the `performance.now()` clock. A
// WeakMap, so that a signal's entry goes with the signal and nothing is added to the signal itself.
const deadlines = new WeakMap<AbortSignal, number>();

/**
 * Says that `signal` will be aborted by `deadline` (milliseconds on the `performance.now()`
 * clock) by whoever owns it — a timer of the caller's. A transport given that signal then needs no
 * timer of its own for a bound that would end no earlier: the gateway marks each attempt's signal,
 * so `LeanHTTPClient` adds no second timer per attempt.
 * Mark only a signal whose owner keeps that promise for as long as calls start under it.
 *
 * @example
 * ```ts
 * import { setAbortDeadline } from '@interlingua/core/adapter';
 *
 * const controller = new AbortController();
 * const timer = setTimeout(() => controller.abort(), 30_000);
 * setAbortDeadline(controller.signal, performance.now() + 30_000);
 * ```
 */
export function setAbortDeadline(signal: AbortSignal, deadline: number): void {
  deadlines.set(signal, deadline);
}

/**
 * The deadline {@link setAbortDeadline} recorded for `signal` (on the `performance.now()` clock),
 * or `undefined` when none was.
 */
export function abortDeadlineOf(signal: AbortSignal): number | undefined {
  return deadlines.get(signal);
}
