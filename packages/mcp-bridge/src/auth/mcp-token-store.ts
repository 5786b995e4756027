import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

/** Which server a stored login belongs to: its name in the config and its URL. */
export type McpTokenStoreKey = { server: string; url: string };

/**
 * What the bridge keeps of one server's OAuth login: the tokens (with the time the access token
 * expires, in ms since the epoch), the client registration, and the cached discovery results.
 * Tokens and registration carry the `issuer` of the authorization server that gave them: they
 * are only used with that issuer. Treat it as a secret: it holds the refresh token.
 */
export type McpOAuthCredentials = {
  tokens?: StoredOAuthTokens & { expiresAt?: number };
  clientInformation?: StoredOAuthClientInformation;
  discoveryState?: OAuthDiscoveryState;
};

/**
 * Where OAuth logins are kept, keyed by server. The default, {@link createFileTokenStore}, writes
 * owner-only files in the user's config directory; a host can keep them in its own keychain or
 * database instead. `load` resolves `undefined` for a server never logged in.
 */
export type McpTokenStore = {
  load(key: McpTokenStoreKey): Promise<McpOAuthCredentials | undefined>;
  save(key: McpTokenStoreKey, credentials: McpOAuthCredentials): Promise<void>;
  delete(key: McpTokenStoreKey): Promise<void>;
};
