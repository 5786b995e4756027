import type { AggregatorContext } from './aggregator-context';

const MODERN = '2026-07-28';

// Result fields the 2026-07-28 revision added (caching hints, the result discriminator).
const MODERN_RESULT_FIELDS = ['ttlMs', 'cacheScope', 'resultType'] as const;
// The upstream's own identity: the client talks to the aggregator, which states its own.
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
// `_meta` keys only a 2026-07-28 result carries.
const MODERN_META_KEYS = [SERVER_INFO_KEY, 'io.modelcontextprotocol/subscriptionId'] as const;

/** Whether the client of the request being served speaks a revision before 2026-07-28. */
export function servesLegacyClient(context: AggregatorContext): boolean {
  const version = context.server.getNegotiatedProtocolVersion();
  return version !== undefined && version < MODERN;
}

/**
 * An upstream's complete result as the aggregator's client may receive it: never the upstream's
 * `serverInfo` in `_meta`; for a 2025-era client, none of the fields and `_meta` keys of
 * 2026-07-28 (`ttlMs`, `cacheScope`, `resultType`, …), which its revision does not define. An
 * `input_required` result is left whole: the SDK turns it into requests for a 2025-era client.
 */
export function fitResultToCaller<T>(context: AggregatorContext, result: T): T {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return result;
  const record = result as Record<string, unknown>;
  if (record.resultType === 'input_required') return result;
  const legacy = servesLegacyClient(context);
  const fitted: Record<string, unknown> = { ...record };
  if (legacy) for (const field of MODERN_RESULT_FIELDS) delete fitted[field];
  const meta = record._meta;
  if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) {
    const kept: Record<string, unknown> = { ...(meta as Record<string, unknown>) };
    for (const key of legacy ? MODERN_META_KEYS : [SERVER_INFO_KEY]) delete kept[key];
    if (Object.keys(kept).length === 0) delete fitted._meta;
    else fitted._meta = kept;
  }
  return fitted as T;
}
