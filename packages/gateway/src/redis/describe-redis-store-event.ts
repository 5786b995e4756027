import type { StoreEpochEvent } from './store-epoch';
import type { StoreUnavailablePolicy } from './store-unavailable';

/** What the Redis store reports: its connection going and coming back, operations served fail-open, and its data lost or back. */
export type RedisStoreEvent =
  | { type: 'unavailable'; reason: string; policy: StoreUnavailablePolicy }
  | { type: 'recovered' }
  | { type: 'served-open'; operation: string; reason: string }
  | StoreEpochEvent;

/** The store events' default handler: a line on stderr per outage, recovery and loss of data. */
export function defaultOnEvent(event: RedisStoreEvent): void {
  if (event.type === 'served-open') return;
  process.stderr.write(`interlingua gateway: ${describeRedisStoreEvent(event)}\n`);
}

/** A sentence for a store event, as the default handler and the CLI's log line say it. */
export function describeRedisStoreEvent(event: RedisStoreEvent): string {
  switch (event.type) {
    case 'unavailable':
      return `Redis is unavailable (${event.reason}); ${event.policy === 'fail-closed' ? 'refusing requests (fail-closed)' : 'serving without shared limits (fail-open)'} until it returns.`;
    case 'recovered':
      return 'Redis is back; shared limits apply again.';
    case 'served-open':
      return `served ${event.operation} without the shared store (${event.reason}).`;
    case 'data-lost':
      return `Redis lost its data (the store epoch is gone: a restart without persistence, a flush, a failover to an empty server). Keys created through the admin routes are refused${event.knewData ? '; revocations this replica saw stay in force' : ', and so is every key on this replica, which never saw the data'}. Restore Redis's data, or re-initialize the store with POST /admin/store/reinitialize (master key); see docs/gateway-scale.md.`;
    case 'data-restored':
      return `Redis holds the store's data again; ${event.revocationsWrittenBack} remembered revocations written back.`;
    case 'reinitialized':
      return `The store was re-initialized by the operator; ${event.revocationsWrittenBack} remembered revocations written back. Keys created before the loss are gone.`;
  }
}
