import type { McpOAuthConfig } from '../config/mcp-oauth-config';
import type { McpRemoteServerConfig } from '../config/mcp-server-config';
import { authorizeInBrowser, authorizeSilently, type McpAuthChallenge } from './authorize-mcp-server';
import { createFileTokenStore } from './create-file-token-store';
import { McpAuthError } from './mcp-auth-error';
import { McpOAuthProvider } from './mcp-oauth-provider';
import type { McpTokenStore } from './mcp-token-store';
import { readAuthChallenge } from './read-auth-challenge';

/** The default bound on a login: five minutes for the user to finish in the browser. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

/** Options of {@link loginMcpServer}. */
export type LoginMcpServerOptions = {
  /** Where the login is kept. Default: {@link createFileTokenStore} in the user's config directory. */
  tokenStore?: McpTokenStore;
  /**
   * Shows the authorization URL to the user (print it, open a browser). Required for the
   * authorization code grant; the login waits for the browser to come back to the loopback redirect.
   */
  openAuthorizationUrl?: (url: URL) => void | Promise<void>;
  /** The `client_name` of a dynamic registration. Default `Interlingua`. */
  clientName?: string;
  /** The scopes to ask for. Default: the config's `scope`, else what the server's 401 challenge or metadata names. */
  scope?: string;
  /** Bound on the whole login, in milliseconds. Default {@link DEFAULT_LOGIN_TIMEOUT_MS}. */
  timeout?: number;
  signal?: AbortSignal;
};

function oauthOf(config: McpRemoteServerConfig): McpOAuthConfig {
  return config.oauth === undefined || config.oauth === false ? { grant: 'authorization_code' } : config.oauth;
}

/**
 * Logs in to a remote MCP server with OAuth 2.1 and stores the tokens, so the bridge can use it.
 * The server is asked first: its 401 challenge names the protected-resource metadata and the scope
 * (RFC 9728, RFC 6750). Then discovery, a client id (the configured one, else the Client ID
 * Metadata Document URL when the authorization server supports it, else dynamic registration with
 * `application_type: native`), and the authorization code grant with PKCE through a loopback
 * redirect on 127.0.0.1, whose `iss` is checked (RFC 9207) — or, with `"grant":
 * "client_credentials"`, a token for the client itself (secret or `private_key_jwt`). The tokens
 * are stored with the issuer that gave them. A login already stored is replaced. Failures are
 * {@link McpAuthError}s (`login-failed`).
 */
export async function loginMcpServer(
  server: string,
  config: McpRemoteServerConfig,
  options: LoginMcpServerOptions = {},
): Promise<void> {
  const oauth = oauthOf(config);
  const store = options.tokenStore ?? createFileTokenStore();
  const settings = { key: { server, url: config.url }, oauth, store, clientName: options.clientName ?? 'Interlingua' };
  const signal = AbortSignal.any([
    AbortSignal.timeout(options.timeout ?? DEFAULT_LOGIN_TIMEOUT_MS),
    ...(options.signal === undefined ? [] : [options.signal]),
  ]);
  const asked = await readAuthChallenge(config, signal);
  const challenge: McpAuthChallenge = {
    resourceMetadataUrl: asked.resourceMetadataUrl,
    scope: options.scope ?? oauth.scope ?? asked.scope,
  };
  if (oauth.grant === 'client_credentials') {
    const provider = await McpOAuthProvider.open(settings);
    await provider.invalidateCredentials('discovery');
    await provider.forgetTokens();
    await authorizeSilently(provider, settings, challenge, true);
    return;
  }
  const open = options.openAuthorizationUrl;
  if (open === undefined) {
    throw new McpAuthError({
      server,
      reason: 'login-failed',
      message: 'Expected `openAuthorizationUrl` for a browser login, got none.',
    });
  }
  await authorizeInBrowser(settings, { challenge, open, redirectPort: oauth.redirectPort, signal });
}

/** Forgets a server's stored login (tokens and client registration). */
export async function logoutMcpServer(
  server: string,
  config: McpRemoteServerConfig,
  options: { tokenStore?: McpTokenStore } = {},
): Promise<void> {
  await (options.tokenStore ?? createFileTokenStore()).delete({ server, url: config.url });
}
