/** Header names whose values are credentials. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
  'cookie',
  'set-cookie',
]);

/** Query parameters that carry a key (Gemini's `?key=`). */
const SECRET_PARAMS = ['key', 'api_key', 'apikey', 'access_token'];

/** What a redacted value is replaced with. */
export const REDACTED = '[REDACTED]';

/** Headers with every credential replaced by `[REDACTED]` (names compared case-insensitively). */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return out;
}

/** A URL with key-carrying query parameters (`key`, `api_key`, …) and a `user:password@` replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = REDACTED;
    parsed.password = '';
    changed = true;
  }
  for (const name of SECRET_PARAMS) {
    if (parsed.searchParams.has(name)) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}
