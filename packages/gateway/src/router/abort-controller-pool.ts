import { getEventListeners } from 'node:events';

/**
 * `AbortController`s of finished attempts, kept for the next ones (issue 33). On Node 20 a new
 * controller's signal costs ~2 µs (`createAbortSignal` changes a fresh `EventTarget`'s prototype)
 * and every one outlives V8's young generation: a fifth of what a gateway request promoted to the
 * old space, garbage that the next full GC has to mark and sweep. A controller comes back only
 * when its attempt gave a whole answer and nothing can use its signal any more: not aborted, its
 * attempt's timer cleared and its client no longer watched (the caller's part), and no `abort`
 * listener left on it — a listener would hear the next attempt's abort, so a signal something
 * still listens to is left to the garbage collector. At most `max` are kept.
 */
export class AbortControllerPool {
  private readonly free: AbortController[] = [];

  constructor(private readonly max = 256) {}

  /** A controller whose signal is not aborted and has no listener. */
  take(): AbortController {
    return this.free.pop() ?? new AbortController();
  }

  /** Keeps `controller` for a later `take` when it is safe to; says whether it was kept. */
  give(controller: AbortController): boolean {
    const signal = controller.signal;
    if (this.free.length >= this.max || signal.aborted || getEventListeners(signal, 'abort').length > 0) return false;
    this.free.push(controller);
    return true;
  }

  /** How many are kept now. */
  get size(): number {
    return this.free.length;
  }
}
