import type { Usage } from '@interlingua/core';
import type { Principal } from '../auth/create-authenticator';
import type { RequestRecord } from '../http/gateway-exchange';
import { settleReservation } from '../limits/admit-request';
import type { Candidate } from '../router/create-model-table';
import type { BucketTake } from '../store/gateway-store';
import type { GatewayServices } from './route-handler';

/**
 * After a call: prices it (`record.cost`, USD or `'unknown'`), settles every tpm reservation
 * (the key's, the model's and the backend's) with the usage, and adds the call's spend to the
 * key's budget period. `usage` is what the call cost — the backend's count, or the gateway's
 * estimate for a call the client left (see `estimateUnfinishedUsage`); `undefined` only for a
 * call that failed, whose reservation goes back whole. A call whose backend has no known price
 * is not free: it is counted in tokens, and `record.budgetWarning` says the key's `usd` budget
 * could not count it (the start-up log warned of it too). The store writes run after the answer
 * went out, as `record.settled` (the log line waits for it); a store failure is reported, not thrown.
 */
export function settleCall(
  services: Pick<GatewayServices, 'store' | 'pricer' | 'reportBackgroundError'>,
  record: RequestRecord,
  principal: Principal,
  reserved: BucketTake[],
  candidate: Candidate | undefined,
  usage: Usage | undefined,
): void {
  const cost = usage === undefined || candidate === undefined ? undefined : services.pricer.costOf(candidate, usage);
  record.cost = cost;
  const budget = principal.kind === 'key' ? principal.key.budget : undefined;
  if (cost === 'unknown' && budget?.usd !== undefined && candidate !== undefined) {
    record.budgetWarning = `${candidate.backend} has no known price: this call was not counted against the $${budget.usd} budget of key "${principal.name}" (its tokens were). Set models.*.price for it.`;
  }
  const spends = principal.kind === 'key' && budget !== undefined && usage !== undefined && cost !== undefined;
  // Nothing reserved, no budget to count: no store write, no promise for the log line to wait on.
  if (reserved.length === 0 && !spends) return;
  const work = async () => {
    await settleReservation(services.store, { buckets: reserved }, usage);
    if (!spends) return;
    await services.store.addSpend(principal.name, budget.period, {
      usd: cost === 'unknown' ? 0 : cost,
      tokens: usage.inputTokens + usage.outputTokens,
    });
  };
  record.settled = work().catch((error: unknown) => services.reportBackgroundError(error, record));
}
