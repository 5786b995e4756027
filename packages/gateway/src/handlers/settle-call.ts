import type { Usage } from '@interlingua/core';
import type { Principal } from '../auth/create-authenticator';
import type { RequestRecord } from '../http/gateway-exchange';
import { settleReservation } from '../limits/admit-request';
import type { Candidate } from '../router/create-model-table';
import type { GatewayServices } from '../routes/gateway-route';
import type { BucketTake } from '../store/gateway-store';

/**
 * After a call: gives back the unused part of every tpm reservation (the key's, the model's and
 * the backend's), and adds the call's spend (USD when the price is known, and tokens) to the
 * key's budget period. Runs after the answer went out; a store failure is reported, not thrown.
 */
export function settleCall(
  services: GatewayServices,
  record: RequestRecord,
  principal: Principal,
  reserved: BucketTake[],
  candidate: Candidate | undefined,
  usage: Usage | undefined,
): void {
  const work = async () => {
    await settleReservation(services.store, { buckets: reserved }, usage);
    if (
      principal.kind !== 'key' ||
      principal.key.budget === undefined ||
      usage === undefined ||
      candidate === undefined
    ) {
      return;
    }
    const usd = services.costOf(candidate.backend, usage, candidate.price) ?? 0;
    await services.store.addSpend(principal.name, principal.key.budget.period, {
      usd,
      tokens: usage.inputTokens + usage.outputTokens,
    });
  };
  work().catch((error: unknown) => services.reportBackgroundError(error, record));
}
