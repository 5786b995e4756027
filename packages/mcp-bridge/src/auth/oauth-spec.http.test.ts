// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
import { generateKeyPairSync } from 'node:crypto';
import type { ToolOutput } from '@interlingua/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type OAuthSpecServer, startOAuthSpecServer } from '../__fixtures__/servers/oauth-spec-server';
import type { McpRemoteServerConfig } from '../config/mcp-server-config';
import { parseMcpConfig } from '../config/parse-mcp-config';
import { McpBridge } from '../host/mcp-bridge';
import type { McpBridgeEvent } from '../host/mcp-bridge-event';
import type { McpLoginRequest } from './authorize-mcp-server';
import { loginMcpServer } from './login-mcp-server';
import { McpAuthError } from './mcp-auth-error';
import type { McpOAuthCredentials, McpTokenStore } from './mcp-token-store';

let server: OAuthSpecServer | undefined;
const bridges: McpBridge[] = [];
const everything: string[] = [];

afterEach(async () => {
  await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
  await server?.close();
  server = undefined;
});

function memoryStore(): McpTokenStore & { saved: Map<string, McpOAuthCredentials> } {
  const saved = new Map<string, McpOAuthCredentials>();
  return {
    saved,
    load: async (key) => structuredClone(saved.get(key.server)),
    save: async (key, credentials) => {
      saved.set(key.server, structuredClone(credentials));
      everything.push(JSON.stringify(credentials.clientInformation ?? {}));
    },
    delete: async (key) => {
      saved.delete(key.server);
    },
  };
}

// The browser's part: follow the authorization URL and its redirect back to the loopback listener.
async function browser(url: URL): Promise<void> {
  const page = await fetch(url);
  everything.push(await page.text());
}

// The McpAuthError somewhere down a call failure's causes.
function authErrorIn(error: unknown): McpAuthError | undefined {
  for (let current = error, depth = 0; current !== undefined && depth < 6; depth++) {
    if (McpAuthError.isInstance(current)) return current;
    current = (current as { cause?: unknown } | null)?.cause;
  }
  return undefined;
}

function text(output: ToolOutput): string {
  return output.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const remote = (entry: object) =>
  parseMcpConfig({ mcpServers: { secure: entry } }, { env: {} }).servers.secure as McpRemoteServerConfig;

async function open(entry: object, options: Parameters<typeof McpBridge.fromConfig>[1] = {}): Promise<McpBridge> {
  const bridge = await McpBridge.fromConfig(
    { mcpServers: { secure: entry } },
    {
      restart: false,
      onServerError: 'skip',
      ...options,
      onEvent: (event: McpBridgeEvent) =>
        everything.push(JSON.stringify(event, (_key, value) => (value instanceof Error ? value.message : value))),
    },
  );
  bridges.push(bridge);
  return bridge;
}

describe('authorization as the MCP spec has it, against a hand-written authorization server', () => {
  it('logs in from the 401 challenge: its resource_metadata URL and its scope; registers as a native app', async () => {
    server = await startOAuthSpecServer();
    const store = memoryStore();
    await loginMcpServer('secure', remote({ url: server.url }), { tokenStore: store, openAuthorizationUrl: browser });
    // The metadata lives where only the challenge says: no well-known lookup would find it.
    const register = server.events.find((event) => event.type === 'register');
    expect(register?.body).toMatchObject({ application_type: 'native', token_endpoint_auth_method: 'none' });
    expect(server.events.find((event) => event.type === 'authorize')).toMatchObject({ scope: 'files:read' });
    expect(store.saved.get('secure')?.tokens?.issuer).toBe(server.issuer());

    const bridge = await open({ url: server.url }, { tokenStore: store });
    expect(text(await bridge.callTool('secure__read', {}))).toBe(`read with files:read from ${server.issuer()}`);
  });

  it('steps up on 403 insufficient_scope through the login hook, asking for the granted scope plus the new one', async () => {
    server = await startOAuthSpecServer();
    const store = memoryStore();
    await loginMcpServer('secure', remote({ url: server.url }), { tokenStore: store, openAuthorizationUrl: browser });
    const requests: McpLoginRequest[] = [];
    const bridge = await open(
      { url: server.url },
      {
        tokenStore: store,
        login: {
          openAuthorizationUrl: async (url, request) => {
            requests.push(request);
            await browser(url);
          },
        },
      },
    );
    const output = await bridge.callTool('secure__write', {});
    expect(text(output)).toBe(`write with files:read files:write from ${server.issuer()}`);
    expect(requests).toEqual([{ server: 'secure', reason: 'insufficient-scope', scope: 'files:read files:write' }]);
    expect(server.events.filter((event) => event.type === 'authorize').at(-1)).toMatchObject({
      scope: 'files:read files:write',
    });
  });

  it('without a login hook, a 403 insufficient_scope fails the call saying which scope to log in with', async () => {
    server = await startOAuthSpecServer();
    const store = memoryStore();
    await loginMcpServer('secure', remote({ url: server.url }), { tokenStore: store, openAuthorizationUrl: browser });
    const bridge = await open({ url: server.url }, { tokenStore: store });
    const authorizations = server.events.filter((event) => event.type === 'authorize').length;
    const output = await bridge.callTool('secure__write', {});
    expect(output.isError).toBe(true);
    expect(text(output)).toContain('log in with more scope: files:read files:write');
    expect(text(output)).toContain('interlingua mcp login secure');
    expect(authErrorIn(output.cause)).toMatchObject({ reason: 'insufficient-scope', scope: 'files:read files:write' });
    // Nothing was started behind the user's back.
    expect(server.events.filter((event) => event.type === 'authorize')).toHaveLength(authorizations);
  });

  it('uses a Client ID Metadata Document URL as the client id where the server supports it: no registration', async () => {
    server = await startOAuthSpecServer({ cimd: true });
    const store = memoryStore();
    const clientMetadataUrl = 'https://app.example.com/oauth/client.json';
    await loginMcpServer('secure', remote({ url: server.url, oauth: { clientMetadataUrl } }), {
      tokenStore: store,
      openAuthorizationUrl: browser,
    });
    expect(server.events.some((event) => event.type === 'register')).toBe(false);
    expect(server.events.find((event) => event.type === 'authorize')).toMatchObject({ clientId: clientMetadataUrl });
    expect(server.events.find((event) => event.type === 'token')).toMatchObject({ clientId: clientMetadataUrl });
  });

  it('authenticates client credentials with private_key_jwt: an ES256 assertion for the issuer, the key from the environment', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    server = await startOAuthSpecServer({
      jwtClient: { clientId: 'robot', publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
    });
    const bridge = await open(
      {
        url: server.url,
        oauth: {
          grant: 'client_credentials',
          clientId: 'robot',
          scope: 'files:read',
          privateKey: { pem: '${env:ROBOT_KEY}', algorithm: 'ES256', keyId: 'k1' },
        },
      },
      { tokenStore: memoryStore(), env: { ROBOT_KEY: pem } },
    );
    expect(text(await bridge.callTool('secure__read', {}))).toBe(`read with files:read from ${server.issuer()}`);
    expect(server.events.find((event) => event.type === 'token')).toMatchObject({
      grantType: 'client_credentials',
      clientId: 'robot',
      assertion: 'valid',
    });
    expect(everything.join('\n')).not.toContain(pem.split('\n')[1]);
  });

  it('refuses a redirect whose iss is not the issuer the login started with (RFC 9207): no code is redeemed', async () => {
    server = await startOAuthSpecServer({ iss: 'wrong' });
    const login = loginMcpServer('secure', remote({ url: server.url }), {
      tokenStore: memoryStore(),
      openAuthorizationUrl: browser,
    });
    await expect(login).rejects.toThrow(/issuer did not match.*RFC 9207/);
    await expect(login).rejects.toMatchObject({ reason: 'login-failed' });
    expect(server.events.some((event) => event.type === 'token')).toBe(false);
  });

  it('binds credentials to their issuer: after the resource names another, the old token and client are not used there', async () => {
    server = await startOAuthSpecServer();
    const store = memoryStore();
    await loginMcpServer('secure', remote({ url: server.url }), { tokenStore: store, openAuthorizationUrl: browser });
    const firstClient = store.saved.get('secure')?.clientInformation?.client_id;
    const oldToken = store.saved.get('secure')?.tokens?.access_token;
    const plain = await open({ url: server.url }, { tokenStore: store });
    expect(plain.servers[0]?.state).toBe('connected');

    server.moveToSecondIssuer();
    const refused = await plain.callTool('secure__read', {});
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('requires an OAuth login');
    const sentAfterRefusal = () =>
      server?.events.filter((event) => event.type === 'mcp' && event.bearer === oldToken && event.status === 401);
    expect(sentAfterRefusal()).toHaveLength(1);
    // The resource names the second issuer now: the first one's token is not sent again.
    await plain.callTool('secure__read', {});
    expect(sentAfterRefusal()).toHaveLength(1);

    const hooked = await open(
      { url: server.url },
      { tokenStore: store, login: { openAuthorizationUrl: (url) => browser(url) } },
    );
    expect(text(await hooked.callTool('secure__read', {}))).toBe(`read with files:read from ${server.issuer()}`);
    const atSecond = server.events.filter((event) => 'issuer' in event && event.issuer === server?.issuer());
    expect(atSecond.find((event) => event.type === 'register')).toBeDefined();
    expect(atSecond.some((event) => 'clientId' in event && event.clientId === firstClient)).toBe(false);
  });
});
