import { auth, type FetchLike, IssuerMismatchError } from '@modelcontextprotocol/client';
import type { McpOAuthConfig } from '../config/mcp-oauth-config';
import { McpAuthError } from './mcp-auth-error';
import { McpOAuthProvider } from './mcp-oauth-provider';
import type { McpTokenStore, McpTokenStoreKey } from './mcp-token-store';
import { listenForOAuthRedirect } from './wait-for-oauth-redirect';

/** What a 401 or 403 said: where the resource's metadata is and which scope it wants (RFC 6750 §3, RFC 9728 §5.1). */
export type McpAuthChallenge = { resourceMetadataUrl?: URL | undefined; scope?: string | undefined };

/** Why a login is asked for: none (or none usable) is stored, or the token lacks scope the server asked for. */
export type McpLoginReason = 'login-required' | 'insufficient-scope';

/** What the host's login hook is told with the authorization URL. */
export type McpLoginRequest = {
  /** The server's name in the config. */
  server: string;
  reason: McpLoginReason;
  /** The scopes asked for, space-separated, when known. */
  scope: string | undefined;
};

/** The settings one authorization needs. */
export type AuthorizeSettings = {
  key: McpTokenStoreKey;
  oauth: McpOAuthConfig;
  store: McpTokenStore;
  clientName: string;
  fetch?: FetchLike | undefined;
};

function failed(server: string, error: unknown): McpAuthError {
  if (McpAuthError.isInstance(error)) return error;
  if (error instanceof IssuerMismatchError) {
    // RFC 9207: a redirect from another issuer than the one the login started with (a mix-up).
    return new McpAuthError({
      server,
      reason: 'login-failed',
      message: `Login to MCP server \`${server}\` failed: the authorization server's issuer did not match the one the login started with (RFC 9207); no token was requested.`,
      cause: error,
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new McpAuthError({
    server,
    reason: 'login-failed',
    message: `Login to MCP server \`${server}\` failed: ${reason}`,
    cause: error,
  });
}

/**
 * A login in the browser: a loopback listener for the redirect, the authorization URL handed to
 * `open`, the code (and its `iss`, checked against the issuer the login started with) exchanged
 * for tokens that replace the stored ones. Failures are {@link McpAuthError}s (`login-failed`).
 */
export async function authorizeInBrowser(
  settings: AuthorizeSettings,
  options: {
    challenge: McpAuthChallenge;
    open: (url: URL) => void | Promise<void>;
    redirectPort: number | undefined;
    signal: AbortSignal;
  },
): Promise<void> {
  const server = settings.key.server;
  const listener = await listenForOAuthRedirect(options.redirectPort ?? 0);
  try {
    const provider = await McpOAuthProvider.open({
      ...settings,
      login: { redirectUrl: listener.redirectUrl, openAuthorizationUrl: options.open },
    });
    // A login reads the resource's metadata afresh: it may name another authorization server by now.
    await provider.invalidateCredentials('discovery');
    await provider.forgetTokens();
    const redirect = listener.code(() => provider.expectedState, options.signal);
    redirect.catch(() => {});
    const base = {
      serverUrl: settings.key.url,
      ...(options.challenge.resourceMetadataUrl === undefined
        ? {}
        : { resourceMetadataUrl: options.challenge.resourceMetadataUrl }),
      ...(options.challenge.scope === undefined ? {} : { scope: options.challenge.scope }),
      ...(settings.fetch === undefined ? {} : { fetchFn: settings.fetch }),
      forceReauthorization: true,
    };
    const first = await auth(provider, base);
    if (first === 'REDIRECT') {
      const { code, iss } = await redirect;
      const second = await auth(provider, { ...base, authorizationCode: code, ...(iss === undefined ? {} : { iss }) });
      if (second !== 'AUTHORIZED') throw new Error('the authorization code was not exchanged for a token.');
    }
  } catch (error) {
    throw failed(server, error);
  } finally {
    await listener.close();
  }
}

/**
 * A token without the user: the client credentials grant, or a refresh of the stored token. A
 * browser login it cannot do: then it throws the provider's `login-required` (or
 * `refresh-refused`) {@link McpAuthError}.
 */
export async function authorizeSilently(
  provider: McpOAuthProvider,
  settings: AuthorizeSettings,
  challenge: McpAuthChallenge,
  forceReauthorization = false,
): Promise<void> {
  try {
    const result = await auth(provider, {
      serverUrl: settings.key.url,
      ...(challenge.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: challenge.resourceMetadataUrl }),
      ...(challenge.scope === undefined ? {} : { scope: challenge.scope }),
      ...(settings.fetch === undefined ? {} : { fetchFn: settings.fetch }),
      forceReauthorization,
    });
    if (result !== 'AUTHORIZED') throw provider.loginError();
  } catch (error) {
    throw failed(settings.key.server, error);
  }
}
