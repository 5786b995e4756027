import { KEY_PATTERNS, SCHEME_TOKEN } from './looks-like-credential';
import { redactUrl } from './redact-url';
import { REDACTED } from './redacted';

// A URL inside free text: up to whitespace, a quote or a bracket.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>()[\]{}]+/gi;

/**
 * A function that redacts a text before it is printed, logged or kept in an error:
 *
 * 1. every URL in it passes through {@link redactUrl} (user and password, key parameters);
 * 2. every occurrence of a configured secret (an API key) becomes `[REDACTED]` — values shorter
 *    than 6 characters are ignored, they would redact ordinary words;
 * 3. every value that looks like a credential becomes `[REDACTED]`: the token of a
 *    `Bearer …` / `Basic …` value, and keys of known shapes (`sk-…`, `sk-ant-…`, `AIza…`,
 *    `gsk_…`, `xai-…`, `hf_…`, `ghp_…`, AWS `AKIA…`, `ya29.…`, JSON Web Tokens).
 *
 * @example
 * const redact = createRedactor([process.env.OPENAI_API_KEY]);
 * console.error(redact(`request to ${url} failed: ${error.message}`));
 */
export function createRedactor(secrets: readonly (string | null | undefined)[] = []): (text: string) => string {
  const values = [
    ...new Set(secrets.filter((value): value is string => typeof value === 'string' && value.length >= 6)),
  ];
  // Longest first, so a key that contains another is replaced whole.
  values.sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text.includes('://') ? text.replace(URL_IN_TEXT, redactUrlInText) : text;
    for (const value of values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    // The scheme of an Authorization-style value (`Bearer `) is kept; a key-shaped value goes whole.
    out = out.replace(SCHEME_TOKEN, `$1$2${REDACTED}`);
    for (const pattern of KEY_PATTERNS) out = out.replace(pattern, REDACTED);
    return out;
  };
}

// Punctuation that ends a sentence ("…:generateContent: fetch failed") is not part of the URL.
function redactUrlInText(match: string): string {
  const trailing = /[.,:;!?]+$/.exec(match)?.[0] ?? '';
  return redactUrl(match.slice(0, match.length - trailing.length)) + trailing;
}
