// Servers that serve one whole connection (stdio) rather than one HTTP request. A WeakSet, so that
// nothing is added to the SDK's `Server` and an entry goes with its server.
const bound = new WeakSet<object>();

/**
 * Marks `server` as serving one whole connection: on a 2026-07-28 connection its change
 * notifications are then sent, for the SDK's stdio entry to route onto the client's
 * `subscriptions/listen` streams (a per-request HTTP server has no stream to send them on).
 */
export function markConnectionBound(server: object): void {
  bound.add(server);
}

/** Whether {@link markConnectionBound} marked `server`. */
export function isConnectionBound(server: object): boolean {
  return bound.has(server);
}
