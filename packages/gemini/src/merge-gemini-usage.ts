/**
 * Adds the `usageMetadata` of one more request to the usage of the ones before it, as
 * `@google/genai` does across the hops of an automatically continued stream: every count is
 * summed, the per-modality lists (`promptTokensDetails`, …) by modality, nested objects field by
 * field; a field only one side has is kept; anything else is the later one's. A `__proto__` key
 * of the later usage is ignored; objects nested deeper than four levels are not merged (the later wins).
 */
export function mergeGeminiUsage(before: unknown, next: unknown, depth = 0): unknown {
  // Usage nests two levels; deeper (hostile) nesting is taken as the later one's, never recursed into.
  if (!isRecord(before) || !isRecord(next) || depth > MAX_DEPTH) return next ?? before;
  const merged: Record<string, unknown> = { ...before };
  for (const key of Object.keys(next)) {
    const earlier = before[key];
    const later = next[key];
    // Never a key that would set the prototype (the counts come from outside).
    if (later === undefined || later === null || key === '__proto__') continue;
    if (earlier === undefined || earlier === null) merged[key] = later;
    else if (typeof earlier === 'number' && typeof later === 'number') merged[key] = earlier + later;
    else if (Array.isArray(earlier) && Array.isArray(later)) merged[key] = mergeLists(key, earlier, later);
    else if (isRecord(earlier) && isRecord(later)) merged[key] = mergeGeminiUsage(earlier, later, depth + 1);
    else merged[key] = later;
  }
  return merged;
}

const MAX_DEPTH = 4;

function mergeLists(key: string, earlier: unknown[], later: unknown[]): unknown[] {
  const byModality = key.endsWith('TokensDetails') || hasModality(earlier[0]) || hasModality(later[0]);
  if (!byModality) return [...earlier, ...later];
  const counts = new Map<unknown, number>();
  for (const item of [...earlier, ...later]) {
    if (!isRecord(item)) continue;
    const count = typeof item.tokenCount === 'number' ? item.tokenCount : 0;
    counts.set(item.modality, (counts.get(item.modality) ?? 0) + count);
  }
  return [...counts].map(([modality, tokenCount]) => ({ modality, tokenCount }));
}

function hasModality(item: unknown): boolean {
  return isRecord(item) && 'modality' in item;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
