/**
 * A remote server's OAuth settings (`"oauth"` in the config). Without them the bridge still
 * speaks OAuth to a server that answers 401: discovery, dynamic client registration, and the
 * authorization code flow with PKCE (`interlingua mcp login`).
 */
export type McpOAuthConfig = {
  /** `authorization_code` (a user logs in in the browser; the default) or `client_credentials` (headless hosts). */
  grant: 'authorization_code' | 'client_credentials';
  /** A client registered beforehand; without it the client registers itself (RFC 7591). */
  clientId?: string;
  /** Its secret, for a confidential client and for `client_credentials`; use `${env:NAME}`. */
  clientSecret?: string;
  /** The scopes to ask for; default: what the server's metadata lists. */
  scope?: string;
  /** The loopback port of the login's redirect, for a client registered with a fixed one; default any free port. */
  redirectPort?: number;
};
