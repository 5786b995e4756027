import { InvalidSettingError } from '@interlingua/core';
import { findClosestMatch } from '@interlingua/core/adapter';
import type { McpServeKey, McpServeKeys } from './mcp-serve-keys-config';
import { resolveEnvReferences } from './resolve-env-references';

/** The `serve` section of an mcp.json: who may use `interlingua mcp serve --http`, and what is logged. */
export type McpServeConfig = McpServeKeys & {
  /** Audit lines carry each call's arguments. Default `false`. */
  logArguments: boolean;
};

type Path = (string | number)[];

const sectionKeys = ['masterKey', 'keys', 'logArguments'];
const keyKeys = ['name', 'sha256', 'servers', 'tools', 'requestsPerMinute'];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(where: string, expected: string, got: unknown, path: Path): never {
  throw new InvalidSettingError({
    message: `mcp config \`${where}\`: expected ${expected}, got ${describe(got)}.`,
    path,
  });
}

function checkKeys(entry: Record<string, unknown>, known: readonly string[], where: string, path: Path): void {
  for (const key of Object.keys(entry)) {
    if (known.includes(key)) continue;
    const nearest = findClosestMatch(key, [...known]);
    throw new InvalidSettingError({
      message: `mcp config \`${where}.${key}\` is not a known key${nearest === undefined ? '.' : `; did you mean \`${nearest}\`?`} Known keys: ${known.join(', ')}.`,
      path: [...path, key],
    });
  }
}

function names(value: unknown, where: string, path: Path, known?: readonly string[]): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) fail(where, 'an array of names', value, path);
  return value.map((item, index) => {
    if (typeof item !== 'string' || item === '')
      fail(`${where}[${index}]`, 'a non-empty string', item, [...path, index]);
    if (known !== undefined && !known.includes(item)) {
      const nearest = findClosestMatch(item, [...known]);
      throw new InvalidSettingError({
        message: `mcp config \`${where}[${index}]\`: no server is named \`${item}\`${nearest === undefined ? '' : `; did you mean \`${nearest}\`?`} Servers: ${known.join(', ') || 'none'}.`,
        path: [...path, index],
      });
    }
    return item;
  });
}

function parseKey(entry: unknown, index: number, servers: readonly string[] | undefined): McpServeKey {
  const where = `serve.keys[${index}]`;
  const path: Path = ['serve', 'keys', index];
  if (!isRecord(entry)) fail(where, 'an object with `name` and `sha256`', entry, path);
  checkKeys(entry, keyKeys, where, path);
  const { name, sha256, requestsPerMinute } = entry;
  if (typeof name !== 'string' || name === '' || name.length > 128) {
    fail(`${where}.name`, 'a name of 1 to 128 characters', name, [...path, 'name']);
  }
  if (typeof sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(sha256)) {
    // Never echo the value: it may be the key itself, pasted where its hash belongs.
    fail(
      `${where}.sha256`,
      'the 64-character hex SHA-256 of the key (`printf %s "$KEY" | sha256sum`)',
      typeof sha256 === 'string' ? 'text' : sha256,
      [...path, 'sha256'],
    );
  }
  if (
    requestsPerMinute !== undefined &&
    (typeof requestsPerMinute !== 'number' || !Number.isInteger(requestsPerMinute) || requestsPerMinute < 1)
  ) {
    fail(`${where}.requestsPerMinute`, 'a positive integer', requestsPerMinute, [...path, 'requestsPerMinute']);
  }
  const allowedServers = names(entry.servers, `${where}.servers`, [...path, 'servers'], servers);
  const tools = names(entry.tools, `${where}.tools`, [...path, 'tools']);
  return {
    name,
    sha256: sha256.toLowerCase(),
    ...(allowedServers === undefined ? {} : { servers: allowedServers }),
    ...(tools === undefined ? {} : { tools }),
    ...(requestsPerMinute === undefined ? {} : { requestsPerMinute }),
  };
}

/**
 * Reads the `serve` section of an mcp.json (`undefined` when there is none): `masterKey` (at least
 * 16 characters; write `"${env:INTERLINGUA_MCP_MASTER_KEY}"` rather than the key), `keys` (each a
 * `name`, the key's hex `sha256`, and optionally `servers`, `tools` and `requestsPerMinute`), and
 * `logArguments`. A misspelt field or server name is an `InvalidSettingError` naming the nearest
 * known one; no error message carries a key.
 */
export function parseMcpServeConfig(
  config: unknown,
  options: { env?: Record<string, string | undefined>; servers?: readonly string[] } = {},
): McpServeConfig | undefined {
  const section = isRecord(config) ? config.serve : undefined;
  if (section === undefined) return undefined;
  if (!isRecord(section)) fail('serve', 'an object with `masterKey`, `keys` or `logArguments`', section, ['serve']);
  checkKeys(section, sectionKeys, 'serve', ['serve']);
  const result: McpServeConfig = { logArguments: false };
  if (section.masterKey !== undefined) {
    if (typeof section.masterKey !== 'string')
      fail('serve.masterKey', 'a string', section.masterKey, ['serve', 'masterKey']);
    const masterKey = resolveEnvReferences(
      section.masterKey,
      options.env ?? process.env,
      'mcp config `serve.masterKey`',
      {},
      ['serve', 'masterKey'],
    );
    if (masterKey.length < 16) {
      throw new InvalidSettingError({
        message: `mcp config \`serve.masterKey\`: expected at least 16 characters, got ${masterKey.length}.`,
        path: ['serve', 'masterKey'],
      });
    }
    result.masterKey = masterKey;
  }
  if (section.keys !== undefined) {
    if (!Array.isArray(section.keys)) fail('serve.keys', 'an array of keys', section.keys, ['serve', 'keys']);
    const keys = section.keys.map((entry, index) => parseKey(entry, index, options.servers));
    const seen = new Set<string>();
    const named = new Set<string>(['master']);
    for (const [index, key] of keys.entries()) {
      // A name is a rate bucket and a session owner: two keys (or a key and the master key) may not share one.
      if (named.has(key.name)) {
        throw new InvalidSettingError({
          message: `mcp config \`serve.keys[${index}].name\`: \`${key.name}\` is ${key.name === 'master' ? "the master key's name" : 'the name of another key'}; give each key its own.`,
          path: ['serve', 'keys', index, 'name'],
        });
      }
      named.add(key.name);
      if (seen.has(key.sha256)) {
        throw new InvalidSettingError({
          message: `mcp config \`serve.keys[${index}].sha256\`: the same key is listed twice.`,
          path: ['serve', 'keys', index, 'sha256'],
        });
      }
      seen.add(key.sha256);
    }
    result.keys = keys;
  }
  if (section.logArguments !== undefined) {
    if (typeof section.logArguments !== 'boolean') {
      fail('serve.logArguments', 'true or false', section.logArguments, ['serve', 'logArguments']);
    }
    result.logArguments = section.logArguments;
  }
  return result;
}
