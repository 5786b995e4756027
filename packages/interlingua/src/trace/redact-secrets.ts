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

/** Environment variables whose values must never be printed. */
export const SECRET_ENV_VARIABLES = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'OPENROUTER_API_KEY',
  'DEEPSEEK_API_KEY',
  'GROQ_API_KEY',
  'OPENAI_COMPATIBLE_API_KEY',
] as const;

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

/** A URL with key-carrying query parameters (`key`, `api_key`, …) replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (parsed.searchParams.has(name)) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

/**
 * A function that replaces every occurrence of the given secret values in a text by
 * `[REDACTED]`: the last line of defence before anything is printed. Values shorter than
 * 6 characters are ignored (they would redact ordinary words).
 */
export function createRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const values = [...new Set(secrets.filter((value): value is string => value !== undefined && value.length >= 6))];
  // Longest first, so a key that contains another is replaced whole.
  values.sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const value of values) out = out.split(value).join(REDACTED);
    return out;
  };
}

/** The secret values present in an environment (API keys of every known provider). */
export function secretsFromEnv(env: Record<string, string | undefined>): string[] {
  return SECRET_ENV_VARIABLES.map((name) => env[name]).filter((value): value is string => value !== undefined);
}
