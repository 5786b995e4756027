import type { RouteHandler } from '../routes/gateway-route';

/** `GET /healthz`: 200 while the process serves at all. */
export const healthHandler: RouteHandler = async () => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: '{"status":"ok"}',
});

/** `GET /readyz`: 200 when taking requests, 503 once shutdown began (so a load balancer moves on). */
export const readyHandler: RouteHandler = async (services) => ({
  status: services.draining ? 503 : 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ready: !services.draining }),
});

/** `GET /metrics`: the Prometheus text format. */
export const metricsHandler: RouteHandler = async (services) => ({
  status: 200,
  headers: { 'content-type': services.metrics.registry.contentType },
  body: await services.metrics.render(),
});
