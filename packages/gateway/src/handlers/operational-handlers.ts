import type { RouteHandler } from './route-handler';

/** `GET /healthz`: 200 while the process serves at all. */
export const healthHandler: RouteHandler = async () => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: '{"status":"ok"}',
});

/**
 * `GET /readyz`: 200 when taking requests; 503 once shutdown began, or while a shared store that
 * refuses requests without it (fail-closed) cannot be reached, or on a replica that started after
 * the store lost its data (it refuses every key) — so a load balancer moves on. The body says
 * which: `{"ready":false,"draining":false,"store":{"available":false,"reason":"…"}}`, and
 * `"dataLost":true` while the store's data is lost.
 */
export const readyHandler: RouteHandler = async (services) => {
  const store = services.store.health?.();
  const ready = !services.draining && store?.refusing !== true;
  const body: Record<string, unknown> = { ready, draining: services.draining };
  if (store !== undefined)
    body.store = {
      available: store.available,
      ...(store.reason === undefined ? {} : { reason: services.redact(store.reason) }),
      // The store lost its data: created keys are refused until the operator acts (docs/decisions/014-store-epoch.md).
      ...(store.dataLost === true ? { dataLost: true } : {}),
    };
  return { status: ready ? 200 : 503, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
};

/** `GET /metrics`: the Prometheus text format. */
export const metricsHandler: RouteHandler = async (services) => ({
  status: 200,
  headers: { 'content-type': services.metrics.registry.contentType },
  body: await services.metrics.render(),
});
