import { InvalidSettingError } from '../errors/invalid-setting-error';
import { findClosestMatch } from '../text/find-closest-match';

/**
 * Throws an `InvalidSettingError` for the first key of `settings` that is not in `known`,
 * naming `where` (the factory) and the nearest known setting (`baseUrl` → `baseURL`), so a misspelt
 * option fails at once instead of being ignored. Every `create*` provider factory calls it.
 *
 * @example
 * ```ts
 * import { rejectUnknownSettings } from '@interlingua/core';
 *
 * rejectUnknownSettings({ baseUrl: 'http://localhost' }, ['apiKey', 'baseURL'], 'createMyProvider()');
 * // InvalidSettingError: createMyProvider() has no setting `baseUrl`; did you mean `baseURL`? …
 * ```
 */
export function rejectUnknownSettings(settings: object, known: readonly string[], where: string): void {
  for (const key of Object.keys(settings)) {
    if (known.includes(key)) continue;
    const nearest = findClosestMatch(key, known);
    throw new InvalidSettingError({
      message: `${where} has no setting \`${key}\`${nearest === undefined ? '.' : `; did you mean \`${nearest}\`?`} Expected one of: ${known.join(', ')}.`,
      path: [key],
    });
  }
}
