// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidSettingError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { McpBridge } from '../host/mcp-bridge';
import { parseMcpConfig } from './parse-mcp-config';
import { readMcpConfigFile } from './read-mcp-config-file';

const env = { HOME: '~me', TOKEN: 'secret-token' };

function errorOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    expect(InvalidSettingError.isInstance(error)).toBe(true);
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('parseMcpConfig', () => {
  it('reads the Claude Desktop / Cursor mcpServers shape', () => {
    const parsed = parseMcpConfig(
      {
        mcpServers: {
          filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${env:HOME}/docs'] },
          weather: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
        },
      },
      { env },
    );
    expect(parsed.servers).toEqual({
      filesystem: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '~me/docs'],
        env: {},
      },
      weather: {
        type: 'http',
        url: 'https://example.com/mcp',
        headers: { Authorization: 'Bearer secret-token' },
        fallbackToSse: true,
      },
    });
  });

  it('reads the VS Code servers shape with type, and transport forcing SSE', () => {
    const parsed = parseMcpConfig(
      {
        servers: {
          memory: { type: 'stdio', command: 'node', args: ['server.js'], env: { LEVEL: 3, DEBUG: true }, cwd: '/srv' },
          remote: { type: 'http', url: 'http://127.0.0.1:3001/mcp' },
          legacy: { transport: 'sse', url: 'http://127.0.0.1:3001/sse' },
        },
      },
      { env },
    );
    expect(parsed.servers.memory).toEqual({
      type: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { LEVEL: '3', DEBUG: 'true' },
      cwd: '/srv',
    });
    expect(parsed.servers.remote).toMatchObject({ type: 'http', fallbackToSse: false });
    expect(parsed.servers.legacy).toMatchObject({ type: 'sse', fallbackToSse: false });
  });

  it('skips disabled servers, warns about keys other clients write, and resolves defaults', () => {
    const parsed = parseMcpConfig(
      {
        mcpServers: {
          off: { command: 'x', disabled: true },
          on: { command: 'y', autoApprove: ['read'], env: { LEVEL: '${LEVEL:-info}' } },
        },
      },
      { env },
    );
    expect(Object.keys(parsed.servers)).toEqual(['on']);
    expect(parsed.servers.on).toMatchObject({ env: { LEVEL: 'info' } });
    expect(parsed.disabled).toEqual(['off']);
    expect(parsed.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'on.autoApprove',
        message: 'mcp server `on`: `autoApprove` is ignored by the bridge.',
      },
    ]);
  });

  it('names the server and the field in every error', () => {
    expect(errorOf(() => parseMcpConfig({ tools: {} })).message).toBe(
      'mcp config: expected an object with `mcpServers` (Claude Desktop, Cursor) or `servers` (VS Code), got an object.',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: {} } })).message).toBe(
      'mcp server `a`: expected `command` (stdio) or `url` (HTTP), got an object.',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 7 } } })).message).toBe(
      'mcp server `a`: `command`: expected a non-empty string, got number 7.',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 'x', args: 'y' } } })).message).toBe(
      'mcp server `a`: `args`: expected an array of strings, got the string "y".',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 'x', args: ['ok', 1] } } })).message).toBe(
      'mcp server `a`: `args[1]`: expected a string, got number 1.',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: { type: 'websocket', url: 'ws://x' } } })).message).toBe(
      'mcp server `a`: `type`: expected "stdio", "http" or "sse", got the string "websocket".',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: { type: 'http', command: 'x' } } })).message).toBe(
      'mcp server `a`: expected `url` for type "http", got an object.',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: { url: 'not a url' } } })).message).toBe(
      'mcp server `a`: `url`: expected an absolute URL, got "not a url".',
    );
    expect(errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 'x', comand: 'y' } } })).message).toMatch(
      /^mcp server `a`: `comand` is not a known key; did you mean `command`\? Known keys: type, transport, command, args, env, envFile, cwd, url, headers, disabled, roots, oauth, approval, deferLoading, protocol\.$/,
    );
    expect(
      errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 'x' } }, servers: { a: { command: 'y' } } })).message,
    ).toBe('mcp config: server `a` is defined twice.');
  });

  it('refuses an unset variable and a reference form it cannot resolve', () => {
    expect(
      errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 'x', env: { KEY: '${env:NOPE}' } } } }, { env }))
        .message,
    ).toBe('mcp server `a`: `env.KEY`: `${env:NOPE}` names the environment variable NOPE, which is not set.');
    expect(
      errorOf(() => parseMcpConfig({ servers: { a: { url: 'https://x/${input:token}' } } }, { env })).message,
    ).toBe(
      'mcp server `a`: `url`: `${input:token}` needs the editor (it prompts the user or runs an editor command); put the value in the config or use `${env:NAME}`.',
    );
  });
});

describe('readMcpConfigFile', () => {
  it('reads JSONC as VS Code writes it, and names the path when it cannot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-config-'));
    try {
      const path = join(dir, 'mcp.json');
      writeFileSync(
        path,
        '{\n  // my servers\n  "servers": { /* one */ "a": { "command": "x", "args": ["//not a comment",], }, },\n}\n',
      );
      expect(await readMcpConfigFile(path)).toEqual({ servers: { a: { command: 'x', args: ['//not a comment'] } } });
      writeFileSync(path, '{ "servers": ');
      await expect(readMcpConfigFile(path)).rejects.toThrow(
        `mcp config ${path}:1:14: Expected a value, got the end of the file.`,
      );
      await expect(readMcpConfigFile(join(dir, 'missing.json'))).rejects.toThrow(/expected a readable file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('roots in the config', () => {
  it('resolves folders against the workspace folder, keeps URIs, and takes false for no roots', () => {
    const parsed = parseMcpConfig(
      {
        mcpServers: {
          fs: { command: 'node', roots: ['src', '${workspaceFolder}/docs', 'file:///srv/data'] },
          remote: { url: 'https://example.com/mcp', roots: false },
        },
      },
      { env, workspaceFolder: '/srv/project' },
    );
    expect(parsed.servers.fs?.roots).toEqual([
      { uri: 'file:///srv/project/src', name: 'src' },
      { uri: 'file:///srv/project/docs', name: 'docs' },
      { uri: 'file:///srv/data', name: 'data' },
    ]);
    expect(parsed.servers.remote?.roots).toBe(false);
  });

  it("reads a remote server's oauth settings, resolving the secret, and names what is wrong", () => {
    const { servers } = parseMcpConfig(
      {
        mcpServers: {
          svc: {
            url: 'https://mcp.example/mcp',
            oauth: { grant: 'client_credentials', clientId: 'id', clientSecret: '${env:S}' },
          },
          off: { url: 'https://mcp.example/mcp', headers: { Authorization: 'Bearer x' }, oauth: false },
        },
      },
      { env: { S: 'from-env' } },
    );
    expect(servers.svc).toMatchObject({
      oauth: { grant: 'client_credentials', clientId: 'id', clientSecret: 'from-env' },
    });
    expect(servers.off).toMatchObject({ oauth: false });
    const bad = (entry: object) => errorOf(() => parseMcpConfig({ mcpServers: { a: entry } })).message;
    expect(bad({ command: 'x', oauth: {} })).toBe(
      'mcp server `a`: `oauth`: expected no `oauth` on a stdio server (OAuth is for HTTP servers), got an object.',
    );
    expect(bad({ url: 'https://x/mcp', oauth: { grant: 'password' } })).toBe(
      'mcp server `a`: `oauth`.grant: expected "authorization_code" or "client_credentials", got "password".',
    );
    expect(bad({ url: 'https://x/mcp', oauth: { grant: 'client_credentials', clientId: 'id' } })).toBe(
      'mcp server `a`: `oauth`: expected `clientId` and `clientSecret` (or `privateKey`) for the client_credentials grant.',
    );
    expect(bad({ url: 'https://x/mcp', oauth: { scopes: 'a' } })).toBe(
      'mcp server `a`: `oauth`: `scopes` is not a known key. Known keys: grant, clientId, clientSecret, privateKey, clientMetadataUrl, scope, redirectPort.',
    );
    expect(bad({ url: 'https://x/mcp', oauth: { redirectPort: 0 } })).toBe(
      'mcp server `a`: `oauth`.redirectPort: expected a port number (1–65535), got 0.',
    );
  });

  it('names the field of a bad root', () => {
    const notList = errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 'x', roots: 'src' } } }));
    expect(notList.message).toBe(
      'mcp server `a`: `roots`: expected an array of folders or file:// URIs, or false, got the string "src".',
    );
    const bad = errorOf(() => parseMcpConfig({ mcpServers: { a: { command: 'x', roots: ['ok', 3] } } }));
    expect(bad).toMatchObject({ path: ['mcpServers', 'a', 'roots', 1] });
  });
});

describe('McpBridge.fromConfig with a path', () => {
  it('refuses a non-positive timeout before starting anything', async () => {
    await expect(McpBridge.fromConfig({ servers: {} }, { callTimeout: 0 })).rejects.toThrow(
      'Expected `callTimeout` to be a positive number, got 0.',
    );
  });

  it('reads the file and, by default, throws naming a server that cannot start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-config-'));
    try {
      const path = join(dir, 'mcp.json');
      writeFileSync(path, JSON.stringify({ servers: { ghost: { command: join(dir, 'no-such-server') } } }));
      const error = await McpBridge.fromConfig(path).catch((thrown: unknown) => thrown);
      expect(InvalidSettingError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(
        /^MCP server `ghost` failed to start: Its command `[^`]*no-such-server` was not found/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
