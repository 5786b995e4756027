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
    let value: unknown = usage;
    let start = 0;
    while (start <= field.length) {
      if (value === undefined || value === null) break;
      const dot = field.indexOf('.', start);
      const end = dot === -1 ? field.length : dot;
      if (typeof value !== 'object' || Array.isArray(value)) {
        const path = start === 0 ? root : `${root}.${field.slice(0, start - 1)}`;
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
      const segment = field.slice(start, end);
      value = Object.hasOwn(value, segment) ? (value as Record<string, unknown>)[segment] : undefined;
      start = end + 1;
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
