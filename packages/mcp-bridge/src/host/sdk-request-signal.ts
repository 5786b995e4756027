import { linkAbortSignal } from '@interlingua/core/adapter';

// Signals already given to the SDK for a request. The SDK adds an abort listener per request and
// never removes it, so each of these holds one listener for good.
const handedOver = new WeakSet<AbortSignal>();

/**
 * The signal to give the SDK for one request that a caller's `signal` may cancel. The SDK adds
 * an abort listener per request and never removes it. So a signal's first request gets the signal
 * itself: a per-call signal, as the agent gives each tool call, gains that one listener and is then
 * dropped, with no controller or listener of ours. Every later request on a signal already handed
 * over (a run-long signal, one shared by calls in flight) gets a fresh signal linked to it, so a
 * shared signal holds at most two listeners however many calls it sees: the first request's and
 * the link's. `release` is there when the signal was linked: call it once the request is done.
 *
 * When a signal aborts after its request finished, the first request's listener still fires: the
 * SDK then sends `notifications/cancelled` for a request that is over, which the connection's
 * transport drops (`TracedTransport`).
 */
export function sdkRequestSignal(signal: AbortSignal): { signal: AbortSignal; release?: () => void } {
  if (handedOver.has(signal)) return linkAbortSignal(signal);
  handedOver.add(signal);
  return { signal };
}
