import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestOutcome } from '../http/create-node-listener';
import type { RequestRecord } from '../http/gateway-exchange';

/** The gateway's Prometheus metrics, in a registry of their own (several gateways may share a process). */
export type GatewayMetrics = {
  readonly registry: Registry;
  /** Counts one finished request. */
  observe(record: RequestRecord, outcome: RequestOutcome): void;
  /** Requests in flight (incremented and decremented by the gateway). */
  readonly inFlight: Gauge;
  /** The text format `GET /metrics` answers with. */
  render(): Promise<string>;
};

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const OVERHEAD_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

/**
 * Creates the gateway's metrics (all prefixed `interlingua_gateway_`): requests by route,
 * format, model and status; tokens by model, backend and kind (input, output, cached,
 * reasoning); errors by type; latency and overhead histograms; retries, fallbacks, requests in
 * flight. Labels hold configured model names and backends only, never keys (a key's name is
 * not a label either: the log line has it).
 */
export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'interlingua_gateway_requests_total',
    help: 'Requests answered, by route, inbound format, model name and HTTP status.',
    labelNames: ['route', 'format', 'model', 'status'] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'interlingua_gateway_tokens_total',
    help: 'Tokens reported by backends, by model name, backend and kind (input, output, cached, reasoning).',
    labelNames: ['model', 'backend', 'kind'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'interlingua_gateway_errors_total',
    help: 'Requests answered with an error (or a stream ended by one), by inbound format and error type.',
    labelNames: ['format', 'type'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'interlingua_gateway_request_duration_seconds',
    help: 'Time from the request to the last byte of the answer.',
    labelNames: ['route', 'stream'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const overhead = new Histogram({
    name: 'interlingua_gateway_overhead_seconds',
    help: 'Time spent in the gateway itself: the request duration less the backend and the client waits.',
    labelNames: ['route'] as const,
    buckets: OVERHEAD_BUCKETS,
    registers: [registry],
  });
  const retries = new Counter({
    name: 'interlingua_gateway_retries_total',
    help: 'Retries of a backend after a retryable failure.',
    labelNames: ['model'] as const,
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'interlingua_gateway_fallbacks_total',
    help: 'Requests answered by a fallback backend, by model name and the backend that answered.',
    labelNames: ['model', 'backend'] as const,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'interlingua_gateway_requests_in_flight',
    help: 'Requests being served now.',
    registers: [registry],
  });

  return {
    registry,
    inFlight,
    observe(record, outcome) {
      const route = record.route ?? 'unknown';
      const model = record.backend === undefined ? 'unknown' : (record.model ?? 'unknown');
      requests.inc({ route, format: record.format ?? 'unknown', model, status: String(outcome.status) });
      latency.observe({ route, stream: String(record.stream) }, outcome.durationMs / 1000);
      overhead.observe({ route }, outcome.overheadMs / 1000);
      if (record.error !== undefined) errors.inc({ format: record.format ?? 'unknown', type: record.error.type });
      if (record.retries > 0) retries.inc({ model }, record.retries);
      if (record.fallback !== undefined) fallbacks.inc({ model, backend: record.fallback });
      const usage = record.usage;
      if (usage !== undefined && record.backend !== undefined) {
        const backend = record.backend;
        tokens.inc({ model, backend, kind: 'input' }, usage.inputTokens);
        tokens.inc({ model, backend, kind: 'output' }, usage.outputTokens);
        if (usage.cachedInputTokens) tokens.inc({ model, backend, kind: 'cached' }, usage.cachedInputTokens);
        if (usage.reasoningTokens) tokens.inc({ model, backend, kind: 'reasoning' }, usage.reasoningTokens);
      }
    },
    render: () => registry.metrics(),
  };
}
