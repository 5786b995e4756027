import { describe, expect, test } from 'vitest';
import { startCallAttempt } from './start-call-attempt';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('startCallAttempt', () => {
  test('without a timeout or a signal of its own, the caller signal is handed over as it is', () => {
    const caller = new AbortController();
    const attempt = startCallAttempt({ signal: caller.signal });
    expect(attempt.signal).toBe(caller.signal);
    expect(startCallAttempt({}).signal).toBeUndefined();
    attempt.abort(new Error('idle'));
    expect(caller.signal.aborted).toBe(false);
  });

  test('the timeout aborts the attempt and is reported in its context', async () => {
    const attempt = startCallAttempt({ timeoutMs: 5 });
    await wait(50);
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.context()).toEqual({ signal: undefined, timedOut: true, timeoutMs: 5 });
    attempt.release();
  });

  test('stopTimer and release keep the timeout from firing', async () => {
    const stopped = startCallAttempt({ timeoutMs: 5 });
    stopped.stopTimer();
    const released = startCallAttempt({ timeoutMs: 5 });
    released.release();
    await wait(50);
    expect(stopped.signal.aborted).toBe(false);
    expect(released.signal.aborted).toBe(false);
    expect(stopped.context().timedOut).toBe(false);
  });

  test("the caller's abort reaches the attempt with its reason, until release unlinks it", () => {
    const caller = new AbortController();
    const linked = startCallAttempt({ signal: caller.signal, ownSignal: true });
    expect(linked.signal).not.toBe(caller.signal);
    const reason = new Error('stop');
    caller.abort(reason);
    expect(linked.signal.reason).toBe(reason);
    expect(linked.context()).toEqual({ signal: caller.signal, timedOut: false, timeoutMs: undefined });

    const other = new AbortController();
    const unlinked = startCallAttempt({ signal: other.signal, timeoutMs: 60_000 });
    unlinked.release();
    other.abort();
    expect(unlinked.signal.aborted).toBe(false);
  });

  test('an already aborted caller signal aborts the attempt at once', () => {
    const caller = new AbortController();
    caller.abort('gone');
    const attempt = startCallAttempt({ signal: caller.signal, timeoutMs: 60_000 });
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.signal.reason).toBe('gone');
    attempt.release();
  });

  test('abort gives up an attempt that has a signal of its own, leaving the caller signal alone', () => {
    const caller = new AbortController();
    const attempt = startCallAttempt({ signal: caller.signal, ownSignal: true });
    const reason = new Error('idle');
    attempt.abort(reason);
    expect(attempt.signal.reason).toBe(reason);
    expect(caller.signal.aborted).toBe(false);
    attempt.release();
  });
});
