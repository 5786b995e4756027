import { performance } from 'node:perf_hooks';
import type { ChatModel } from '@interlingua/core';
import { AbortedError, APICallError, NoSuchProviderError } from '@interlingua/core';
import { setAbortDeadline } from '@interlingua/core/adapter';
import type { GatewayConfig } from '../config/gateway-config-schema';
import { GatewayError } from '../errors/gateway-error';
import type { ClientGone } from '../http/client-gone';
import type { RequestRecord } from '../http/gateway-exchange';
import type { BucketTake, GatewayStore } from '../store/gateway-store';
import { AbortControllerPool } from './abort-controller-pool';
import type { Candidate, ModelPlan } from './create-model-table';
import { isContextWindowError } from './is-context-window-error';
import { retryDelay, sleep } from './retry-delay';
import { toGatewayError } from './to-gateway-error';

/** One call of a backend's model; throws on failure. */
export type BackendAttempt<T> = (model: ChatModel, signal: AbortSignal) => Promise<T>;

/** What the router needs besides the plan. */
export type CallContext = {
  store: GatewayStore;
  cooldown: GatewayConfig['cooldown'];
  record: RequestRecord;
  /** The client going away: it ends everything at once (watched, not an `AbortSignal`'s listener). */
  clientGone: ClientGone;
  /** Worst-case tokens of the request, reserved against a backend's `tpm` (asked for only then). */
  reserveTokens: () => number;
  redact: (text: string) => string;
  /**
   * True when an attempt's value is the whole answer (a JSON call, not a stream): its signal is
   * then done with once the attempt succeeded, and goes back to the pool of signals.
   */
  wholeAnswer?: boolean;
};

/** A successful call: the value, the backend that gave it, and its token reservation to settle. */
export type CallResult<T> = { value: T; candidate: Candidate; reserved: { buckets: BucketTake[] } };

/**
 * Calls a model name's backends in order until one answers: each backend is tried up to
 * `1 + retries` times on retryable failures (429, 5xx, 529, timeouts, resets), waiting
 * `Retry-After` or an exponential backoff; then the next fallback. A context-window error
 * switches to the plan's `contextWindowFallbacks`. Backends cooling down or over their own
 * rpm/tpm are skipped; a backend that keeps failing is cooled down. The caller's signal ends it
 * all at once (an `AbortedError`). Every attempt is bounded by the backend's `timeoutMs`.
 * Throws the last failure as a `GatewayError`.
 */
export async function callBackends<T>(
  plan: ModelPlan,
  attempt: BackendAttempt<T>,
  context: CallContext,
): Promise<CallResult<T>> {
  let queue = plan.candidates;
  let switchedForContext = false;
  let lastError: GatewayError | undefined;
  const skipped: string[] = [];
  let minWaitMs: number | undefined;

  for (let position = 0; position < queue.length; position++) {
    const candidate = queue[position] as Candidate;
    if (candidate.model instanceof Error) {
      if (NoSuchProviderError.isInstance(candidate.model)) {
        throw new GatewayError({ type: 'not_found', message: candidate.model.message, cause: candidate.model });
      }
      skipped.push(`${candidate.backend} is not available (${context.redact(candidate.model.message)})`);
      continue;
    }
    const cooling = await context.store.cooldownLeft(candidate.backend);
    if (cooling > 0) {
      skipped.push(`${candidate.backend} is cooling down for ${Math.ceil(cooling / 1000)} s after repeated failures`);
      minWaitMs = Math.min(minWaitMs ?? cooling, cooling);
      continue;
    }
    const buckets = backendBuckets(candidate, context.reserveTokens);
    if (buckets.length > 0) {
      const taken = await context.store.take(buckets);
      if (!taken.ok) {
        skipped.push(
          `${candidate.backend} is at its ${taken.name.endsWith(':tpm') ? 'tokens' : 'requests'}-per-minute limit`,
        );
        minWaitMs = Math.min(minWaitMs ?? taken.retryAfterMs, taken.retryAfterMs);
        continue;
      }
    }
    const model = candidate.model;
    for (let retry = 0; ; retry++) {
      const started = performance.now();
      try {
        const value = await attemptWithTimeout(
          attempt,
          model,
          candidate,
          context.clientGone,
          context.wholeAnswer === true,
        );
        context.record.upstreamMs += performance.now() - started;
        context.record.backend = candidate.backend;
        if (candidate !== plan.candidates[0]) context.record.fallback = candidate.backend;
        return { value, candidate, reserved: { buckets: buckets.filter((bucket) => bucket.name.endsWith(':tpm')) } };
      } catch (error) {
        context.record.upstreamMs += performance.now() - started;
        if (context.clientGone.happened) throw new AbortedError({ message: 'The client went away.', cause: error });
        if (!switchedForContext && plan.contextWindow.length > 0 && isContextWindowError(error)) {
          // The prompt does not fit: go straight to the larger models.
          switchedForContext = true;
          queue = plan.contextWindow;
          position = -1;
          lastError = toGatewayError(error, candidate.backend, context.redact);
          break;
        }
        const failure = toGatewayError(error, candidate.backend, context.redact);
        lastError = failure;
        if (!isRetryable(error, failure)) throw failure;
        const cooled = await noteFailure(candidate.backend, context);
        const delay = retry < candidate.retries && !cooled ? retryDelay(retry, failure.retryAfterSeconds) : undefined;
        if (delay === undefined) break;
        context.record.retries++;
        const waitStart = performance.now();
        await sleep(delay, context.clientGone).catch((reason: unknown) => {
          throw new AbortedError({ message: 'The client went away.', cause: reason });
        });
        context.record.upstreamMs += performance.now() - waitStart;
      }
    }
  }
  if (lastError !== undefined) throw lastError;
  throw new GatewayError({
    type: 'unavailable',
    message: `No backend of "${plan.name}" can take the request now: ${skipped.join('; ')}.`,
    retryAfterSeconds: minWaitMs === undefined ? undefined : Math.ceil(minWaitMs / 1000),
  });
}

function isRetryable(error: unknown, failure: GatewayError): boolean {
  if (APICallError.isInstance(error)) return error.isRetryable && error.statusCode !== 401 && error.statusCode !== 403;
  return failure.isRetryable;
}

// Process-wide: a controller belongs to no gateway (see AbortControllerPool).
const controllers = new AbortControllerPool();

/**
 * One attempt under the backend's `timeoutMs`: its own controller (a timeout aborts the attempt,
 * never the request) and one timer, linked to the client through a watch — no listener on any
 * `AbortSignal` of the request's. After a streamed answer's success the watch stays: the stream
 * keeps reading under the attempt's signal, and a client that leaves mid-stream must still end
 * the backend call (it goes with the request). After a whole answer's success, or a failure, the
 * watch ends (retries and fallbacks add none); a whole answer's controller then goes back to the
 * pool once its timer is cleared.
 */
async function attemptWithTimeout<T>(
  attempt: BackendAttempt<T>,
  model: ChatModel,
  candidate: Candidate,
  clientGone: ClientGone,
  wholeAnswer: boolean,
): Promise<T> {
  const controller = controllers.take();
  const unwatch = clientGone.watch((reason) => controller.abort(reason));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, candidate.timeoutMs);
  const signal = controller.signal;
  // The transport (the lean one) then adds no timer of its own for a bound that would end later.
  setAbortDeadline(signal, performance.now() + candidate.timeoutMs);
  let value: T;
  try {
    value = await attempt(model, signal);
  } catch (error) {
    clearTimeout(timer);
    unwatch();
    if (timedOut) {
      throw new GatewayError({
        type: 'timeout',
        message: `${candidate.backend} did not answer within ${candidate.timeoutMs} ms (timeoutMs).`,
        isRetryable: true,
        cause: error,
      });
    }
    throw error;
  }
  clearTimeout(timer);
  if (wholeAnswer) {
    unwatch();
    controllers.give(controller);
  }
  return value;
}

/** Counts a failure against the backend; cools it down when it failed too often. Says whether it did. */
async function noteFailure(backend: string, context: CallContext): Promise<boolean> {
  const { failures, windowMs, cooldownMs } = context.cooldown;
  const taken = await context.store.take([{ name: `failures:${backend}`, limit: failures - 1, windowMs, amount: 1 }]);
  if (taken.ok) return false;
  await context.store.coolDown(backend, cooldownMs);
  return true;
}

function backendBuckets(candidate: Candidate, reserveTokens: () => number): BucketTake[] {
  const buckets: BucketTake[] = [];
  if (candidate.limits?.rpm !== undefined) {
    buckets.push({
      name: `backend:${candidate.backend}:rpm`,
      limit: candidate.limits.rpm,
      windowMs: 60_000,
      amount: 1,
    });
  }
  if (candidate.limits?.tpm !== undefined) {
    buckets.push({
      name: `backend:${candidate.backend}:tpm`,
      limit: candidate.limits.tpm,
      windowMs: 60_000,
      amount: Math.min(reserveTokens(), candidate.limits.tpm),
    });
  }
  return buckets;
}
