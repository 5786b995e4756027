import { looksLikeCredential } from './looks-like-credential';
import { REDACTED } from './redacted';

// Query (and fragment) parameters that carry a credential; compared case-insensitively.
const SECRET_PARAMS = new Set([
  'key',
  'api_key',
  'apikey',
  'api-key',
  'x-goog-api-key',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'auth',
  'password',
  'secret',
  'client_secret',
  'sig',
  'signature',
]);

/**
 * A URL with its credentials replaced by `[REDACTED]`: the user and password
 * (`https://user:pass@host/` → `https://%5BREDACTED%5D@host/`), and every query or fragment
 * parameter that carries a key — by name (`key`, `api_key`, `access_token`, `token`, `sig`, …)
 * or because its value looks like one (`sk-…`, `AIza…`). A URL without credentials comes back
 * unchanged, character for character; text that does not parse as a URL is searched for the
 * same patterns.
 *
 * This is the one function every error message, error cause and trace line passes URLs through.
 *
 * @example
 * redactUrl('https://generativelanguage.googleapis.com/v1beta/models?key=AIzaSy…');
 * // 'https://generativelanguage.googleapis.com/v1beta/models?key=%5BREDACTED%5D'
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactUnparsedUrl(url);
  }
  let changed = false;
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = REDACTED;
    parsed.password = '';
    changed = true;
  }
  const query = redactParams(parsed.searchParams);
  if (query !== undefined) {
    parsed.search = query;
    changed = true;
  }
  if (parsed.hash.includes('=')) {
    const fragment = redactParams(new URLSearchParams(parsed.hash.slice(1)));
    if (fragment !== undefined) {
      parsed.hash = fragment;
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

// The parameters with secret values replaced, or undefined when none was secret.
function redactParams(params: URLSearchParams): string | undefined {
  let changed = false;
  const out = new URLSearchParams();
  for (const [name, value] of params) {
    const secret = value !== '' && (SECRET_PARAMS.has(name.toLowerCase()) || looksLikeCredential(value));
    out.append(name, secret ? REDACTED : value);
    changed ||= secret;
  }
  return changed ? out.toString() : undefined;
}

function redactUnparsedUrl(text: string): string {
  return text
    .replace(/(\/\/)[^/?#\s@]+@/g, `$1${REDACTED}@`)
    .replace(/([?&#]([\w.-]+)=)([^&#\s]*)/g, (match, prefix: string, name: string, value: string) =>
      value !== '' && (SECRET_PARAMS.has(name.toLowerCase()) || looksLikeCredential(value))
        ? `${prefix}${REDACTED}`
        : match,
    );
}
