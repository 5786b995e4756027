import { formatSchemaIssues, InvalidSettingError, parseModelId } from '@interlingua/core';
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { type GatewayConfig, gatewayConfigSchema } from './gateway-config-schema';
import { resolveConfigEnv } from './resolve-config-env';

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
  const parsed = gatewayConfigSchema.safeParse(resolved);
  if (!parsed.success) {
    throw new InvalidSettingError({
      message: `${source}: ${formatSchemaIssues(parsed.error.issues)}`,
      cause: parsed.error,
    });
  }
  const problems = crossReferenceProblems(parsed.data);
  if (problems.length > 0) throw new InvalidSettingError({ message: `${source}: ${problems.join('; ')}` });
  return parsed.data;
}

function parseJsonc(text: string, source: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
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
