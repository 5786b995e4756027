import type { Usage } from '@interlingua/core';
import type { Principal } from '../auth/create-authenticator';
import { GatewayError } from '../errors/gateway-error';
import type { ModelPlan } from '../router/create-model-table';
import type { BucketTake, GatewayStore } from '../store/gateway-store';

/** Tokens reserved for the answer when the request sets no `maxOutputTokens`. */
export const DEFAULT_OUTPUT_RESERVATION = 4_096;

/** A request let through, with what it reserved: settled once its real usage is known. */
export type Admission = {
  /** The tpm buckets and the tokens taken from each. */
  reserved: { buckets: BucketTake[] };
};

const MINUTE = 60_000;

/**
 * Checks a request against its key's and model's limits before any backend is called: the
 * key's budget for the period (429 naming the budget and when it resets), and rpm and the
 * worst-case tokens (`reserveTokens`, asked for only when a tpm bucket takes them: counting them
 * stringifies every tool schema) against tpm, taken from every bucket at once — all or
 * nothing (429 with `Retry-After`). The budget is read while the buckets are taken; a request
 * over its budget gives back what it took. The master key and keyless gateways have no key limits.
 * Answers at once, without a promise, when no limit applies (nothing to ask the store).
 */
export function admitRequest(
  store: GatewayStore,
  principal: Principal,
  plan: ModelPlan,
  reserveTokens: () => number,
): Admission | Promise<Admission> {
  const buckets: BucketTake[] = [];
  let tokens = 0;
  const budget = principal.kind === 'key' ? principal.key.budget : undefined;
  if (principal.kind === 'key') {
    const { key } = principal;
    if (key.rpm !== undefined)
      buckets.push({ name: `key:${key.name}:rpm`, limit: key.rpm, windowMs: MINUTE, amount: 1 });
    if (key.tpm !== undefined) {
      tokens = reserveTokens();
      buckets.push({ name: `key:${key.name}:tpm`, limit: key.tpm, windowMs: MINUTE, amount: tokens });
    }
  }
  if (plan.limits.rpm !== undefined) {
    buckets.push({ name: `model:${plan.name}:rpm`, limit: plan.limits.rpm, windowMs: MINUTE, amount: 1 });
  }
  if (plan.limits.tpm !== undefined) {
    tokens = reserveTokens();
    buckets.push({ name: `model:${plan.name}:tpm`, limit: plan.limits.tpm, windowMs: MINUTE, amount: tokens });
  }
  // Nothing to check (no key limits, no model limits): no store call, not even an await.
  if (budget === undefined && buckets.length === 0) return { reserved: { buckets } };
  return takeFromStore(store, principal.kind === 'key' ? { name: principal.name, budget } : undefined, buckets, tokens);
}

async function takeFromStore(
  store: GatewayStore,
  key: { name: string; budget: KeyBudget | undefined } | undefined,
  buckets: BucketTake[],
  reserveTokens: number,
): Promise<Admission> {
  if (key?.budget === undefined) {
    const taken = await store.take(buckets);
    if (!taken.ok) throw limitError(taken.name, buckets, taken.retryAfterMs, taken.tooLarge, reserveTokens);
    return reservedOf(buckets);
  }
  // The budget is read while the buckets are taken (one round trip to a shared store, not two);
  // a request refused for its budget gives back what it took.
  const [overBudget, taken] = await Promise.all([
    checkBudget(store, key.name, key.budget).then(
      () => undefined,
      (error: unknown) => error,
    ),
    buckets.length > 0 ? store.take(buckets) : ({ ok: true } as const),
  ]);
  if (overBudget !== undefined) {
    if (taken.ok && buckets.length > 0) {
      await store.give(
        buckets,
        buckets.map((bucket) => bucket.amount),
      );
    }
    throw overBudget;
  }
  if (!taken.ok) throw limitError(taken.name, buckets, taken.retryAfterMs, taken.tooLarge, reserveTokens);
  return reservedOf(buckets);
}

function reservedOf(buckets: BucketTake[]): Admission {
  return { reserved: { buckets: buckets.filter((bucket) => bucket.name.endsWith(':tpm')) } };
}

/**
 * Settles a reservation with what the call cost: gives back what it took beyond the usage (or
 * takes what it lacked). `usage` is undefined only for a call that failed (no backend answered,
 * nothing was billed): then everything reserved goes back. A call the client left is settled
 * with the usage it was charged, never refunded.
 */
export async function settleReservation(
  store: GatewayStore,
  reserved: { buckets: BucketTake[] },
  usage: Usage | undefined,
): Promise<void> {
  if (reserved.buckets.length === 0) return;
  // No usage (a call that failed before any answer): everything reserved goes back.
  const used = usage === undefined ? 0 : usage.inputTokens + usage.outputTokens;
  await store.give(
    reserved.buckets,
    reserved.buckets.map((bucket) => bucket.amount - used),
  );
}

type KeyBudget = { usd?: number | undefined; tokens?: number | undefined; period: 'day' | 'week' | 'month' | 'total' };

async function checkBudget(store: GatewayStore, name: string, budget: KeyBudget): Promise<void> {
  const spent = await store.readSpend(name, budget.period);
  const over =
    budget.usd !== undefined && spent.usd >= budget.usd
      ? `$${budget.usd} (spent $${spent.usd.toFixed(4)})`
      : budget.tokens !== undefined && spent.tokens >= budget.tokens
        ? `${budget.tokens} tokens (spent ${spent.tokens})`
        : undefined;
  if (over === undefined) return;
  const resets =
    spent.resetsAt === undefined ? 'it does not reset' : `it resets at ${new Date(spent.resetsAt).toISOString()}`;
  throw new GatewayError({
    type: 'budget_exceeded',
    message: `The key "${name}" has spent its ${budget.period === 'total' ? 'total' : `${budget.period}'s`} budget of ${over}; ${resets}.`,
    retryAfterSeconds:
      spent.resetsAt === undefined ? undefined : Math.max(1, Math.ceil((spent.resetsAt - Date.now()) / 1000)),
  });
}

function limitError(name: string, buckets: BucketTake[], retryAfterMs: number, tooLarge: boolean, tokens: number) {
  const bucket = buckets.find((candidate) => candidate.name === name);
  const scope = name.slice(0, name.indexOf(':'));
  const owner = name.slice(scope.length + 1, name.lastIndexOf(':'));
  const unit = name.endsWith(':tpm') ? 'tokens' : 'requests';
  const whose = scope === 'key' ? `the key "${owner}"` : `the model "${owner}"`;
  const message = tooLarge
    ? `The request may use up to ${tokens} tokens (prompt estimate + max output tokens), more than the ${bucket?.limit} ${unit} per minute of ${whose}; lower max_tokens.`
    : `Rate limit of ${whose}: ${bucket?.limit} ${unit} per minute; retry in ${Math.ceil(retryAfterMs / 1000)} s.`;
  return new GatewayError({
    type: 'rate_limit',
    message,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}
