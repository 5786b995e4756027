import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, isAbsolute, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InvalidSettingError, type Warning } from '@interlingua/core';
import { findClosestMatch } from '@interlingua/core/adapter';
import { parseMcpProtocolSetting } from './mcp-protocol-setting';
import type { McpRoot, McpServerConfig } from './mcp-server-config';
import { parseMcpToolPolicy } from './mcp-tool-policy';
import { parseEnvFile } from './parse-env-file';
import { parseOAuthConfig } from './parse-oauth-config';
import { resolveEnvReferences } from './resolve-env-references';

/** Options for {@link parseMcpConfig}. */
export type ParseMcpConfigOptions = {
  /** Where `${env:NAME}` references are looked up. Defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * `${workspaceFolder}`, and the folder a relative `envFile` is read from. Defaults to the
   * current directory (`McpBridge.fromConfig` passes the config file's folder).
   */
  workspaceFolder?: string;
  /** `${userHome}`. Defaults to `os.homedir()`. */
  userHome?: string;
};

type Path = (string | number)[];

/** The servers of an mcp.json, by name, plus warnings about keys that were ignored. */
export type ParsedMcpConfig = {
  servers: Record<string, McpServerConfig>;
  /** Servers marked `"disabled": true`, which are not started. */
  disabled: string[];
  warnings: Warning[];
};

const knownKeys = new Set([
  'type',
  'transport',
  'command',
  'args',
  'env',
  'envFile',
  'cwd',
  'url',
  'headers',
  'disabled',
  'roots',
  'oauth',
  'approval',
  'deferLoading',
  'protocol',
]);
// Keys other clients write (Cline, Claude Code, VS Code) that mean nothing to the bridge: ignored with a warning.
const ignoredKeys = new Set(['alwaysAllow', 'autoApprove', 'description', 'timeout', 'dev', 'gallery', 'version']);
const transportNames: Record<string, 'stdio' | 'http' | 'sse'> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse',
};

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(where: string, expected: string, got: unknown, path: Path): never {
  throw new InvalidSettingError({ message: `${where}: expected ${expected}, got ${describe(got)}.`, path });
}

/** The predefined variables of VS Code and Cursor configs that mean something outside an editor. */
function predefinedVariables(options: ParseMcpConfigOptions): Record<string, string> {
  const workspaceFolder = resolve(options.workspaceFolder ?? process.cwd());
  return {
    workspaceFolder,
    workspaceFolderBasename: basename(workspaceFolder),
    userHome: options.userHome ?? homedir(),
    pathSeparator: sep,
    '/': sep,
  };
}

/**
 * Validates an mcp.json object and resolves its variables: `${env:NAME}`, `${NAME}`,
 * `${NAME:-default}`, and VS Code's and Cursor's `${workspaceFolder}`,
 * `${workspaceFolderBasename}`, `${userHome}`, `${pathSeparator}` and `${/}`. A stdio server's
 * `envFile` (VS Code, Cursor) is read here, its variables under the server's own `env`.
 *
 * Accepts `mcpServers` (Claude Desktop, Cursor, Claude Code) and `servers` (VS Code). A server with
 * `command` is stdio; one with `url` is Streamable HTTP falling back to SSE, unless `type` or
 * `transport` (`stdio`, `http`, `sse`) forces one. Every problem is an `InvalidSettingError` that
 * names the server and the field, with the field's `path`; an unknown key names the nearest known one.
 *
 * @example
 * ```ts
 * const { servers } = parseMcpConfig({ mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', './docs'] } } });
 * ```
 */
export function parseMcpConfig(config: unknown, options: ParseMcpConfigOptions = {}): ParsedMcpConfig {
  const env = options.env ?? process.env;
  const context: ParseContext = { env, variables: predefinedVariables(options) };
  if (!isRecord(config) || (config.mcpServers === undefined && config.servers === undefined)) {
    fail('mcp config', 'an object with `mcpServers` (Claude Desktop, Cursor) or `servers` (VS Code)', config, []);
  }
  const result: ParsedMcpConfig = { servers: {}, disabled: [], warnings: [] };
  for (const key of ['mcpServers', 'servers'] as const) {
    const group = config[key];
    if (group === undefined) continue;
    if (!isRecord(group)) fail(`mcp config \`${key}\``, 'an object of servers by name', group, [key]);
    for (const [name, entry] of Object.entries(group)) {
      if (Object.hasOwn(result.servers, name) || result.disabled.includes(name)) {
        throw new InvalidSettingError({
          message: `mcp config: server \`${name}\` is defined twice.`,
          path: [key, name],
        });
      }
      if (isRecord(entry) && entry.disabled === true) {
        result.disabled.push(name);
        continue;
      }
      const server = parseServer(name, entry, context, [key, name], result.warnings);
      Object.defineProperty(result.servers, name, {
        value: server,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return result;
}

type ParseContext = { env: Record<string, string | undefined>; variables: Record<string, string> };

function parseServer(
  name: string,
  entry: unknown,
  context: ParseContext,
  base: Path,
  warnings: Warning[],
): McpServerConfig {
  const at = (field: string) => `mcp server \`${name}\`: \`${field}\``;
  const pathOf = (...rest: (string | number)[]) => [...base, ...rest];
  if (!isRecord(entry)) fail(`mcp server \`${name}\``, 'an object with `command` or `url`', entry, base);
  for (const key of Object.keys(entry)) {
    if (knownKeys.has(key)) continue;
    if (ignoredKeys.has(key)) {
      warnings.push({
        type: 'unsupported',
        feature: `${name}.${key}`,
        message: `${at(key)} is ignored by the bridge.`,
      });
      continue;
    }
    const nearest = findClosestMatch(key, [...knownKeys, ...ignoredKeys]);
    throw new InvalidSettingError({
      message: `${at(key)} is not a known key${nearest === undefined ? '.' : `; did you mean \`${nearest}\`?`} Known keys: ${[...knownKeys].join(', ')}.`,
      path: pathOf(key),
    });
  }
  const resolveText = (value: string, field: string, path: Path) =>
    resolveEnvReferences(value, context.env, at(field), context.variables, path);
  const forced = entry.type ?? entry.transport;
  let type: 'stdio' | 'http' | 'sse' | undefined;
  if (forced !== undefined) {
    type = typeof forced === 'string' ? transportNames[forced] : undefined;
    const field = entry.type === undefined ? 'transport' : 'type';
    if (type === undefined) fail(at(field), '"stdio", "http" or "sse"', forced, pathOf(field));
  }
  const text = (field: string, value: unknown) => {
    if (typeof value !== 'string' || value === '') fail(at(field), 'a non-empty string', value, pathOf(field));
    return resolveText(value, field, pathOf(field));
  };
  const rootText = (index: number, value: unknown) => {
    const field = `roots[${index}]`;
    if (typeof value !== 'string' || value === '') fail(at(field), 'a non-empty string', value, pathOf('roots', index));
    return resolveText(value, field, pathOf('roots', index));
  };
  const textMap = (field: string, value: unknown) => {
    if (value === undefined) return {};
    if (!isRecord(value)) fail(at(field), 'an object of strings', value, pathOf(field));
    const out: Record<string, string> = {};
    for (const [key, item] of Object.entries(value)) {
      let resolved: string;
      // Numbers and booleans in env blocks are common hand-written slips; the child only sees strings anyway.
      if (typeof item === 'number' || typeof item === 'boolean') resolved = String(item);
      else if (typeof item === 'string') resolved = resolveText(item, `${field}.${key}`, pathOf(field, key));
      else fail(at(`${field}.${key}`), 'a string', item, pathOf(field, key));
      Object.defineProperty(out, key, { value: resolved, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };

  const protocol = parseMcpProtocolSetting(entry.protocol, at('protocol'), pathOf('protocol'));
  const protocolField = protocol === undefined ? {} : { protocol };

  if (type === 'stdio' || (type === undefined && entry.command !== undefined)) {
    if (entry.url !== undefined)
      fail(at('url'), 'no `url` on a stdio server (it has `command`)', entry.url, pathOf('url'));
    if (entry.oauth !== undefined)
      fail(at('oauth'), 'no `oauth` on a stdio server (OAuth is for HTTP servers)', entry.oauth, pathOf('oauth'));
    const args = entry.args ?? [];
    if (!Array.isArray(args)) fail(at('args'), 'an array of strings', args, pathOf('args'));
    const fromFile =
      entry.envFile === undefined
        ? {}
        : readEnvFile(text('envFile', entry.envFile), context, at('envFile'), pathOf('envFile'));
    return {
      type: 'stdio',
      command: text('command', entry.command),
      args: args.map((arg, index) =>
        typeof arg === 'string'
          ? resolveText(arg, `args[${index}]`, pathOf('args', index))
          : fail(at(`args[${index}]`), 'a string', arg, pathOf('args', index)),
      ),
      env: { ...fromFile, ...textMap('env', entry.env) },
      ...(entry.cwd === undefined ? {} : { cwd: text('cwd', entry.cwd) }),
      ...protocolField,
      ...parseRoots(entry.roots, rootText, context, at('roots'), pathOf('roots')),
      ...toolPolicyOf(entry, `mcp server \`${name}\``, base),
    };
  }
  if (entry.url === undefined) {
    fail(
      `mcp server \`${name}\``,
      type === undefined ? '`command` (stdio) or `url` (HTTP)' : `\`url\` for type "${type}"`,
      entry,
      base,
    );
  }
  for (const field of ['command', 'args', 'env', 'envFile', 'cwd'] as const) {
    if (entry[field] !== undefined) {
      fail(at(field), `no \`${field}\` on an HTTP server (it has \`url\`)`, entry[field], pathOf(field));
    }
  }
  const url = text('url', entry.url);
  try {
    new URL(url);
  } catch (error) {
    throw new InvalidSettingError({
      message: `${at('url')}: expected an absolute URL, got "${url}".`,
      cause: error,
      path: pathOf('url'),
    });
  }
  return {
    type: type === 'sse' ? 'sse' : 'http',
    url,
    headers: textMap('headers', entry.headers),
    fallbackToSse: type === undefined,
    ...protocolField,
    ...(entry.oauth === undefined
      ? {}
      : { oauth: parseOAuthConfig(entry.oauth, (field, value) => text(field, value), at('oauth'), pathOf('oauth')) }),
    ...parseRoots(entry.roots, rootText, context, at('roots'), pathOf('roots')),
    ...toolPolicyOf(entry, `mcp server \`${name}\``, base),
  };
}

// Only a policy the config sets: a server without one keeps its plain shape.
function toolPolicyOf(entry: Record<string, unknown>, where: string, base: Path) {
  const toolPolicy = parseMcpToolPolicy(entry, where, base);
  return toolPolicy.approval === undefined && toolPolicy.deferLoading === undefined ? {} : { toolPolicy };
}

/** A root as a `file://` URI: a path (relative to the workspace folder) or a URI as written. */
export function toMcpRoot(pathOrUri: string, workspaceFolder: string): McpRoot {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUri)) {
    return { uri: pathOrUri, name: basename(new URL(pathOrUri).pathname) || pathOrUri };
  }
  const full = resolve(workspaceFolder, pathOrUri);
  return { uri: pathToFileURL(full).href, name: basename(full) || full };
}

// `"roots": ["${workspaceFolder}/src", "file:///srv/data"]`, or `false` for no roots capability.
function parseRoots(
  value: unknown,
  text: (index: number, value: unknown) => string,
  context: ParseContext,
  where: string,
  path: Path,
): { roots?: McpRoot[] | false } {
  if (value === undefined) return {};
  if (value === false) return { roots: false };
  if (!Array.isArray(value)) fail(where, 'an array of folders or file:// URIs, or false', value, path);
  const workspaceFolder = context.variables.workspaceFolder ?? process.cwd();
  return {
    roots: value.map((item, index) => toMcpRoot(text(index, item), workspaceFolder)),
  };
}

// VS Code's and Cursor's `envFile`: a relative path is read from the workspace folder.
function readEnvFile(file: string, context: ParseContext, where: string, path: Path): Record<string, string> {
  const full = isAbsolute(file) ? file : resolve(context.variables.workspaceFolder ?? process.cwd(), file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (error) {
    throw new InvalidSettingError({ message: `${where}: expected a readable file, got ${full}.`, cause: error, path });
  }
  const parsed = parseEnvFile(text);
  if ('badLine' in parsed) {
    throw new InvalidSettingError({
      message: `${where}: expected NAME=value lines in ${full}, got something else on line ${parsed.badLine}.`,
      path,
    });
  }
  return parsed.variables;
}
