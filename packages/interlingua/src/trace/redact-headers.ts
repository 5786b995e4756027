import { createRedactor, REDACTED } from '@interlingua/core/adapter';

// Words of a header name that say its value is a credential (`x-api-key`, `X-Custom-Auth`,
// `x-auth-token`, `set-cookie`); compared per `-`/`_`-separated word, so `x-ratelimit-limit-tokens` is kept.
const SECRET_NAME_WORDS = new Set([
  'authorization',
  'auth',
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'cookie',
  'session',
  'credential',
  'credentials',
  'signature',
]);

const shapes = createRedactor();

/** Whether a header's name says it carries a credential. */
export function isSecretHeaderName(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[-_]/)
    .some((word) => SECRET_NAME_WORDS.has(word));
}

/**
 * Headers with every credential replaced by `[REDACTED]`: by name (`authorization`, `x-api-key`,
 * `x-goog-api-key`, `cookie`, any name with a word such as `auth`, `key`, `token`, `secret`),
 * and by value — a value holding one of `secrets`, a `Bearer …` / `Basic …` token or a key of a
 * known shape (`sk-…`, `AIza…`) is replaced whole, whatever the header is called.
 */
export function redactHeaders(
  headers: Record<string, string>,
  secrets: readonly (string | undefined)[] = [],
): Record<string, string> {
  const redact = secrets.length === 0 ? shapes : createRedactor(secrets);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = isSecretHeaderName(name) || redact(value) !== value ? REDACTED : value;
  }
  return out;
}
