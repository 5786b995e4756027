import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidSettingError } from '@interlingua/core';
import type { McpOAuthCredentials, McpTokenStore, McpTokenStoreKey } from './mcp-token-store';

/**
 * The folder logins are kept in: `$INTERLINGUA_CONFIG_DIR/mcp-auth`, else
 * `$XDG_CONFIG_HOME/interlingua/mcp-auth`, else `%APPDATA%\interlingua\mcp-auth` on Windows,
 * else `~/.config/interlingua/mcp-auth`.
 */
export function defaultTokenDirectory(env: Record<string, string | undefined> = process.env): string {
  const own = env.INTERLINGUA_CONFIG_DIR;
  if (own !== undefined && own !== '') return join(own, 'mcp-auth');
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg !== undefined && xdg !== '') return join(xdg, 'interlingua', 'mcp-auth');
  const appData = env.APPDATA;
  if (process.platform === 'win32' && appData !== undefined && appData !== '') {
    return join(appData, 'interlingua', 'mcp-auth');
  }
  return join(homedir(), '.config', 'interlingua', 'mcp-auth');
}

// One file per server and URL: the same name pointing elsewhere is another login.
function fileName({ server, url }: McpTokenStoreKey): string {
  const safe = server.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  const hash = createHash('sha256').update(`${server}\n${url}`).digest('hex').slice(0, 16);
  return `${safe}-${hash}.json`;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

/**
 * A {@link McpTokenStore} of JSON files, one per server, in `directory` (default
 * {@link defaultTokenDirectory}). The folder is created owner-only (0700) and each file is
 * written owner-only (0600) through a temporary file and a rename, so a crash never leaves half
 * a login. A file that is not JSON reads as no login.
 */
export function createFileTokenStore(directory: string = defaultTokenDirectory()): McpTokenStore {
  const pathOf = (key: McpTokenStoreKey) => join(directory, fileName(key));
  return {
    async load(key) {
      let text: string;
      try {
        text = await readFile(pathOf(key), 'utf8');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw new InvalidSettingError({
          message: `Could not read the login of MCP server \`${key.server}\`.`,
          cause: error,
        });
      }
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as McpOAuthCredentials)
          : undefined;
      } catch {
        return undefined;
      }
    },
    async save(key, credentials) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      // mkdir's mode is masked by the umask and leaves an existing folder as it was.
      await chmod(directory, 0o700);
      const path = pathOf(key);
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
