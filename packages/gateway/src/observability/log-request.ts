import type { Logger } from 'pino';
import type { RequestOutcome } from '../http/create-node-listener';
import type { RequestRecord } from '../http/gateway-exchange';

/**
 * Writes the one JSON line of a request: its id, the key's name (never the key), the inbound
 * format, the model name asked for, the backend that answered and the model its answer named,
 * the status, whether the client left (`aborted`), tokens in/out/cached/reasoning — with
 * `estimated: true` when they are the gateway's estimate (a call that ended before the
 * backend's count) — the cost in USD (`'unknown'` when the backend has no known price), latency
 * and overhead, retries, the fallback used, warnings, a budget warning and the error. A request
 * that a `usd` budget could not count is logged at `warn` at least. Written once per request,
 * after the call was settled; the record's caller-chosen fields are redacted before.
 */
export function logRequest(logger: Logger, record: RequestRecord, outcome: RequestOutcome): void {
  const usage = record.usage;
  const level =
    outcome.status >= 500 ? 'error' : outcome.status >= 400 || record.budgetWarning !== undefined ? 'warn' : 'info';
  logger[level](
    {
      id: record.id,
      method: record.method,
      path: record.path,
      route: record.route,
      key: record.key,
      format: record.format,
      model: record.model,
      backend: record.backend,
      backendModel: record.backendModel,
      stream: record.stream,
      status: outcome.status,
      aborted: outcome.aborted || undefined,
      tokens:
        usage === undefined
          ? undefined
          : {
              input: usage.inputTokens,
              output: usage.outputTokens,
              cached: usage.cachedInputTokens ?? 0,
              reasoning: usage.reasoningTokens ?? 0,
            },
      estimated: record.usageEstimated || undefined,
      cost: record.cost,
      latencyMs: round(outcome.durationMs),
      overheadMs: round(outcome.overheadMs),
      upstreamMs: round(record.upstreamMs),
      firstByteMs: record.firstByteMs === undefined ? undefined : round(record.firstByteMs),
      retries: record.retries,
      fallback: record.fallback,
      warnings: record.warnings.length === 0 ? undefined : record.warnings,
      budgetWarning: record.budgetWarning,
      error: record.error,
    },
    'request',
  );
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
