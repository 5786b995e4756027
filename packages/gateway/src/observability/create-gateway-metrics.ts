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
  /** Connections closed on arrival because `http.maxConnections` were open. */
  readonly connectionsDropped: Counter;
  /** The text format `GET /metrics` answers with. */
  render(): Promise<string>;
};

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const OVERHEAD_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

/** What {@link createGatewayMetrics} needs to keep its labels bounded. */
export type GatewayMetricsSettings = {
  /** The configured model names: label values as they are. */
  models?: Iterable<string>;
  /** The configured backends (`provider:model`, fallbacks included): label values as they are. */
  backends?: Iterable<string>;
  /** How many ad-hoc `provider:model` models are kept made now (`allowProviderModels`). */
  providerModels?: () => number;
};

// Distinct `provider:*` labels at most: a resolver that accepts any provider still cannot grow `/metrics`.
const MAX_PROVIDER_LABELS = 64;
const providerPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/**
 * Creates the gateway's metrics (all prefixed `interlingua_gateway_`): requests by route,
 * format, model and status; tokens by model, backend and kind (input, output, cached,
 * reasoning), and the part of them the gateway estimated (calls the client left); errors by type; latency and overhead histograms; retries, fallbacks, requests in
 * flight. Labels hold configured model names and backends only, never keys (a key's name is
 * not a label either: the log line has it): a name a caller chose (`allowProviderModels`) is
 * counted under its provider, `openai:*`, so what callers send cannot grow `/metrics`.
 */
export function createGatewayMetrics(settings: GatewayMetricsSettings = {}): GatewayMetrics {
  const registry = new Registry();
  const models = new Set(settings.models ?? []);
  const backends = new Set(settings.backends ?? []);
  const providers = new Set<string>();
  // A caller's `provider:model` as a label: its provider only, from a bounded set.
  const adHoc = (name: string): string => {
    const provider = name.slice(0, Math.max(0, name.indexOf(':')));
    if (!providerPattern.test(provider)) return 'other';
    if (!providers.has(provider)) {
      if (providers.size >= MAX_PROVIDER_LABELS) return 'other';
      providers.add(provider);
    }
    return `${provider}:*`;
  };
  const modelLabel = (name: string): string => (models.has(name) ? name : adHoc(name));
  const backendLabel = (backend: string): string => (backends.has(backend) ? backend : adHoc(backend));
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
  const estimatedTokens = new Counter({
    name: 'interlingua_gateway_estimated_tokens_total',
    help: 'The part of interlingua_gateway_tokens_total the gateway estimated: calls that ended before the backend reported their usage (a client that left), by model name, backend and kind (input, output).',
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

  const connectionsDropped = new Counter({
    name: 'interlingua_gateway_connections_dropped_total',
    help: 'Connections closed on arrival because http.maxConnections were open.',
    registers: [registry],
  });
  const providerModels = settings.providerModels;
  if (providerModels !== undefined) {
    new Gauge({
      name: 'interlingua_gateway_provider_models',
      help: 'Ad-hoc provider:model models kept made (allowProviderModels), at most limits.maxProviderModels.',
      registers: [registry],
      collect() {
        this.set(providerModels());
      },
    });
  }

  return {
    registry,
    inFlight,
    connectionsDropped,
    observe(record, outcome) {
      const route = record.route ?? 'unknown';
      const model = record.backend === undefined || record.model === undefined ? 'unknown' : modelLabel(record.model);
      requests.inc({ route, format: record.format ?? 'unknown', model, status: String(outcome.status) });
      latency.observe({ route, stream: String(record.stream) }, outcome.durationMs / 1000);
      overhead.observe({ route }, outcome.overheadMs / 1000);
      if (record.error !== undefined) errors.inc({ format: record.format ?? 'unknown', type: record.error.type });
      if (record.retries > 0) retries.inc({ model }, record.retries);
      if (record.fallback !== undefined) fallbacks.inc({ model, backend: backendLabel(record.fallback) });
      const usage = record.usage;
      if (usage !== undefined && record.backend !== undefined) {
        const backend = backendLabel(record.backend);
        tokens.inc({ model, backend, kind: 'input' }, usage.inputTokens);
        tokens.inc({ model, backend, kind: 'output' }, usage.outputTokens);
        if (usage.cachedInputTokens) tokens.inc({ model, backend, kind: 'cached' }, usage.cachedInputTokens);
        if (usage.reasoningTokens) tokens.inc({ model, backend, kind: 'reasoning' }, usage.reasoningTokens);
        if (record.usageEstimated) {
          estimatedTokens.inc({ model, backend, kind: 'input' }, usage.inputTokens);
          estimatedTokens.inc({ model, backend, kind: 'output' }, usage.outputTokens);
        }
      }
    },
    render: () => registry.metrics(),
  };
}
