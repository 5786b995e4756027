/**
 * The client of one request going away, without an `AbortSignal` unless one is asked for. On
 * Node 20 an `AbortController` costs ~3 µs and each `addEventListener`/`removeEventListener` on
 * its signal ~1.5 µs, per request; a client almost never leaves, so the router links its attempts
 * through {@link ClientGone.watch} (a plain function in a set) and the request's `signal` is made
 * only when someone reads it.
 */
export type ClientGone = {
  /** True once the client went away before its answer was complete. */
  readonly happened: boolean;
  /** Why: the error the request's signal aborts with; `undefined` until it happened. */
  readonly reason: unknown;
  /**
   * Calls `listener` once, with the reason, when the client goes away — at once (synchronously)
   * when it has already. Returns the function that stops watching (safe to call twice). A
   * listener that throws is reported as an uncaught exception, as an `AbortSignal`'s would be;
   * the others still run.
   */
  watch(listener: (reason: unknown) => void): () => void;
};

/** A {@link ClientGone} with its owner's side: the lazily made signal, and the call that says it happened. */
export type ClientPresence = ClientGone & {
  /** The request's signal, made on first read: aborted (with the reason) when the client goes away. */
  readonly signal: AbortSignal;
  /** Says the client went away: aborts the signal if it was made, then calls the watchers. Once only. */
  leave(reason: unknown): void;
};

class LazyClientPresence implements ClientPresence {
  happened = false;
  reason: unknown = undefined;
  private controller: AbortController | undefined = undefined;
  private watchers: Set<(reason: unknown) => void> | undefined = undefined;

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.happened) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  watch(listener: (reason: unknown) => void): () => void {
    if (this.happened) {
      listener(this.reason);
      return noop;
    }
    if (this.watchers === undefined) this.watchers = new Set();
    const watchers = this.watchers;
    // A wrapper per watch, so that the same function watched twice is called twice (as two
    // addEventListener calls with distinct functions would be) and each unwatch removes its own.
    const entry = (reason: unknown) => listener(reason);
    watchers.add(entry);
    return () => {
      watchers.delete(entry);
    };
  }

  leave(reason: unknown): void {
    if (this.happened) return;
    this.happened = true;
    this.reason = reason;
    this.controller?.abort(reason);
    const watchers = this.watchers;
    if (watchers === undefined) return;
    this.watchers = undefined;
    for (const watcher of watchers) {
      try {
        watcher(reason);
      } catch (error) {
        // As an AbortSignal's listener: the error surfaces, the other watchers still run.
        process.nextTick(() => {
          throw error;
        });
      }
    }
  }
}

/**
 * Makes the {@link ClientPresence} of one request: no `AbortController`, timer or listener
 * until its `signal` is read or the client leaves.
 *
 * @example
 * ```ts
 * import { createClientPresence } from './client-gone';
 *
 * const presence = createClientPresence();
 * const controller = new AbortController();
 * const unwatch = presence.watch((reason) => controller.abort(reason));
 * presence.leave(new Error('The client closed the connection.'));
 * unwatch();
 * ```
 */
export function createClientPresence(): ClientPresence {
  return new LazyClientPresence();
}

function noop(): void {}
