import type { Warning } from '../ir/warning';

/**
 * Picks which of a request's prompt-cache breakpoints a provider that allows at most `max` gets,
 * and returns the others, to be left out. `marks` are in prompt order (tools, system, messages).
 * The first `max - 1` stay (the stable prefix: tools and system, which every later turn reuses)
 * and so does the last (the newest turn, where the next request's cache read starts); the ones
 * between are dropped, each with a warning naming where it was.
 */
export function limitCacheBreakpoints<T extends { path: string }>(
  marks: readonly T[],
  max: number,
  provider: string,
  warnings: Warning[],
): T[] {
  if (marks.length <= max) return [];
  const dropped = marks.slice(Math.max(0, max - 1), marks.length - 1);
  for (const mark of dropped) {
    warnings.push({
      type: 'unsupported',
      feature: `${mark.path}.cacheBreakpoint`,
      message: `${provider} allows at most ${max} prompt-cache breakpoints in a request, and this one has ${marks.length}; the breakpoint at ${mark.path} was not sent (the first ${max - 1} and the last were).`,
    });
  }
  return dropped;
}
