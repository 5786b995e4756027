// An OAuth-protected MCP server on loopback whose authorization server is written out by hand, so
// a test can turn on what the SDK's own helpers do not do: a 401 challenge that names the
// resource metadata at a path no well-known lookup finds and the scope to ask for; tools that
// need more scope (403 insufficient_scope); Client ID Metadata Documents; private_key_jwt; the
// RFC 9207 `iss` on the redirect (right or wrong); and a move to another authorization server.
// Authorization is approved at once; the browser's part is a fetch in the tests. See SOURCES.md.
import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';

/** A registration, authorization or token request the authorization server saw. */
export type SpecServerEvent =
  | { type: 'register'; issuer: string; body: Record<string, unknown> }
  | { type: 'authorize'; issuer: string; clientId: string; scope: string | undefined }
  | {
      type: 'token';
      issuer: string;
      grantType: string;
      clientId: string | undefined;
      assertion: 'valid' | 'invalid' | 'none';
    }
  | { type: 'mcp'; bearer: string | undefined; status: number };

/** What a test can switch. */
export type SpecServerSettings = {
  /** `iss` on the authorization redirect: the right one, a wrong one, or none. Default `right`. */
  iss: 'right' | 'wrong' | 'none';
  /** Advertise `client_id_metadata_document_supported`. */
  cimd: boolean;
  /** A client allowed `private_key_jwt`: its id and public key (PEM). */
  jwtClient?: { clientId: string; publicKeyPem: string };
};

type Issued = { scopes: string[]; issuer: string };

/** The running server and what a test needs of it. */
export type OAuthSpecServer = {
  /** The MCP endpoint. */
  url: string;
  /** The protected-resource metadata URL, named only in the challenge. */
  resourceMetadataUrl: string;
  issuer: () => string;
  events: SpecServerEvent[];
  settings: SpecServerSettings;
  /** Every token issued so far. */
  issuedTokens: () => string[];
  /** The resource now names the second authorization server; tokens of the first get 401. */
  moveToSecondIssuer: () => void;
  close: () => Promise<void>;
};

const TOOL_SCOPES: Record<string, string> = { read: 'files:read', write: 'files:write' };

function verifyAssertion(assertion: string, publicKeyPem: string, clientId: string, audience: string): boolean {
  const [header, payload, signature] = assertion.split('.');
  if (header === undefined || payload === undefined || signature === undefined) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  if (claims.iss !== clientId || claims.sub !== clientId || claims.aud !== audience) return false;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return false;
  return verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    {
      key: createPublicKey(publicKeyPem),
      dsaEncoding: 'ieee-p1363',
    },
    Buffer.from(signature, 'base64url'),
  );
}

/** Starts the server on a free loopback port, with the first of its two authorization servers in charge. */
export async function startOAuthSpecServer(settings: Partial<SpecServerSettings> = {}): Promise<OAuthSpecServer> {
  const current: SpecServerSettings = { iss: 'right', cimd: false, ...settings };
  const events: SpecServerEvent[] = [];
  const clients = new Map<string, { issuer: string; redirectUris: string[] }>();
  const codes = new Map<string, { issuer: string; clientId: string; scopes: string[]; challenge: string }>();
  const tokens = new Map<string, Issued>();
  let moved = false;
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = `${base}/mcp`;
  const resourceMetadataUrl = `${base}/meta/resource`;
  const issuerOf = (name: 'one' | 'two') => `${base}/${name}`;
  const issuer = () => issuerOf(moved ? 'two' : 'one');

  app.get('/meta/resource', (_request, response) => {
    response.json({
      resource: mcpUrl,
      authorization_servers: [issuer()],
      scopes_supported: ['files:read', 'files:write'],
    });
  });
  for (const name of ['one', 'two'] as const) {
    const me = issuerOf(name);
    app.get(`/.well-known/oauth-authorization-server/${name}`, (_request, response) => {
      response.json({
        issuer: me,
        authorization_endpoint: `${me}/authorize`,
        token_endpoint: `${me}/token`,
        registration_endpoint: `${me}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
        authorization_response_iss_parameter_supported: current.iss !== 'none',
        ...(current.cimd ? { client_id_metadata_document_supported: true } : {}),
      });
    });
    app.post(`/${name}/register`, express.json(), (request, response) => {
      const body = request.body as Record<string, unknown>;
      events.push({ type: 'register', issuer: me, body });
      const clientId = `${name}-client-${randomUUID()}`;
      clients.set(clientId, { issuer: me, redirectUris: (body.redirect_uris as string[] | undefined) ?? [] });
      response.status(201).json({ ...body, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000) });
    });
    app.get(`/${name}/authorize`, (request, response) => {
      const query = request.query as Record<string, string | undefined>;
      const clientId = query.client_id ?? '';
      events.push({ type: 'authorize', issuer: me, clientId, scope: query.scope });
      const known = clients.get(clientId)?.issuer === me || (current.cimd && clientId.startsWith('https://'));
      if (!known || query.redirect_uri === undefined) {
        response.status(400).send('unknown client');
        return;
      }
      const code = randomUUID();
      codes.set(code, {
        issuer: me,
        clientId,
        scopes: (query.scope ?? '').split(' ').filter(Boolean),
        challenge: query.code_challenge ?? '',
      });
      const target = new URL(query.redirect_uri);
      target.searchParams.set('code', code);
      if (query.state !== undefined) target.searchParams.set('state', query.state);
      if (current.iss !== 'none') target.searchParams.set('iss', current.iss === 'right' ? me : `${base}/elsewhere`);
      response.redirect(302, target.href);
    });
    app.post(`/${name}/token`, express.urlencoded({ extended: false }), (request, response) => {
      const body = request.body as Record<string, string | undefined>;
      const grantType = body.grant_type ?? '';
      let assertion: 'valid' | 'invalid' | 'none' = 'none';
      if (body.client_assertion !== undefined) {
        const jwt = current.jwtClient;
        assertion =
          jwt !== undefined &&
          body.client_id === jwt.clientId &&
          verifyAssertion(body.client_assertion, jwt.publicKeyPem, jwt.clientId, me)
            ? 'valid'
            : 'invalid';
      }
      events.push({ type: 'token', issuer: me, grantType, clientId: body.client_id, assertion });
      const issue = (scopes: string[]) => {
        const token = `at-${name}-${randomUUID()}`;
        tokens.set(token, { scopes, issuer: me });
        response.json({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') });
      };
      if (grantType === 'client_credentials') {
        if (assertion !== 'valid') {
          response.status(401).json({ error: 'invalid_client' });
          return;
        }
        issue((body.scope ?? 'files:read').split(' '));
        return;
      }
      const entry = codes.get(body.code ?? '');
      const verifier = createHash('sha256')
        .update(body.code_verifier ?? '')
        .digest('base64url');
      if (
        entry === undefined ||
        entry.issuer !== me ||
        entry.clientId !== body.client_id ||
        verifier !== entry.challenge
      ) {
        response.status(400).json({ error: 'invalid_grant' });
        return;
      }
      codes.delete(body.code ?? '');
      issue(entry.scopes);
    });
  }

  app.post('/mcp', express.json(), async (request, response) => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const grant = bearer === undefined ? undefined : tokens.get(bearer);
    const refuse = (status: number, challenge: string) => {
      events.push({ type: 'mcp', bearer, status });
      response
        .status(status)
        .set('www-authenticate', challenge)
        .json({ error: status === 401 ? 'invalid_token' : 'insufficient_scope' });
    };
    if (grant === undefined || grant.issuer !== issuer()) {
      refuse(401, `Bearer resource_metadata="${resourceMetadataUrl}", scope="files:read"`);
      return;
    }
    const body = request.body as { method?: string; params?: { name?: string } };
    const needed = body.method === 'tools/call' ? TOOL_SCOPES[body.params?.name ?? ''] : undefined;
    if (needed !== undefined && !grant.scopes.includes(needed)) {
      refuse(403, `Bearer error="insufficient_scope", scope="${needed}", resource_metadata="${resourceMetadataUrl}"`);
      return;
    }
    events.push({ type: 'mcp', bearer, status: 200 });
    const mcp = new McpServer({ name: 'fixture-oauth-spec', version: '1.0.0' });
    for (const tool of Object.keys(TOOL_SCOPES)) {
      mcp.registerTool(tool, { description: `Needs ${TOOL_SCOPES[tool]}.` }, () => ({
        content: [{ type: 'text', text: `${tool} with ${grant.scopes.join(' ')} from ${grant.issuer}` }],
      }));
    }
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response, request.body);
  });
  app.get('/mcp', (_request, response) => {
    response.status(405).set('allow', 'POST').end();
  });

  return {
    url: mcpUrl,
    resourceMetadataUrl,
    issuer,
    events,
    settings: current,
    issuedTokens: () => [...tokens.keys()],
    moveToSecondIssuer: () => {
      moved = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
