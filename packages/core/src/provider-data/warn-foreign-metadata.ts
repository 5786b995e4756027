import type { ProviderMetadata } from '../ir/json-value';
import type { Warning } from '../ir/warning';

/** Where {@link warnForeignMetadata} looks and how it names what it found. */
export type ForeignMetadataOptions = {
  /** The codec's provider key (`openai`, `anthropic`, `gemini`): its own data is not foreign. */
  provider: string;
  /** The wire format, as messages name it: `Chat Completions`, `Anthropic`, `Gemini`. */
  format: string;
  /** The part's place, the start of each warning's `feature` (`tool-call`, `messages[2].content[0]`). */
  at: string;
};

/**
 * Warns about the data other providers attached to a part (`providerMetadata` under a key that is
 * not `options.provider`): it rides there to be echoed back to that provider only, and the target
 * format has no field for it, so it is not sent — said once per provider key, naming its fields,
 * rather than dropped silently. A field whose value is the tool call's own `id` (how a provider
 * records that it issued the id) is not warned about: the id itself is sent.
 *
 * Pairs with {@link warnForeignOptions}, the same rule for a request's `providerOptions`.
 *
 * @example
 * for (const part of message.content) warnForeignMetadata(part, { provider: 'openai', format: 'Chat Completions', at: part.type }, warnings);
 */
export function warnForeignMetadata(
  part: { type: string; id?: string; providerMetadata?: ProviderMetadata | undefined },
  options: ForeignMetadataOptions,
  warnings: Warning[],
): void {
  const metadata = part.providerMetadata;
  if (metadata === undefined) return;
  for (const key of Object.keys(metadata)) {
    if (key === options.provider) continue;
    const data = metadata[key] ?? {};
    const fields = Object.keys(data).filter((field) => !(part.type === 'tool-call' && data[field] === part.id));
    if (fields.length === 0) continue;
    warnings.push({
      type: 'unsupported',
      feature: `${options.at}.providerMetadata.${key}`,
      message: `${options.format} has no field for ${key} data (${fields.join(', ')}) on a ${part.type} part; it was not sent.`,
    });
  }
}
