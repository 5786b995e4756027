import { type DestinationStream, type Logger, pino } from 'pino';
import type { RequestOutcome } from '../http/create-node-listener';
import type { RequestRecord } from '../http/gateway-exchange';

/** Writes the one log line of a finished request (see {@link createRequestLog}). */
export type RequestLog = (record: RequestRecord, outcome: RequestOutcome) => void;

type Level = 'info' | 'warn' | 'error';
const LEVEL_NUMBERS: Record<Level, number> = { info: 30, warn: 40, error: 50 };

/**
 * Makes the writer of a request's one JSON line: its id, the key's name (never the key), the
 * inbound format, the model name asked for, the backend that answered and the model its answer
 * named, the status, whether the client left (`aborted`), tokens in/out/cached/reasoning — with
 * `estimated: true` when they are the gateway's estimate (a call that ended before the
 * backend's count) — the cost in USD (`'unknown'` when the backend has no known price), latency
 * and overhead, retries, the fallback used, warnings, a budget warning and the error. A request
 * that a `usd` budget could not count is logged at `warn` at least. Written once per request,
 * after the call was settled; the record's caller-chosen fields are redacted before.
 *
 * The line is the one `logger` would write (`{"level":…,"time":"<ISO>",…,"msg":"request"}`,
 * byte for byte, at the logger's level of the moment), made with one `JSON.stringify` and
 * written to `destination` itself: pino's own serialisation walks the object key by key and
 * formats a new ISO timestamp per line, ~3 times the cost on a gateway's hot path (issue 33).
 * A destination that asks pino for the line's metadata (`pino.multistream`) gets it through
 * `logger`, as before.
 */
export function createRequestLog(logger: Logger, destination: DestinationStream | undefined): RequestLog {
  if (
    destination === undefined ||
    (destination as unknown as Record<symbol, unknown>)[pino.symbols.needsMetadataGsym] === true
  ) {
    return (record, outcome) => {
      const level = levelOf(record, outcome);
      if (logger.isLevelEnabled(level)) logger[level](fieldsOf(record, outcome), 'request');
    };
  }
  let clockMs = Number.NaN;
  let clockText = '';
  return (record, outcome) => {
    const level = levelOf(record, outcome);
    if (!logger.isLevelEnabled(level)) return;
    // pino's `isoTime`, made once per millisecond instead of once per line.
    const now = Date.now();
    if (now !== clockMs) {
      clockMs = now;
      clockText = new Date(now).toISOString();
    }
    const values = fieldsOf(record, outcome);
    let fields: string;
    try {
      fields = JSON.stringify(values);
    } catch {
      // A value JSON cannot hold (never made by the gateway): pino's safe serialisation has it.
      logger[level](values, 'request');
      return;
    }
    // The record's fields are never empty (id, method, path), so the object's `{…}` opens on a field.
    destination.write(
      `{"level":${LEVEL_NUMBERS[level]},"time":"${clockText}",${fields.slice(1, -1)},"msg":"request"}\n`,
    );
  };
}

function levelOf(record: RequestRecord, outcome: RequestOutcome): Level {
  return outcome.status >= 500
    ? 'error'
    : outcome.status >= 400 || record.budgetWarning !== undefined
      ? 'warn'
      : 'info';
}

function fieldsOf(record: RequestRecord, outcome: RequestOutcome) {
  const usage = record.usage;
  return {
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
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
