// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolOutput } from '@interlingua/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthMcpServer, SERVICE_CLIENT, startOAuthMcpServer } from '../__fixtures__/servers/oauth-server';
import type { McpRemoteServerConfig } from '../config/mcp-server-config';
import { parseMcpConfig } from '../config/parse-mcp-config';
import { McpBridge } from '../host/mcp-bridge';
import type { McpBridgeEvent } from '../host/mcp-bridge-event';
import { createFileTokenStore } from './create-file-token-store';
import { loginMcpServer, logoutMcpServer } from './login-mcp-server';
import { McpAuthError } from './mcp-auth-error';

let server: OAuthMcpServer;
let directory: string;
const everything: string[] = [];
const bridges: McpBridge[] = [];

beforeAll(async () => {
  server = await startOAuthMcpServer();
  directory = await mkdtemp(join(tmpdir(), 'interlingua-oauth-'));
});

afterAll(async () => {
  await Promise.all(bridges.map((bridge) => bridge.close()));
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

function text(output: ToolOutput): string {
  return output.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const config = () => ({ mcpServers: { secure: { url: server.url } } });
const remote = () => parseMcpConfig(config()).servers.secure as McpRemoteServerConfig;
const store = () => createFileTokenStore(join(directory, 'mcp-auth'));

async function open(options: { env?: Record<string, string> } = {}, servers: object = config()): Promise<McpBridge> {
  const bridge = await McpBridge.fromConfig(servers, {
    tokenStore: store(),
    onServerError: 'skip',
    restart: false,
    ...options,
    onEvent: (event: McpBridgeEvent) =>
      everything.push(JSON.stringify(event, (_key, value) => (value instanceof Error ? value.message : value))),
  });
  bridges.push(bridge);
  return bridge;
}

// The browser's part of the login: follow the authorization URL, then the redirect to the loopback listener.
async function followInBrowser(url: URL): Promise<void> {
  const authorize = await fetch(url, { redirect: 'manual' });
  const location = authorize.headers.get('location');
  if (location === null) throw new Error(`The authorization endpoint answered ${authorize.status} without a redirect.`);
  const back = await fetch(location);
  everything.push(await back.text());
}

describe('OAuth against an SDK-built protected MCP server', () => {
  it('fails with a login-required error when no login is stored: the server answered 401', async () => {
    const bridge = await open();
    const [status] = bridge.servers;
    expect(status?.state).toBe('failed');
    expect(McpAuthError.isInstance(status?.error)).toBe(true);
    expect((status?.error as McpAuthError | undefined)?.reason).toBe('login-required');
    expect(status?.error?.message).toContain('interlingua mcp login secure');
    expect(server.seen).toContainEqual(expect.objectContaining({ method: 'POST', path: '/mcp', status: 401 }));
    // No client was registered by a bridge that only runs.
    expect(server.seen.some((request) => request.path === '/register')).toBe(false);
  });

  it('does not try legacy SSE after the server refused the connection (401), OAuth off or not', async () => {
    for (const oauth of [false, undefined]) {
      server.seen.length = 0;
      const bridge = await open(
        {},
        { mcpServers: { secure: { url: server.url, ...(oauth === false ? { oauth } : {}) } } },
      );
      expect(bridge.servers[0]?.state).toBe('failed');
      expect(server.seen).toContainEqual(expect.objectContaining({ method: 'POST', path: '/mcp', status: 401 }));
      // SSE would open a GET stream on the same URL.
      expect(server.seen.filter((request) => request.method === 'GET' && request.path === '/mcp')).toEqual([]);
    }
  });

  it('logs in: discovery, dynamic registration, authorization code with PKCE through the loopback redirect', async () => {
    server.seen.length = 0;
    const authorizationUrls: URL[] = [];
    await loginMcpServer('secure', remote(), {
      tokenStore: store(),
      openAuthorizationUrl: async (url) => {
        authorizationUrls.push(url);
        await followInBrowser(url);
      },
    });
    const paths = server.seen.map(
      (request) => `${request.method} ${request.path}${request.grantType === undefined ? '' : ` ${request.grantType}`}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        // The challenge first: its resource_metadata says where discovery starts.
        'POST /mcp',
        'GET /.well-known/oauth-protected-resource/mcp',
        'GET /.well-known/oauth-authorization-server',
        'POST /register',
        'GET /authorize',
        'POST /token authorization_code',
      ]),
    );
    const [url] = authorizationUrls;
    expect(url?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url?.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(url?.searchParams.get('resource')).toBe(server.url);
    expect(url?.searchParams.get('state')).toBeTruthy();

    const folder = join(directory, 'mcp-auth');
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    const file = join(folder, files[0] ?? '');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(server.issuedTokens()).toContain(stored.tokens.access_token);
    expect(stored.tokens.refresh_token).toMatch(/^rt-/);
  });

  it('calls the server with the stored token, then refreshes it when it expires', async () => {
    const bridge = await open();
    expect(bridge.servers[0]?.state).toBe('connected');
    const first = await bridge.callTool('secure__whoami', {});
    expect(first.isError).toBeFalsy();
    expect(text(first)).toMatch(/^client [\w-]{36} with scopes mcp:tools$/);

    server.seen.length = 0;
    server.expireAccessTokens();
    const second = await bridge.callTool('secure__whoami', {});
    expect(text(second)).toBe(text(first));
    expect(server.seen.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(
      expect.arrayContaining(['POST /mcp 401', 'POST /token 200', 'POST /mcp 200']),
    );
    expect(server.seen.find((request) => request.path === '/token')?.grantType).toBe('refresh_token');
  });

  it('says to log in again when the refresh token was revoked', async () => {
    const bridge = await open();
    server.revokeRefreshTokens();
    server.expireAccessTokens();
    const output = await bridge.callTool('secure__whoami', {});
    expect(output.isError).toBe(true);
    expect(text(output)).toContain('refused the stored refresh token (revoked or expired): log in again');
    expect(text(output)).toContain('interlingua mcp login secure');

    const next = await open();
    expect((next.servers[0]?.error as McpAuthError | undefined)?.reason).toBe('login-required');
  });

  it('gets a token with client credentials on a headless host, with no login and no browser', async () => {
    server.seen.length = 0;
    const bridge = await open(
      { env: { SERVICE_SECRET: SERVICE_CLIENT.clientSecret } },
      {
        mcpServers: {
          service: {
            url: server.url,
            oauth: {
              grant: 'client_credentials',
              clientId: SERVICE_CLIENT.clientId,
              clientSecret: '${env:SERVICE_SECRET}',
            },
          },
        },
      },
    );
    expect(bridge.servers[0]?.error?.message).toBeUndefined();
    expect(text(await bridge.callTool('service__whoami', {}))).toBe('client service-client with scopes mcp:tools');
    expect(server.seen.find((request) => request.path === '/token')?.grantType).toBe('client_credentials');
  });

  it('logs out: the stored login is gone', async () => {
    await logoutMcpServer('secure', remote(), { tokenStore: store() });
    expect(await store().load({ server: 'secure', url: server.url })).toBeUndefined();
  });

  it('never put a token or the client secret in an event, error or page', () => {
    const secrets = [...server.issuedTokens(), SERVICE_CLIENT.clientSecret];
    expect(secrets.length).toBeGreaterThan(4);
    const seen = everything.join('\n');
    for (const secret of secrets) expect(seen).not.toContain(secret);
  });
});
