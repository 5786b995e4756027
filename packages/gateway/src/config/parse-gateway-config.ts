import { InvalidSettingError, parseModelId } from '@interlingua/core';
import { formatSchemaIssues } from '@interlingua/core/adapter';
import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { checkMcpAllowLists } from './check-mcp-allow-lists';
import { type GatewayConfig, gatewayConfigSchema } from './gateway-config-schema';
import { resolveConfigEnv } from './resolve-config-env';
import { suggestConfigKeys } from './suggest-config-keys';

/** Options of {@link parseGatewayConfig}. */
export type ParseGatewayConfigOptions = {
  /** Where `${env:NAME}` references are read from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The file name to put in error messages. Default `gateway.json`. */
  source?: string;
};

/**
 * Reads a gateway config: JSONC text (comments and trailing commas allowed) or an already
 * parsed object. Resolves `${env:NAME}` references, validates with the schema and checks the
 * cross references (a key's models, each fallback). Throws `InvalidSettingError` naming the
 * file and the path of every problem ("gateway.json: keys[0].sha256: expected …").
 *
 * @example
 * const config = parseGatewayConfig(readFileSync('gateway.json', 'utf8'));
 */
export function parseGatewayConfig(input: string | unknown, options: ParseGatewayConfigOptions = {}): GatewayConfig {
  const source = options.source ?? 'gateway.json';
  const raw = typeof input === 'string' ? parseJsonc(input, source) : input;
  let resolved: unknown;
  try {
    resolved = resolveConfigEnv(raw, options.env ?? process.env);
  } catch (error) {
    throw new InvalidSettingError({ message: `${source}: ${(error as Error).message}`, cause: error });
  }
  // zod's records drop a `__proto__` key silently; refuse such names instead.
  const reserved = reservedNames(resolved);
  if (reserved.length > 0) throw new InvalidSettingError({ message: `${source}: ${reserved.join('; ')}` });
  const parsed = gatewayConfigSchema.safeParse(resolved);
  if (!parsed.success) {
    throw new InvalidSettingError({
      message: `${source}: ${formatSchemaIssues(suggestConfigKeys(parsed.error.issues, gatewayConfigSchema))}`,
      cause: parsed.error,
    });
  }
  const problems = crossReferenceProblems(parsed.data);
  if (problems.length > 0) throw new InvalidSettingError({ message: `${source}: ${problems.join('; ')}` });
  return parsed.data;
}

function parseJsonc(text: string, source: string): unknown {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const value: unknown = tree === undefined ? undefined : toValue(tree);
  const first = errors[0];
  if (first !== undefined) {
    const before = text.slice(0, first.offset);
    const line = before.split('\n').length;
    const column = first.offset - before.lastIndexOf('\n');
    throw new InvalidSettingError({
      message: `${source}:${line}:${column}: expected JSON (comments allowed), got ${printParseErrorCode(first.error)}.`,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidSettingError({ message: `${source}: expected an object at the top, got ${describe(value)}.` });
  }
  return value;
}

/** A parse tree as plain data; keys become own properties (`__proto__` stays a key, not a prototype). */
function toValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key === undefined) continue;
        Object.defineProperty(out, String(key.value), {
          value: value === undefined ? undefined : toValue(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(toValue);
    default:
      return node.value;
  }
}

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

function reservedNames(config: unknown): string[] {
  if (typeof config !== 'object' || config === null) return [];
  const problems: string[] = [];
  for (const field of ['models', 'providers', 'backends']) {
    const record = Object.hasOwn(config, field) ? (config as Record<string, unknown>)[field] : undefined;
    if (typeof record !== 'object' || record === null) continue;
    for (const key of Object.keys(record)) {
      if (RESERVED.has(key))
        problems.push(`${field}.${key}: expected a name other than __proto__, constructor or prototype`);
    }
  }
  const mcp = Object.hasOwn(config, 'mcp') ? (config as { mcp?: unknown }).mcp : undefined;
  const servers =
    typeof mcp === 'object' && mcp !== null && Object.hasOwn(mcp, 'servers')
      ? (mcp as { servers?: unknown }).servers
      : undefined;
  if (typeof servers === 'object' && servers !== null) {
    for (const key of Object.keys(servers)) {
      if (RESERVED.has(key))
        problems.push(`mcp.servers.${key}: expected a name other than __proto__, constructor or prototype`);
    }
  }
  return problems;
}

function crossReferenceProblems(config: GatewayConfig): string[] {
  const problems: string[] = [];
  const names = Object.keys(config.models);
  const isBackend = (value: string) => {
    try {
      parseModelId(value);
      return true;
    } catch {
      return false;
    }
  };
  for (const [name, model] of Object.entries(config.models)) {
    for (const field of ['fallbacks', 'contextWindowFallbacks'] as const) {
      (model[field] ?? []).forEach((target, index) => {
        if (!Object.hasOwn(config.models, target) && !isBackend(target)) {
          problems.push(
            `models.${name}.${field}[${index}]: expected a model name (${names.join(', ')}) or "provider:model", got "${target}"`,
          );
        }
      });
    }
  }
  (config.keys ?? []).forEach((key, keyIndex) => {
    (key.models ?? []).forEach((model, index) => {
      const known = Object.hasOwn(config.models, model) || (config.allowProviderModels && isBackend(model));
      if (!known) {
        problems.push(
          `keys[${keyIndex}].models[${index}]: expected one of the configured models (${names.join(', ') || 'none'}${config.allowProviderModels ? ', or "provider:model"' : ''}), got "${model}"`,
        );
      }
    });
  });
  const keysWithMcp = (config.keys ?? []).flatMap((key, index) => (key.mcp === undefined ? [] : [index]));
  if (config.mcp === undefined) {
    for (const index of keysWithMcp) {
      problems.push(
        `keys[${index}].mcp: expected an \`mcp\` section (the MCP servers the gateway serves) for it to apply to`,
      );
    }
  } else if (config.mcp.servers !== undefined) {
    // Servers inline: their names are known here. From an mcp.json, createGateway checks them (`mcpServers`).
    problems.push(
      ...checkMcpAllowLists(config.keys ?? [], Object.keys(config.mcp.servers), (index) => `keys[${index}]`),
    );
  }
  const seen = new Set<string>();
  (config.keys ?? []).forEach((key, index) => {
    const hash = key.sha256.toLowerCase();
    if (seen.has(hash)) problems.push(`keys[${index}].sha256: the same key is listed twice`);
    seen.add(hash);
  });
  return problems;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
