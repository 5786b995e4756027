import type { Warning } from '../ir/warning';
import { describeJSONKind } from '../json/find-json-value-issue';

/**
 * Reads one token count of a provider's usage report for the IR, whose counts are
 * non-negative safe integers. An absent count (`undefined` or `null`) is `undefined`. A count
 * that is anything else — `1.5`, `-5`, `1e308`, `"12"`, an object — is dropped: `undefined`,
 * with a warning naming `field` (the wire field, e.g. `usage.prompt_tokens`), so that a
 * response is never lost over a bad count and a bad count never reaches a bill.
 *
 * @example
 * const warnings: Warning[] = [];
 * readTokenCount(12, 'usage.input_tokens', warnings); // 12
 * readTokenCount(1.5, 'usage.input_tokens', warnings); // undefined, and one warning
 */
export function readTokenCount(value: unknown, field: string, warnings: Warning[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  warnings.push({
    type: 'other',
    feature: field,
    message: `Expected ${field} to be a non-negative integer token count, got ${describeCount(value)}; it was left out.`,
  });
  return undefined;
}

/**
 * Reads several token counts out of a provider's `usage` object with {@link readTokenCount}:
 * `fields` are dotted paths into it (`prompt_tokens_details.cached_tokens`). A `usage`, or an
 * object on the way, that is present but not an object is left out with a warning too. Absent
 * and dropped counts are missing from the result.
 *
 * @example
 * readTokenCounts({ prompt_tokens: 5, completion_tokens: -1 }, ['prompt_tokens', 'completion_tokens'], warnings);
 * // { prompt_tokens: 5 }, and a warning for usage.completion_tokens
 */
export function readTokenCounts<F extends string>(
  usage: unknown,
  fields: readonly F[],
  warnings: Warning[],
  root = 'usage',
): Partial<Record<F, number>> {
  const counts: Partial<Record<F, number>> = {};
  // Paths are built only for a warning: this runs on every response.
  let reported: Set<string> | undefined;
  for (const field of fields) {
    const segments = segmentsOf(field);
    let value: unknown = usage;
    for (let depth = 0; depth < segments.length; depth++) {
      if (value === undefined || value === null) break;
      if (typeof value !== 'object' || Array.isArray(value)) {
        const path = depth === 0 ? root : `${root}.${segments.slice(0, depth).join('.')}`;
        reported ??= new Set();
        if (!reported.has(path)) {
          reported.add(path);
          warnings.push({
            type: 'other',
            feature: path,
            message: `Expected ${path} to be an object of token counts, got ${describeJSONKind(value)}; it was left out.`,
          });
        }
        value = undefined;
        break;
      }
      const segment = segments[depth] as string;
      value = Object.hasOwn(value, segment) ? (value as Record<string, unknown>)[segment] : undefined;
    }
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
      counts[field] = value;
      continue;
    }
    const count = readTokenCount(value, `${root}.${field}`, warnings);
    if (count !== undefined) counts[field] = count;
  }
  return counts;
}

// Fields are the few constants of each provider's usage shape: split once each (a bounded cache,
// should a caller pass names of its own making).
const segmentCache = new Map<string, readonly string[]>();

function segmentsOf(field: string): readonly string[] {
  let segments = segmentCache.get(field);
  if (segments === undefined) {
    segments = field.split('.');
    if (segmentCache.size < 256) segmentCache.set(field, segments);
  }
  return segments;
}

/**
 * Adds token counts (absent ones count zero) for an IR total such as Anthropic's `inputTokens`
 * (input + cache read + cache write). A sum past `Number.MAX_SAFE_INTEGER` is no count: `0`,
 * with a warning naming `field`.
 */
export function sumTokenCounts(counts: readonly (number | undefined)[], field: string, warnings: Warning[]): number {
  let sum = 0;
  for (const count of counts) sum += count ?? 0;
  if (Number.isSafeInteger(sum)) return sum;
  warnings.push({
    type: 'other',
    feature: field,
    message: `Expected the token counts that make up ${field} to add up to a safe integer; it counts zero.`,
  });
  return 0;
}

function describeCount(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : describeJSONKind(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return describeJSONKind(value);
}
