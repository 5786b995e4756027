import { computeScopeUnion, extractWWWAuthenticateParams, type FetchLike } from '@modelcontextprotocol/client';
import type { McpOAuthConfig } from '../config/mcp-oauth-config';
import {
  authorizeInBrowser,
  authorizeSilently,
  type McpAuthChallenge,
  type McpLoginRequest,
} from './authorize-mcp-server';
import { McpAuthError } from './mcp-auth-error';
import { McpOAuthProvider } from './mcp-oauth-provider';
import type { McpTokenStore, McpTokenStoreKey } from './mcp-token-store';

/**
 * The host's part of a login the bridge starts itself (a 401 with no usable login, a 403
 * `insufficient_scope`): show the authorization URL to the user, as `interlingua mcp login` does.
 * Without one, such a call fails with an {@link McpAuthError} saying how to log in.
 */
export type McpLoginHook = {
  openAuthorizationUrl: (url: URL, request: McpLoginRequest) => void | Promise<void>;
  /** Bound on one login, in milliseconds. Default five minutes. */
  timeout?: number;
};

/** What {@link createOAuthFetch} needs. */
export type OAuthFetchSettings = {
  key: McpTokenStoreKey;
  oauth: McpOAuthConfig;
  store: McpTokenStore;
  clientName: string;
  login: McpLoginHook | undefined;
  fetch?: FetchLike;
};

const LOGIN_TIMEOUT_MS = 5 * 60_000;

/**
 * A `fetch` for one remote server's transport that carries its OAuth: the stored access token
 * (while it belongs to the issuer the resource names), and on a refusal one authorization per
 * request — a 401 re-reads the resource's metadata (a moved authorization server is noticed; the
 * old issuer's credentials are not used with the new one), then refreshes or runs the client
 * credentials grant, or the host's login hook; a 403 `insufficient_scope` asks for the granted
 * scope plus the challenged one (step-up). What cannot be authorized is an {@link McpAuthError},
 * never a silent failure; a server that keeps refusing is not asked again for the same scope.
 */
export function createOAuthFetch(settings: OAuthFetchSettings): FetchLike {
  const base: FetchLike = settings.fetch ?? fetch;
  const server = settings.key.server;
  let provider: Promise<McpOAuthProvider> | undefined;
  let pending: Promise<void> | undefined;
  // The scope of the last step-up: the same challenge again means more asking will not help.
  let steppedUpFor: string | undefined;
  const providerOf = () => {
    const { key, oauth, store, clientName } = settings;
    provider ??= McpOAuthProvider.open({ key, oauth, store, clientName });
    return provider;
  };

  const interactive = async (
    hook: McpLoginHook,
    current: McpOAuthProvider,
    request: McpLoginRequest,
    challenge: McpAuthChallenge,
  ) => {
    await authorizeInBrowser(
      { ...settings, fetch: base },
      {
        challenge,
        open: (url) => hook.openAuthorizationUrl(url, request),
        redirectPort: settings.oauth.redirectPort,
        signal: AbortSignal.timeout(hook.timeout ?? LOGIN_TIMEOUT_MS),
      },
    );
    await current.reload();
  };

  const authorize = async (status: number, challenge: McpAuthChallenge): Promise<void> => {
    const current = await providerOf();
    const clientCredentials = settings.oauth.grant === 'client_credentials';
    if (status === 403) {
      const scope = computeScopeUnion(current.grantedScope, settings.oauth.scope, challenge.scope);
      if (scope !== undefined && scope === steppedUpFor) throw insufficientScope(server, scope, true);
      steppedUpFor = scope;
      const stepUp = { ...challenge, scope };
      if (clientCredentials) return authorizeSilently(current, { ...settings, fetch: base }, stepUp, true);
      if (settings.login === undefined) throw insufficientScope(server, scope, false);
      return interactive(settings.login, current, { server, reason: 'insufficient-scope', scope }, stepUp);
    }
    // A refused token may mean the resource moved to another authorization server: discover again.
    await current.invalidateCredentials('discovery');
    const scope = challenge.scope ?? settings.oauth.scope;
    const wanted = { ...challenge, scope };
    try {
      await authorizeSilently(current, { ...settings, fetch: base }, wanted);
    } catch (error) {
      const hook = clientCredentials ? undefined : settings.login;
      if (hook === undefined || !McpAuthError.isInstance(error) || error.reason === 'login-failed') throw error;
      await interactive(hook, current, { server, reason: 'login-required', scope }, wanted);
    }
  };

  return async (input, init) => {
    const current = await providerOf();
    const send = () => {
      const headers = new Headers(init?.headers);
      const token = current.bearerToken();
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
      return base(input, { ...init, headers });
    };
    const response = await send();
    const challenge = readChallenge(response);
    if (challenge === undefined) return response;
    await response.body?.cancel().catch(() => {});
    // One authorization at a time: requests refused meanwhile wait for it, then try again.
    if (pending === undefined) {
      pending = authorize(response.status, challenge).finally(() => {
        pending = undefined;
      });
    }
    await pending;
    const retried = await send();
    const again = readChallenge(retried);
    if (again === undefined) return retried;
    await retried.body?.cancel().catch(() => {});
    if (retried.status === 403)
      throw insufficientScope(server, computeScopeUnion(current.grantedScope, again.scope), true);
    throw (await providerOf()).loginError();
  };
}

// A 401, or a 403 that asks for scope; other 403s are the server's own answer.
function readChallenge(response: Response): McpAuthChallenge | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  if (response.status === 403 && error !== 'insufficient_scope') return undefined;
  return { resourceMetadataUrl, scope };
}

function insufficientScope(server: string, scope: string | undefined, afterLogin: boolean): McpAuthError {
  const scopes = scope ?? '(the server named none)';
  const how = `interlingua mcp login ${server} --mcp <your mcp.json>${scope === undefined ? '' : ` --scope "${scope}"`}`;
  return new McpAuthError({
    server,
    reason: 'insufficient-scope',
    ...(scope === undefined ? {} : { scope }),
    message: afterLogin
      ? `MCP server \`${server}\` still refuses the call for lack of scope after a login with more: log in with more scope: ${scopes} (\`${how}\`), or ask the server's operator.`
      : `MCP server \`${server}\` refused the call for lack of scope: log in with more scope: ${scopes} (\`${how}\`).`,
  });
}
