import { InvalidSettingError } from '@interlingua/core';

/**
 * Checks the `transport` setting of `createGemini` / `createVertex`: `'sdk'`, `'lean'`, a
 * transport object of one's own (`'own'`), or nothing; any other value is an `InvalidSettingError`.
 */
export function checkTransportChoice(transport: unknown): 'sdk' | 'lean' | 'own' | undefined {
  if (transport === undefined || transport === 'sdk' || transport === 'lean') return transport;
  if (typeof transport === 'object' && transport !== null) return 'own';
  throw new InvalidSettingError({
    message: `Expected \`transport\` to be 'sdk', 'lean' or a GeminiTransport, got ${JSON.stringify(transport)}.`,
  });
}

/** The API root as `@google/genai` builds it: the origin (or base URL) without its trailing `/`, then the version, if any. */
export function apiRoot(base: string, apiVersion: string): string {
  const origin = base.replace(/\/+$/, '');
  return apiVersion === '' ? origin : `${origin}/${apiVersion}`;
}

/**
 * The headers of every lean call, as `@google/genai` sends them but for its own `User-Agent` and
 * `x-goog-api-client`: `Content-Type`, `X-Server-Timeout` (the timeout in whole seconds, which
 * the server honours as the call's deadline), the caller's headers, then the authentication
 * ones unless the caller's headers name them (the SDK adds its own only where none was given).
 */
export function leanHeaders(
  headers: Record<string, string> | undefined,
  timeout: number,
  auth: Record<string, string>,
): Record<string, string> {
  const result: Record<string, string> = {
    'content-type': 'application/json',
    'x-server-timeout': String(Math.ceil(timeout / 1000)),
  };
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(auth)) result[name] ??= value;
  return result;
}
