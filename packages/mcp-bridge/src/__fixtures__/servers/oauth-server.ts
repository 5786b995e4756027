// An OAuth-protected MCP server on loopback, built with the SDK's server-side auth helpers:
// `mcpAuthRouter` (authorization-server and protected-resource metadata, /authorize, /token,
// /register, /revoke), `requireBearerAuth` on /mcp, and an in-memory provider of ours that
// auto-approves every authorization and can expire or revoke what it issued. See SOURCES.md.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import express, { type Response } from 'express';

type Issued = { clientId: string; scopes: string[]; expiresAt: number; resource: URL | undefined };

/** One request the server saw: method, path, grant type of a token request, bearer or not. */
export type SeenRequest = { method: string; path: string; grantType?: string; bearer: boolean; status?: number };

/** A pre-registered confidential client, for the client credentials grant. */
export const SERVICE_CLIENT = { clientId: 'service-client', clientSecret: 'service-secret-5be1' };

class FixtureOAuthProvider implements OAuthServerProvider {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  readonly codes = new Map<string, { client: string; params: AuthorizationParams }>();
  readonly accessTokens = new Map<string, Issued>();
  readonly refreshTokens = new Map<string, Issued>();
  /** Every token issued, so a test can look for them where they must not be. */
  readonly everIssued: string[] = [];
  accessLifetimeSeconds = 3600;

  readonly clientsStore = {
    getClient: (clientId: string) => this.clients.get(clientId),
    registerClient: (client: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>) => {
      const full = { ...client, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) };
      this.clients.set(full.client_id, full);
      return full;
    },
  };

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    // The user approves at once: a test drives the browser's part with fetch.
    const code = randomUUID();
    this.codes.set(code, { client: client.client_id, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    res.redirect(302, target.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const entry = this.codes.get(code);
    if (entry === undefined) throw new InvalidGrantError('Unknown authorization code');
    return entry.params.codeChallenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<OAuthTokens> {
    const entry = this.codes.get(code);
    if (entry === undefined || entry.client !== client.client_id)
      throw new InvalidGrantError('Unknown authorization code');
    this.codes.delete(code);
    return this.issue(client.client_id, entry.params.scopes ?? [], entry.params.resource, true);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string): Promise<OAuthTokens> {
    const entry = this.refreshTokens.get(refreshToken);
    if (entry === undefined || entry.clientId !== client.client_id)
      throw new InvalidGrantError('Refresh token revoked');
    this.refreshTokens.delete(refreshToken);
    return this.issue(client.client_id, entry.scopes, entry.resource, true);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const entry = this.accessTokens.get(token);
    if (entry === undefined || entry.expiresAt <= Date.now()) throw new InvalidTokenError('Token expired or unknown');
    return {
      token,
      clientId: entry.clientId,
      scopes: entry.scopes,
      expiresAt: Math.floor(entry.expiresAt / 1000),
      ...(entry.resource === undefined ? {} : { resource: entry.resource }),
    };
  }

  issue(clientId: string, scopes: string[], resource: URL | undefined, withRefresh: boolean): OAuthTokens {
    const access = `at-${randomUUID()}`;
    const issued = { clientId, scopes, expiresAt: Date.now() + this.accessLifetimeSeconds * 1000, resource };
    this.accessTokens.set(access, issued);
    this.everIssued.push(access);
    const tokens: OAuthTokens = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: this.accessLifetimeSeconds,
      scope: scopes.join(' '),
    };
    if (!withRefresh) return tokens;
    const refresh = `rt-${randomUUID()}`;
    this.refreshTokens.set(refresh, issued);
    this.everIssued.push(refresh);
    return { ...tokens, refresh_token: refresh };
  }
}

/** A running OAuth-protected MCP server and the handles a test needs. */
export type OAuthMcpServer = {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  seen: SeenRequest[];
  /** Every token issued so far. */
  issuedTokens: () => string[];
  /** Makes every access token issued so far expire now (the next call gets 401). */
  expireAccessTokens: () => void;
  /** Revokes every refresh token issued so far. */
  revokeRefreshTokens: () => void;
  close: () => Promise<void>;
};

/** Starts the server on a free loopback port. Its one tool, `whoami`, answers with the caller's client and scopes. */
export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
  const provider = new FixtureOAuthProvider();
  provider.clients.set(SERVICE_CLIENT.clientId, {
    client_id: SERVICE_CLIENT.clientId,
    client_secret: SERVICE_CLIENT.clientSecret,
    redirect_uris: [],
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const seen: SeenRequest[] = [];
  const app = express();
  app.use((request, response, next) => {
    const record: SeenRequest = {
      method: request.method,
      path: request.path,
      bearer: /^Bearer /i.test(request.headers.authorization ?? ''),
    };
    seen.push(record);
    response.on('finish', () => {
      record.status = response.statusCode;
    });
    next();
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const mcpUrl = new URL('/mcp', base);

  // The SDK's token endpoint leaves client_credentials to the host: this one serves it.
  app.post('/token', express.urlencoded({ extended: false }), (request, response, next) => {
    const body = request.body as Record<string, string | undefined>;
    const last = seen.at(-1);
    if (last !== undefined && body.grant_type !== undefined) last.grantType = body.grant_type;
    if (body.grant_type !== 'client_credentials') {
      next();
      return;
    }
    // client_secret_basic or client_secret_post, whichever the client chose from the metadata.
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] =
      basic === undefined
        ? [body.client_id, body.client_secret]
        : Buffer.from(basic, 'base64')
            .toString()
            .split(':')
            .map((part) => decodeURIComponent(part));
    const client = id === undefined ? undefined : provider.clients.get(id);
    if (client === undefined || client.client_secret !== secret) {
      response.status(401).json({ error: 'invalid_client' });
      return;
    }
    response.json(provider.issue(client.client_id, (body.scope ?? 'mcp:tools').split(' '), mcpUrl, false));
  });
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: base,
      resourceServerUrl: mcpUrl,
      scopesSupported: ['mcp:tools'],
      authorizationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
    }),
  );
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  app.post('/mcp', express.json(), bearer, async (request, response) => {
    const mcp = new McpServer({ name: 'fixture-oauth', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Who the bearer token belongs to.' }, (extra) => ({
      content: [
        { type: 'text', text: `client ${extra.authInfo?.clientId} with scopes ${extra.authInfo?.scopes.join(',')}` },
      ],
    }));
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response, request.body);
  });
  app.get('/mcp', bearer, (_request, response) => {
    response.status(405).set('allow', 'POST').end();
  });

  return {
    url: mcpUrl.href,
    seen,
    issuedTokens: () => [...provider.everIssued],
    expireAccessTokens: () => {
      for (const entry of provider.accessTokens.values()) entry.expiresAt = 0;
    },
    revokeRefreshTokens: () => provider.refreshTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
