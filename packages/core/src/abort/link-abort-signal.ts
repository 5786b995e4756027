/** A signal that follows a parent signal, and the function that unlinks it. */
export type LinkedAbortSignal = {
  /** Aborts, with the parent's reason, when the parent does. */
  signal: AbortSignal;
  /** Unlinks it; call once the work it guarded is done. Safe to call twice. */
  release(): void;
};

type Followers = { controllers: Set<AbortController>; onAbort: () => void };

const followersOf = new WeakMap<AbortSignal, Followers>();

/**
 * A fresh signal that aborts when `parent` does, for one call. However many calls share one
 * parent (a run-long signal, a shared idle one), the parent holds a single listener for all of
 * them — Node warns (`MaxListenersExceededWarning`) past 10 — and it is removed when the last
 * linked signal is released. `AbortSignal.any([parent])` would do the same, but keeps every
 * follower alive until the parent is collected on Node 20.
 *
 * @example
 * ```ts
 * import { linkAbortSignal } from '@interlingua/core';
 *
 * const run = new AbortController();
 * const call = linkAbortSignal(run.signal);
 * try {
 *   await fetch('https://example.com', { signal: call.signal });
 * } finally {
 *   call.release();
 * }
 * ```
 */
export function linkAbortSignal(parent: AbortSignal): LinkedAbortSignal {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, release: () => {} };
  }
  let followers = followersOf.get(parent);
  if (followers === undefined) {
    const controllers = new Set<AbortController>();
    const created: Followers = {
      controllers,
      onAbort: () => {
        followersOf.delete(parent);
        for (const follower of controllers) follower.abort(parent.reason);
        controllers.clear();
      },
    };
    followers = created;
    followersOf.set(parent, created);
    parent.addEventListener('abort', created.onAbort, { once: true });
  }
  const own = followers;
  own.controllers.add(controller);
  return {
    signal: controller.signal,
    release() {
      if (!own.controllers.delete(controller) || own.controllers.size > 0) return;
      parent.removeEventListener('abort', own.onAbort);
      if (followersOf.get(parent) === own) followersOf.delete(parent);
    },
  };
}
