import type { GoogleAuth, GoogleAuthOptions } from 'google-auth-library';

// The scope @google/genai asks Vertex AI tokens for.
const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** Where the lean Vertex AI transport gets its `Authorization` header. */
export type VertexTokenSource = {
  /** The headers `google-auth-library` gives for a call to `url` (`Authorization: Bearer <token>`). */
  headers(url: string): Promise<Record<string, string>>;
  /** The last access token handed out (redacted from errors). */
  lastToken(): string | undefined;
};

/**
 * The token source `@google/genai` uses on Vertex AI, without the SDK: one `google-auth-library`
 * `GoogleAuth` over the same options (Application Default Credentials, `credentials`,
 * `keyFilename`, an `authClient`, …; the `cloud-platform` scope added when none is given, refused
 * when the scopes given leave it out, as the SDK does), asked for the request headers on each
 * call — it caches the token and refreshes it before it expires. The library is loaded on the
 * first call.
 */
export function createVertexTokenSource(options: GoogleAuthOptions | undefined): VertexTokenSource {
  let auth: Promise<GoogleAuth> | undefined;
  let token: string | undefined;
  const load = (): Promise<GoogleAuth> => {
    if (auth === undefined) {
      auth = import('google-auth-library').then(({ GoogleAuth }) => new GoogleAuth(withScope(options)));
      // Options that could not be used are not kept: the next call tries again.
      auth.catch(() => {
        auth = undefined;
      });
    }
    return auth;
  };
  return {
    async headers(url) {
      const given = await (await load()).getRequestHeaders(url);
      const headers: Record<string, string> = {};
      given.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
      if (bearer !== undefined) token = bearer;
      return headers;
    },
    lastToken: () => token,
  };
}

function withScope(options: GoogleAuthOptions | undefined): GoogleAuthOptions {
  const scopes = options?.scopes;
  if (scopes === undefined) return { ...options, scopes: [VERTEX_SCOPE] };
  if (typeof scopes === 'string' ? scopes !== VERTEX_SCOPE : !scopes.includes(VERTEX_SCOPE))
    throw new Error(`Invalid auth scopes. Scopes must include: ${VERTEX_SCOPE}`);
  return options ?? {};
}
