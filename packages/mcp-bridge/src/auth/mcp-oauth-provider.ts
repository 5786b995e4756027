import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthConfig } from '../config/mcp-oauth-config';
import { McpAuthError } from './mcp-auth-error';
import type { McpOAuthCredentials, McpTokenStore, McpTokenStoreKey } from './mcp-token-store';

/** How a provider is used: by a running bridge (stored logins only) or by a login in progress. */
export type McpOAuthProviderSettings = {
  key: McpTokenStoreKey;
  oauth: McpOAuthConfig;
  store: McpTokenStore;
  clientName: string;
  /**
   * For a login: the loopback redirect and what to do with the authorization URL. Without it the
   * provider never starts a login; it throws an {@link McpAuthError} saying to log in instead.
   */
  login?: { redirectUrl: string; openAuthorizationUrl: (url: URL) => void | Promise<void> };
};

// Used by a running bridge whose stored client has no redirect: never sent, as no login starts there.
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

/**
 * The SDK's `OAuthClientProvider` over a {@link McpTokenStore}: discovery results, the client
 * registration and the tokens are read from the store once and written back on every change.
 * Internal to the bridge.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  private credentials: McpOAuthCredentials = {};
  private verifier: string | undefined;
  private refreshRefused = false;
  /** The `state` of the authorization request in progress, checked against the redirect. */
  expectedState: string | undefined;

  private constructor(private readonly settings: McpOAuthProviderSettings) {}

  /** Reads the server's stored login (if any) and returns a provider over it. */
  static async open(settings: McpOAuthProviderSettings): Promise<McpOAuthProvider> {
    const provider = new McpOAuthProvider(settings);
    provider.credentials = (await settings.store.load(settings.key)) ?? {};
    return provider;
  }

  /** True once a token is stored (a login or a client-credentials grant succeeded). */
  get hasTokens(): boolean {
    return this.credentials.tokens !== undefined;
  }

  get redirectUrl(): string | undefined {
    if (this.settings.oauth.grant === 'client_credentials') return undefined;
    if (this.settings.login !== undefined) return this.settings.login.redirectUrl;
    const registered = this.credentials.clientInformation;
    const uris = registered !== undefined && 'redirect_uris' in registered ? registered.redirect_uris : undefined;
    return uris?.[0] ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    const clientCredentials = this.settings.oauth.grant === 'client_credentials';
    return {
      client_name: this.settings.clientName,
      redirect_uris: clientCredentials ? [] : [this.redirectUrl ?? PLACEHOLDER_REDIRECT],
      grant_types: clientCredentials ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
      response_types: clientCredentials ? [] : ['code'],
      token_endpoint_auth_method: this.settings.oauth.clientSecret === undefined ? 'none' : 'client_secret_basic',
      ...(this.settings.oauth.scope === undefined ? {} : { scope: this.settings.oauth.scope }),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { clientId, clientSecret } = this.settings.oauth;
    if (clientId !== undefined) {
      return { client_id: clientId, ...(clientSecret === undefined ? {} : { client_secret: clientSecret }) };
    }
    const stored = this.credentials.clientInformation;
    // A running bridge never registers: that is part of a login.
    if (stored === undefined && this.settings.login === undefined) throw this.loginError();
    return stored;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.update({ clientInformation });
  }

  tokens(): OAuthTokens | undefined {
    return this.credentials.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
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

  private loginError(): McpAuthError {
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
