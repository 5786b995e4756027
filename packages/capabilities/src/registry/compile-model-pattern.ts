/** A compiled `provider:model` glob: a case-insensitive matcher and its specificity. */
export type ModelPattern = {
  /** The pattern as written. */
  readonly source: string;
  /** The number of literal (non-`*`) characters: more is more specific. */
  readonly specificity: number;
  /** Whether `id` (`provider:model`) matches. */
  test(id: string): boolean;
};

/**
 * Compiles a glob over `provider:model` ids. `*` matches any run of characters, everything
 * else is literal and case-insensitive; a pattern without a colon applies to every provider.
 */
export function compileModelPattern(pattern: string): ModelPattern {
  const full = pattern.includes(':') ? pattern : `*:${pattern}`;
  const body = full
    .split('*')
    .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${body}$`, 'i');
  return {
    source: pattern,
    specificity: full.replaceAll('*', '').length,
    test: (id) => regex.test(id),
  };
}
