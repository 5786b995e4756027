import type { ProviderOptions } from '../ir/json-value';
import type { Warning } from '../ir/warning';

/** What {@link warnForeignOptions} skips and how it words its warnings. */
export type ForeignOptionsOptions = {
  /** The codec's provider key: `providerOptions[provider]` is its own, not foreign. */
  provider: string;
  /** The wire format, as messages name it: `Chat Completions`, `Anthropic`, `Gemini`. */
  format: string;
  /** Whether the codec carried this foreign option in its own terms (it mapped it to an equivalent). */
  carried?: (key: string, field: string) => boolean;
  /**
   * Foreign options (`<key>.<field>`) the codec left out because its own option of the same
   * meaning says otherwise (its own wins): each is a warning saying so.
   */
  conflicts?: ReadonlySet<string>;
  /** A message of the codec's own for an option it knows it cannot honour; the generic one otherwise. */
  explain?: (key: string, field: string) => string | undefined;
};

/**
 * Warns about every option of another provider in a request's `providerOptions` that the codec
 * did not carry, one `unsupported` warning per field (`feature`: `providerOptions.<key>.<field>`).
 * Such options arrive when a request decoded from one provider's body (the gateway, `interlingua
 * translate`: `parallel_tool_calls`, `response_format`, `logprobs` land in `providerOptions.openai`)
 * is sent to another: a codec maps what has an equivalent (it reports those through `carried`)
 * and every other field becomes a warning, never a silent drop. Where the codec's own option
 * of the same meaning disagrees with a foreign one, its own wins and the foreign one is a
 * warning (`conflicts`).
 *
 * Pairs with {@link warnForeignMetadata}, the same rule for the data riding on parts.
 *
 * @example
 * warnForeignOptions(request.providerOptions, { provider: 'gemini', format: 'Gemini' }, warnings);
 */
export function warnForeignOptions(
  providerOptions: ProviderOptions | undefined,
  options: ForeignOptionsOptions,
  warnings: Warning[],
): void {
  if (providerOptions === undefined) return;
  for (const key of Object.keys(providerOptions)) {
    if (key === options.provider) continue;
    for (const field of Object.keys(providerOptions[key] ?? {})) {
      if (options.conflicts?.has(`${key}.${field}`) === true) {
        warnings.push({
          type: 'unsupported',
          feature: `providerOptions.${key}.${field}`,
          message: `${key}'s \`${field}\` disagrees with the ${options.format} option of the same meaning in providerOptions.${options.provider}; that one was sent.`,
        });
        continue;
      }
      if (options.carried?.(key, field) === true) continue;
      warnings.push({
        type: 'unsupported',
        feature: `providerOptions.${key}.${field}`,
        message:
          options.explain?.(key, field) ??
          `${options.format} has no equivalent of the ${key} option \`${field}\`; it was not sent.`,
      });
    }
  }
}
