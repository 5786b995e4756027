import { createRedactor, REDACTED } from '@interlingua/core/adapter';
import type { GatewayConfig } from '../config/gateway-config-schema';
import { hashGatewayKey } from './create-authenticator';

// Header names of a provider's `headers` whose values are credentials.
const CREDENTIAL_HEADER = /auth|key|token|secret|cookie/i;
// A key minted by `POST /admin/keys` (`il-` and 24 random bytes in base64url).
const MINTED_KEY = /(?<![A-Za-z0-9_-])il-[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/g;
// Where a key typed into a text may start and end: quotes, brackets, spaces — and, for a key
// inside a `provider:model` name, a path or a query, the separators of those too.
const COARSE_TOKEN = /[^\s"'`<>()[\]{},;]{8,}/g;
const FINE_TOKEN = /[^\s"'`<>()[\]{},;:/?&=@]{8,}/g;
const SEPARATOR = /[:/?&=@]/;
const MAX_CACHED = 1_024;
const MAX_CACHED_LENGTH = 256;

/**
 * The gateway's redactor, for every text bound for a client, a log line, a metric or a span that
 * may hold what a caller typed: core's `createRedactor` over the secrets the gateway holds —
 * the master key, each provider's `apiKey` and credential headers, `extra` — with key-shaped
 * values and URL credentials; keys minted by the admin routes (`il-…`); and the virtual keys of
 * the config, which the gateway knows only by their SHA-256: every word of the text long enough
 * to be one is hashed and compared. Each becomes `[REDACTED]`.
 */
export function createSecretRedactor(config: GatewayConfig, extra: readonly string[] = []): (text: string) => string {
  const secrets = [
    ...Object.values(config.providers).flatMap((provider) => [
      ...(provider.apiKey === undefined ? [] : [provider.apiKey]),
      ...Object.entries(provider.headers ?? {}).flatMap(([name, value]) =>
        CREDENTIAL_HEADER.test(name) ? [value] : [],
      ),
    ]),
    ...(config.masterKey === undefined ? [] : [config.masterKey]),
    ...extra,
  ].filter((secret) => secret.length >= 8);
  const known = createRedactor(secrets);
  const keyHashes = new Set((config.keys ?? []).map((key) => key.sha256.toLowerCase()));
  const isVirtualKey = (token: string) => keyHashes.has(hashGatewayKey(token));
  // A word is a key, or holds one between separators (`openai:<key>`); each candidate hashed once.
  const virtualKey = (word: string) =>
    isVirtualKey(word)
      ? REDACTED
      : SEPARATOR.test(word)
        ? word.replace(FINE_TOKEN, (piece) => (isVirtualKey(piece) ? REDACTED : piece))
        : word;
  const redact = (text: string) => {
    let out = text;
    if (keyHashes.size > 0) out = out.replace(COARSE_TOKEN, virtualKey);
    return known(out).replace(MINTED_KEY, REDACTED);
  };
  // Every request redacts its path, model name and backend: the same few texts, remembered
  // (a bounded cache: callers choose these strings, and may choose a new one each time).
  const cache = new Map<string, string>();
  return (text) => {
    if (text.length > MAX_CACHED_LENGTH) return redact(text);
    const cached = cache.get(text);
    if (cached !== undefined) return cached;
    const out = redact(text);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(text, out);
    return out;
  };
}
