import type { Logger } from 'pino';
import type { RequestOutcome } from '../http/create-node-listener';
import type { RequestRecord } from '../http/gateway-exchange';

/**
 * Writes the one JSON line of a request: its id, the key's name (never the key), the inbound
 * format, the model name and the backend that answered, the status, tokens in/out/cached/
 * reasoning, latency and overhead, retries, the fallback used, warnings and the error.
 */
export function logRequest(logger: Logger, record: RequestRecord, outcome: RequestOutcome): void {
  const usage = record.usage;
  const level = outcome.status >= 500 ? 'error' : outcome.status >= 400 ? 'warn' : 'info';
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
      latencyMs: round(outcome.durationMs),
      overheadMs: round(outcome.overheadMs),
      upstreamMs: round(record.upstreamMs),
      firstByteMs: record.firstByteMs === undefined ? undefined : round(record.firstByteMs),
      retries: record.retries,
      fallback: record.fallback,
      warnings: record.warnings.length === 0 ? undefined : record.warnings,
      error: record.error,
    },
    'request',
  );
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
