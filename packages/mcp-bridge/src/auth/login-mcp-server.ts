import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpOAuthConfig } from '../config/mcp-oauth-config';
import type { McpRemoteServerConfig } from '../config/mcp-server-config';
import { createFileTokenStore } from './create-file-token-store';
import { McpAuthError } from './mcp-auth-error';
import { McpOAuthProvider } from './mcp-oauth-provider';
import type { McpTokenStore } from './mcp-token-store';
import { listenForOAuthRedirect } from './wait-for-oauth-redirect';

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
  /** Bound on the whole login, in milliseconds. Default {@link DEFAULT_LOGIN_TIMEOUT_MS}. */
  timeout?: number;
  signal?: AbortSignal;
};

function oauthOf(config: McpRemoteServerConfig): McpOAuthConfig {
  return config.oauth === undefined || config.oauth === false ? { grant: 'authorization_code' } : config.oauth;
}

function failed(server: string, error: unknown): McpAuthError {
  if (McpAuthError.isInstance(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new McpAuthError({
    server,
    reason: 'login-failed',
    message: `Login to MCP server \`${server}\` failed: ${reason}`,
    cause: error,
  });
}

/**
 * Logs in to a remote MCP server with OAuth 2.1 and stores the tokens, so the bridge can use it:
 * discovery (protected-resource, then authorization-server metadata), dynamic client registration
 * when no `clientId` is configured, then the authorization code grant with PKCE through a loopback
 * redirect on 127.0.0.1 — or, with `"grant": "client_credentials"`, a token for the client itself.
 * A login already stored is replaced. Failures are {@link McpAuthError}s (`login-failed`).
 */
export async function loginMcpServer(
  server: string,
  config: McpRemoteServerConfig,
  options: LoginMcpServerOptions = {},
): Promise<void> {
  const oauth = oauthOf(config);
  const store = options.tokenStore ?? createFileTokenStore();
  const key = { server, url: config.url };
  const signal = AbortSignal.any([
    AbortSignal.timeout(options.timeout ?? DEFAULT_LOGIN_TIMEOUT_MS),
    ...(options.signal === undefined ? [] : [options.signal]),
  ]);
  const clientName = options.clientName ?? 'Interlingua';
  if (oauth.grant === 'client_credentials') {
    const provider = await McpOAuthProvider.open({ key, oauth, store, clientName });
    await provider.invalidateCredentials('tokens');
    try {
      const result = await auth(provider, { serverUrl: config.url });
      if (result !== 'AUTHORIZED') throw new Error('the authorization server asked for a browser login.');
    } catch (error) {
      throw failed(server, error);
    }
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
  const listener = await listenForOAuthRedirect(oauth.redirectPort ?? 0);
  try {
    const provider = await McpOAuthProvider.open({
      key,
      oauth,
      store,
      clientName,
      login: { redirectUrl: listener.redirectUrl, openAuthorizationUrl: open },
    });
    // A fresh login: a registration for another redirect port is registered again.
    await provider.invalidateCredentials(oauth.clientId === undefined ? 'all' : 'tokens');
    const code = listener.code(() => provider.expectedState, signal);
    code.catch(() => {});
    const first = await auth(provider, { serverUrl: config.url });
    if (first === 'REDIRECT') {
      const second = await auth(provider, { serverUrl: config.url, authorizationCode: await code });
      if (second !== 'AUTHORIZED') throw new Error('the authorization code was not exchanged for a token.');
    }
  } catch (error) {
    throw failed(server, error);
  } finally {
    await listener.close();
  }
}

/** Forgets a server's stored login (tokens and client registration). */
export async function logoutMcpServer(
  server: string,
  config: McpRemoteServerConfig,
  options: { tokenStore?: McpTokenStore } = {},
): Promise<void> {
  await (options.tokenStore ?? createFileTokenStore()).delete({ server, url: config.url });
}
