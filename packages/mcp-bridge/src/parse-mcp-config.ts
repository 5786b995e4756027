import { InvalidSettingError, type Warning } from '@interlingua/core';
import type { McpServerConfig } from './mcp-server-config';
import { resolveEnvReferences } from './resolve-env-references';

/** Options for {@link parseMcpConfig}. */
export type ParseMcpConfigOptions = {
  /** Where `${env:NAME}` references are looked up. Defaults to `process.env`. */
  env?: Record<string, string | undefined>;
};

/** The servers of an mcp.json, by name, plus warnings about keys that were ignored. */
export type ParsedMcpConfig = {
  servers: Record<string, McpServerConfig>;
  /** Servers marked `"disabled": true`, which are not started. */
  disabled: string[];
  warnings: Warning[];
};

const knownKeys = new Set(['type', 'transport', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'disabled']);
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

function fail(where: string, expected: string, got: unknown): never {
  throw new InvalidSettingError({ message: `${where}: expected ${expected}, got ${describe(got)}.` });
}

/**
 * Validates an mcp.json object and resolves its `${env:NAME}` references.
 *
 * Accepts `mcpServers` (Claude Desktop, Cursor, Claude Code) and `servers` (VS Code). A server with
 * `command` is stdio; one with `url` is Streamable HTTP falling back to SSE, unless `type` or
 * `transport` (`stdio`, `http`, `sse`) forces one. Every problem is an `InvalidSettingError` that
 * names the server and the field.
 *
 * @example
 * ```ts
 * const { servers } = parseMcpConfig({ mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] } } });
 * ```
 */
export function parseMcpConfig(config: unknown, options: ParseMcpConfigOptions = {}): ParsedMcpConfig {
  const env = options.env ?? process.env;
  if (!isRecord(config) || (config.mcpServers === undefined && config.servers === undefined)) {
    fail('mcp config', 'an object with `mcpServers` (Claude Desktop, Cursor) or `servers` (VS Code)', config);
  }
  const result: ParsedMcpConfig = { servers: {}, disabled: [], warnings: [] };
  for (const key of ['mcpServers', 'servers'] as const) {
    const group = config[key];
    if (group === undefined) continue;
    if (!isRecord(group)) fail(`mcp config \`${key}\``, 'an object of servers by name', group);
    for (const [name, entry] of Object.entries(group)) {
      if (name in result.servers || result.disabled.includes(name)) {
        throw new InvalidSettingError({ message: `mcp config: server \`${name}\` is defined twice.` });
      }
      if (isRecord(entry) && entry.disabled === true) {
        result.disabled.push(name);
        continue;
      }
      result.servers[name] = parseServer(name, entry, env, result.warnings);
    }
  }
  return result;
}

function parseServer(
  name: string,
  entry: unknown,
  env: Record<string, string | undefined>,
  warnings: Warning[],
): McpServerConfig {
  const at = (field: string) => `mcp server \`${name}\`: \`${field}\``;
  if (!isRecord(entry)) fail(`mcp server \`${name}\``, 'an object with `command` or `url`', entry);
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
    throw new InvalidSettingError({
      message: `${at(key)} is not a known key; expected one of ${[...knownKeys].join(', ')}.`,
    });
  }
  const forced = entry.type ?? entry.transport;
  let type: 'stdio' | 'http' | 'sse' | undefined;
  if (forced !== undefined) {
    type = typeof forced === 'string' ? transportNames[forced] : undefined;
    if (type === undefined)
      fail(at(entry.type === undefined ? 'transport' : 'type'), '"stdio", "http" or "sse"', forced);
  }
  const text = (field: string, value: unknown) => {
    if (typeof value !== 'string' || value === '') fail(at(field), 'a non-empty string', value);
    return resolveEnvReferences(value, env, at(field));
  };
  const textMap = (field: string, value: unknown) => {
    if (value === undefined) return {};
    if (!isRecord(value)) fail(at(field), 'an object of strings', value);
    const out: Record<string, string> = {};
    for (const [key, item] of Object.entries(value)) {
      // Numbers and booleans in env blocks are common hand-written slips; the child only sees strings anyway.
      if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
      else if (typeof item === 'string') out[key] = resolveEnvReferences(item, env, at(`${field}.${key}`));
      else fail(at(`${field}.${key}`), 'a string', item);
    }
    return out;
  };

  if (type === 'stdio' || (type === undefined && entry.command !== undefined)) {
    if (entry.url !== undefined) fail(at('url'), 'no `url` on a stdio server (it has `command`)', entry.url);
    const args = entry.args ?? [];
    if (!Array.isArray(args)) fail(at('args'), 'an array of strings', args);
    return {
      type: 'stdio',
      command: text('command', entry.command),
      args: args.map((arg, index) =>
        typeof arg === 'string'
          ? resolveEnvReferences(arg, env, at(`args[${index}]`))
          : fail(at(`args[${index}]`), 'a string', arg),
      ),
      env: textMap('env', entry.env),
      ...(entry.cwd === undefined ? {} : { cwd: text('cwd', entry.cwd) }),
    };
  }
  if (entry.url === undefined) {
    fail(
      `mcp server \`${name}\``,
      type === undefined ? '`command` (stdio) or `url` (HTTP)' : `\`url\` for type "${type}"`,
      entry,
    );
  }
  for (const field of ['command', 'args', 'env', 'cwd'] as const) {
    if (entry[field] !== undefined) fail(at(field), `no \`${field}\` on an HTTP server (it has \`url\`)`, entry[field]);
  }
  const url = text('url', entry.url);
  try {
    new URL(url);
  } catch (error) {
    throw new InvalidSettingError({ message: `${at('url')}: expected an absolute URL, got "${url}".`, cause: error });
  }
  return {
    type: type === 'sse' ? 'sse' : 'http',
    url,
    headers: textMap('headers', entry.headers),
    fallbackToSse: type === undefined,
  };
}
