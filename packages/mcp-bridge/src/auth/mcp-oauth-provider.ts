import { randomBytes } from 'node:crypto';
import type {
  AddClientAuthentication,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { McpOAuthConfig } from '../config/mcp-oauth-config';
import { McpAuthError } from './mcp-auth-error';
import type { McpOAuthCredentials, McpTokenStore, McpTokenStoreKey } from './mcp-token-store';
import { JWT_BEARER_ASSERTION_TYPE, loadPrivateKey, signClientAssertion } from './sign-client-assertion';

/** How a provider is used: by a running bridge (stored logins only) or by a login in progress. */
export type McpOAuthProviderSettings = {
  key: McpTokenStoreKey;
  oauth: McpOAuthConfig;
  store: McpTokenStore;
  clientName: string;
  /**
   * For a login: the loopback redirect and what to do with the authorization URL. Without it the
   * provider never starts a login or registers a client; it throws an {@link McpAuthError} saying
   * to log in instead.
   */
  login?: { redirectUrl: string; openAuthorizationUrl: (url: URL) => void | Promise<void> };
};

// Used by a running bridge whose stored client has no redirect: never sent, as no login starts there.
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

/** The issuer comparison of SEP-2352: exact, but for one trailing slash. */
export function sameIssuer(a: string, b: string): boolean {
  return a === b || a.replace(/\/$/, '') === b.replace(/\/$/, '');
}

/** The issuer the stored discovery names: the authorization server the resource points at now. */
export function issuerOfDiscovery(state: OAuthDiscoveryState | undefined): string | undefined {
  return state?.authorizationServerMetadata?.issuer ?? state?.authorizationServerUrl;
}

/**
 * The SDK's `OAuthClientProvider` over a {@link McpTokenStore}: discovery results, the client
 * registration and the tokens are read from the store once and written back on every change,
 * each stamped with its issuer. Internal to the bridge.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  private credentials: McpOAuthCredentials = {};
  private verifier: string | undefined;
  private refreshRefused = false;
  /** The `state` of the authorization request in progress, checked against the redirect. */
  expectedState: string | undefined;
  readonly addClientAuthentication?: AddClientAuthentication;
  /** The Client ID Metadata Document URL, used as the client id where the authorization server supports it. */
  readonly clientMetadataUrl?: string;

  private constructor(private readonly settings: McpOAuthProviderSettings) {
    if (settings.oauth.clientMetadataUrl !== undefined) this.clientMetadataUrl = settings.oauth.clientMetadataUrl;
    const { privateKey, clientId } = settings.oauth;
    if (privateKey !== undefined && clientId !== undefined) {
      // private_key_jwt (RFC 7523 §2.2): the key is read when a token is requested, never kept in an error.
      this.addClientAuthentication = async (_headers, params, url, metadata) => {
        const key = await loadPrivateKey(settings.key.server, privateKey);
        params.set('client_id', clientId);
        params.set('client_assertion_type', JWT_BEARER_ASSERTION_TYPE);
        params.set(
          'client_assertion',
          signClientAssertion({
            clientId,
            audience: metadata?.issuer ?? new URL(String(url)).origin,
            key,
            algorithm: privateKey.algorithm,
            keyId: privateKey.keyId,
          }),
        );
      };
    }
  }

  /** Reads the server's stored login (if any) and returns a provider over it. */
  static async open(settings: McpOAuthProviderSettings): Promise<McpOAuthProvider> {
    const provider = new McpOAuthProvider(settings);
    await provider.reload();
    return provider;
  }

  /** Reads the stored login again (after a login that another provider ran). */
  async reload(): Promise<void> {
    this.credentials = (await this.settings.store.load(this.settings.key)) ?? {};
  }

  /** True once a token is stored (a login or a client-credentials grant succeeded). */
  get hasTokens(): boolean {
    return this.credentials.tokens !== undefined;
  }

  /** The scope the stored token was granted, if the authorization server said. */
  get grantedScope(): string | undefined {
    return this.credentials.tokens?.scope;
  }

  /**
   * The access token to send, only while it belongs to the issuer the resource's metadata names
   * now: after a move to another authorization server, the old token is never sent.
   */
  bearerToken(): string | undefined {
    const tokens = this.credentials.tokens;
    if (tokens === undefined) return undefined;
    const current = issuerOfDiscovery(this.credentials.discoveryState);
    if (tokens.issuer !== undefined && current !== undefined && !sameIssuer(tokens.issuer, current)) return undefined;
    return tokens.access_token;
  }

  get redirectUrl(): string | undefined {
    if (this.settings.oauth.grant === 'client_credentials') return undefined;
    if (this.settings.login !== undefined) return this.settings.login.redirectUrl;
    const registered = this.credentials.clientInformation;
    const uris = registered !== undefined && 'redirect_uris' in registered ? registered.redirect_uris : undefined;
    return uris?.[0] ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { grant, clientSecret, privateKey, scope } = this.settings.oauth;
    const clientCredentials = grant === 'client_credentials';
    return {
      client_name: this.settings.clientName,
      redirect_uris: clientCredentials ? [] : [this.redirectUrl ?? PLACEHOLDER_REDIRECT],
      grant_types: clientCredentials ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
      response_types: clientCredentials ? [] : ['code'],
      token_endpoint_auth_method:
        privateKey !== undefined ? 'private_key_jwt' : clientSecret === undefined ? 'none' : 'client_secret_basic',
      // A CLI or a server process on the user's machine with a loopback redirect (SEP-837, RFC 8252).
      application_type: 'native',
      ...(scope === undefined ? {} : { scope }),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  clientInformation(context?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const { clientId, clientSecret } = this.settings.oauth;
    if (clientId !== undefined) {
      // Registered beforehand with the one authorization server it belongs to.
      return {
        client_id: clientId,
        ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
        ...(context?.issuer === undefined ? {} : { issuer: context.issuer }),
      };
    }
    const stored = this.credentials.clientInformation;
    const foreign =
      stored?.issuer !== undefined && context?.issuer !== undefined && !sameIssuer(stored.issuer, context.issuer);
    if (this.settings.login === undefined) {
      // A running bridge never registers: that is part of a login.
      if (stored === undefined || foreign) throw this.loginError();
      return stored;
    }
    // A registration for another loopback port is registered again; a URL client id is kept.
    const redirects = stored !== undefined && 'redirect_uris' in stored ? stored.redirect_uris : undefined;
    if (redirects !== undefined && redirects.length > 0 && !redirects.includes(this.settings.login.redirectUrl)) {
      return undefined;
    }
    return stored;
  }

  async saveClientInformation(clientInformation: StoredOAuthClientInformation): Promise<void> {
    await this.update({ clientInformation });
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.credentials.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    const expiresAt = tokens.expires_in === undefined ? undefined : Date.now() + tokens.expires_in * 1000;
    this.refreshRefused = false;
    await this.update({ tokens: { ...tokens, ...(expiresAt === undefined ? {} : { expiresAt }) } });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (this.settings.login === undefined) throw this.loginError();
    await this.settings.login.openAuthorizationUrl(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('No PKCE code verifier was saved for this login.');
    return this.verifier;
  }

  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (this.settings.oauth.grant !== 'client_credentials') return undefined;
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    const requested = scope ?? this.settings.oauth.scope;
    if (requested !== undefined) params.set('scope', requested);
    return params;
  }

  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    await this.update({ discoveryState });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.credentials.discoveryState;
  }

  /** Drops the stored tokens for a new login, without taking it for a refused refresh. */
  async forgetTokens(): Promise<void> {
    const { tokens: _dropped, ...rest } = this.credentials;
    this.credentials = rest;
    await this.settings.store.save(this.settings.key, rest);
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    // The SDK drops the tokens when the authorization server refused the refresh token.
    if ((scope === 'tokens' || scope === 'all') && this.credentials.tokens?.refresh_token !== undefined) {
      this.refreshRefused = true;
    }
    const next: McpOAuthCredentials = { ...this.credentials };
    if (scope === 'all' || scope === 'tokens') delete next.tokens;
    if (scope === 'all' || scope === 'client') delete next.clientInformation;
    if (scope === 'all' || scope === 'discovery') delete next.discoveryState;
    this.credentials = next;
    await this.settings.store.save(this.settings.key, next);
  }

  private async update(change: McpOAuthCredentials): Promise<void> {
    this.credentials = { ...this.credentials, ...change };
    await this.settings.store.save(this.settings.key, this.credentials);
  }

  /** The error a running bridge gives when only a login can help. */
  loginError(): McpAuthError {
    const { server } = this.settings.key;
    const command = `interlingua mcp login ${server} --mcp <your mcp.json>`;
    return this.refreshRefused
      ? new McpAuthError({
          server,
          reason: 'refresh-refused',
          message: `MCP server \`${server}\` refused the stored refresh token (revoked or expired): log in again with \`${command}\`.`,
        })
      : new McpAuthError({
          server,
          reason: 'login-required',
          message: `MCP server \`${server}\` requires an OAuth login: log in with \`${command}\` (or \`loginMcpServer\`).`,
        });
  }
}
