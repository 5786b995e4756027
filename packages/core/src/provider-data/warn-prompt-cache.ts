import type { PromptCacheSettings } from '../ir/cache-breakpoint';
import type { Warning } from '../ir/warning';

/**
 * Warns that a provider has no field for `promptCache`: one warning per setting given, its feature
 * the setting's path (`promptCache.key`, `promptCache.retention`), so a reader — or the gateway's
 * log line — names exactly what was not sent. `advice` says what to use on that provider instead.
 */
export function warnPromptCache(
  promptCache: PromptCacheSettings | undefined,
  provider: string,
  advice: string,
  warnings: Warning[],
): void {
  if (promptCache === undefined) return;
  const given = (['key', 'retention'] as const).filter((field) => promptCache[field] !== undefined);
  for (const field of given.length === 0 ? (['key'] as const) : given) {
    warnings.push({
      type: 'unsupported',
      feature: `promptCache.${field}`,
      message: `${provider} has no prompt cache ${field} setting; it was not sent. ${advice}`,
    });
  }
}
