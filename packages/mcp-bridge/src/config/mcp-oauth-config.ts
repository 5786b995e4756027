/**
 * How a client proves itself with a private key (`private_key_jwt`, RFC 7523): a signed assertion
 * instead of a secret. The key is PEM (PKCS#8, or a JWK as JSON) — inline through `${env:NAME}` or
 * read from a file when a token is requested.
 */
export type McpOAuthPrivateKey = {
  /** The PEM text; use `${env:NAME}`, never the key itself in the config. */
  pem?: string;
  /** A file holding the PEM text (an absolute path, or `${workspaceFolder}/…`). */
  file?: string;
  /** The JWS algorithm: `RS256` (default), `RS384`, `RS512`, `PS256`, `PS384`, `PS512`, `ES256`, `ES384`, `ES512` or `EdDSA`. */
  algorithm: McpOAuthSigningAlgorithm;
  /** The `kid` header, for an authorization server that holds several keys of the client. */
  keyId?: string;
};

/** The JWS algorithms a client assertion may be signed with. */
export type McpOAuthSigningAlgorithm =
  | 'RS256'
  | 'RS384'
  | 'RS512'
  | 'PS256'
  | 'PS384'
  | 'PS512'
  | 'ES256'
  | 'ES384'
  | 'ES512'
  | 'EdDSA';

/**
 * A remote server's OAuth settings (`"oauth"` in the config). Without them the bridge still
 * speaks OAuth to a server that answers 401: the challenge's `resource_metadata` and `scope`,
 * discovery, a client id (a Client ID Metadata Document URL when one is set and the
 * authorization server supports it, else dynamic registration), and the authorization code flow
 * with PKCE (`interlingua mcp login`).
 */
export type McpOAuthConfig = {
  /** `authorization_code` (a user logs in in the browser; the default) or `client_credentials` (headless hosts). */
  grant: 'authorization_code' | 'client_credentials';
  /** A client registered beforehand; without it the client uses `clientMetadataUrl` or registers itself (RFC 7591). */
  clientId?: string;
  /** Its secret, for a confidential client and for `client_credentials`; use `${env:NAME}`. */
  clientSecret?: string;
  /** Its private key, for `private_key_jwt` client authentication instead of a secret. */
  privateKey?: McpOAuthPrivateKey;
  /**
   * An `https` URL serving this client's metadata document (Client ID Metadata Documents): used as
   * the client id by authorization servers that advertise `client_id_metadata_document_supported`.
   */
  clientMetadataUrl?: string;
  /** The scopes to ask for; default: what the server's challenge or metadata lists. */
  scope?: string;
  /** The loopback port of the login's redirect, for a client registered with a fixed one; default any free port. */
  redirectPort?: number;
};
