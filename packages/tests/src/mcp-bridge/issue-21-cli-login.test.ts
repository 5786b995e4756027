// `interlingua mcp login` and `logout` as a real process against an OAuth-protected MCP server built
// with the SDK's auth helpers: the test plays the browser (it follows the printed URL with fetch).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthMcpServer, startOAuthMcpServer } from '../../../mcp-bridge/src/__fixtures__/servers/oauth-server';
import { CLI, cleanEnv, ROOT, run, TSX } from '../umbrella/umbrella-fixtures';

let server: OAuthMcpServer;
let dir: string;
let config: string;
const env = () =>
  cleanEnv({
    TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'),
    INTERLINGUA_CONFIG_DIR: join(dir, 'config'),
    DISPLAY: '',
  });

beforeAll(async () => {
  server = await startOAuthMcpServer();
  dir = mkdtempSync(join(tmpdir(), 'interlingua-login-'));
  config = join(dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { secure: { url: server.url } } }));
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('interlingua mcp login / logout', () => {
  it('prints the URL, takes the redirect, stores the login owner-only, and tools then reaches the server', async () => {
    const child = spawn(process.execPath, ['--import', TSX, CLI, 'mcp', 'login', 'secure', '--mcp', config], {
      cwd: ROOT,
      env: env(),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    const followed = new Promise<void>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', async (chunk: string) => {
        stderr += chunk;
        const url = /\n {2}(http:\/\/\S+\/authorize\?\S+)\n/.exec(stderr)?.[1];
        if (url === undefined || stderr.includes('(followed)')) return;
        stderr += '(followed)';
        try {
          const authorize = await fetch(url, { redirect: 'manual' });
          const back = await fetch(authorize.headers.get('location') ?? '');
          expect(await back.text()).toContain('Logged in');
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await followed;
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('Logged in to `secure`.\n');
    expect(stderr).toContain('Open this URL in a browser to log in to `secure`:');
    const folder = join(dir, 'config', 'mcp-auth');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(folder);
    expect(statSync(join(folder, file ?? '')).mode & 0o777).toBe(0o600);

    const tools = await run(process.execPath, ['--import', TSX, CLI, 'tools', '--mcp', config], { env: env() });
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('secure__whoami');
    for (const token of server.issuedTokens())
      expect(stdout + stderr + tools.stdout + tools.stderr).not.toContain(token);

    const logout = await run(process.execPath, ['--import', TSX, CLI, 'mcp', 'logout', 'secure', '--mcp', config], {
      env: env(),
    });
    expect(logout.stdout).toBe('Logged out of `secure`.\n');
    expect(readdirSync(folder)).toEqual([]);
    const after = await run(process.execPath, ['--import', TSX, CLI, 'tools', '--mcp', config], { env: env() });
    expect(after.code).toBe(1);
    expect(after.stdout).toContain('requires an OAuth login: log in with `interlingua mcp login secure');
  }, 120_000);
});
