import { type JSONSchema, SchemaConversionError, type Warning } from '@interlingua/core';
import { MAX_JSON_DEPTH, setOwnProperty } from '@interlingua/core/adapter';
import type { GeminiSchema } from './gemini-api';

/** The result of {@link lowerJsonSchemaForGemini}. */
export type LoweredGeminiSchema = {
  /** The lowered schema, or `undefined` for a tool without parameters (send no `parameters`). */
  schema: GeminiSchema | undefined;
  /** One warning per keyword dropped or approximated, naming the tool and the keyword. */
  warnings: Warning[];
};

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const FORMATS: Record<string, ReadonlySet<string>> = {
  string: new Set(['enum', 'date-time']),
  number: new Set(['float', 'double']),
  integer: new Set(['int32', 'int64']),
};
// Copied as they are: keywords of Gemini's `Schema` with the same meaning as in JSON Schema.
const PLAIN = ['description', 'title', 'minItems', 'maxItems', 'minimum', 'maximum', 'minLength', 'maxLength'];
const PLAIN_OBJECT = ['minProperties', 'maxProperties'];
const OBJECT_KEYS = ['properties', 'required', ...PLAIN_OBJECT];
const ARRAY_KEYS = ['items', 'minItems', 'maxItems'];
// Handled below (inlined, merged or rewritten), so never reported as dropped.
const HANDLED = new Set([
  'type',
  'format',
  'enum',
  'const',
  'nullable',
  'items',
  'properties',
  'required',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  ...PLAIN,
  ...PLAIN_OBJECT,
]);

type Context = {
  toolName: string;
  root: JSONSchema;
  warnings: Warning[];
  expanding: string[];
  featurePrefix: string;
  /** How deep the node being lowered sits in the output. */
  depth: number;
  /** Nodes lowered so far: inlining `$ref`s can multiply a schema. */
  nodes: number;
};

// Inlining `$ref`s copies their target at each use: a schema of a few lines can expand
// exponentially (`a: {anyOf: [b, b]}`, `b: {anyOf: [c, c]}`, …). No honest tool schema comes
// near this many nodes; past it the schema is refused instead of hanging the process.
const MAX_LOWERED_NODES = 100_000;

/**
 * Lowers a tool's JSON Schema to the OpenAPI subset Gemini accepts for function parameters.
 *
 * - local `$ref` (`#/$defs/…`, `#/definitions/…`, any `#/…` pointer) is inlined; a recursive
 *   schema cannot be inlined and throws `SchemaConversionError`, as does a remote `$ref`;
 * - `type: [x, 'null']`, `anyOf`/`oneOf` null branches and `null` in `enum` become `nullable: true`;
 *   `type: [x, y]` becomes `anyOf`; `oneOf` becomes `anyOf` (degraded: exclusivity is lost);
 *   `allOf` of object schemas is merged;
 * - `const` becomes a one-value `enum`; string `enum`s are kept, others dropped;
 * - `format` is kept only where Gemini supports it (`enum`, `date-time`, `float`, `double`,
 *   `int32`, `int64`);
 * - every other keyword (`$schema`, `additionalProperties`, `default`, `examples`, `pattern`,
 *   `exclusiveMinimum`, `multipleOf`, `uniqueItems`, `not`, …) is dropped with a warning that
 *   names the tool and the keyword.
 *
 * A root object schema without properties yields `schema: undefined`: Gemini wants no
 * `parameters` for a function without arguments. Property names are data (`__proto__`
 * included). A schema that would lower to more than 100,000 nodes (inlined `$ref`s multiply)
 * or nest deeper than `MAX_JSON_DEPTH` throws `SchemaConversionError` instead of hanging.
 *
 * @see https://ai.google.dev/api/caching#Schema
 */
export function lowerJsonSchemaForGemini(
  inputSchema: JSONSchema,
  options: { toolName: string; featurePrefix?: string },
): LoweredGeminiSchema {
  const context: Context = {
    toolName: options.toolName,
    root: inputSchema,
    warnings: [],
    expanding: [],
    featurePrefix: options.featurePrefix ?? 'inputSchema',
    depth: 0,
    nodes: 0,
  };
  const lowered = lowerNode(inputSchema, '', context);
  if (lowered.type !== 'object') {
    throw new SchemaConversionError({
      message: `Tool "${options.toolName}": expected the input schema to describe an object, got ${describe(lowered.type)}.`,
    });
  }
  const properties = lowered.properties as Record<string, unknown> | undefined;
  const schema = properties === undefined || Object.keys(properties).length === 0 ? undefined : lowered;
  return { schema, warnings: context.warnings };
}

function lowerNode(node: unknown, path: string, context: Context): GeminiSchema {
  context.nodes++;
  context.depth++;
  try {
    if (context.depth > MAX_JSON_DEPTH || context.nodes > MAX_LOWERED_NODES) {
      throw new SchemaConversionError({
        message: `Tool "${context.toolName}": expected a schema that lowers to at most ${MAX_LOWERED_NODES} nodes nested at most ${MAX_JSON_DEPTH} levels deep, but at ${location(path)} it ${context.depth > MAX_JSON_DEPTH ? 'nests deeper' : 'has grown past that'} (inlined $refs count at every use).`,
      });
    }
    return lowerSchema(node, path, context);
  } finally {
    context.depth--;
  }
}

function lowerSchema(node: unknown, path: string, context: Context): GeminiSchema {
  if (node === true || node === false) {
    degrade(context, path, String(node), 'a boolean schema has no Gemini equivalent; sent an empty schema');
    return {};
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    throw new SchemaConversionError({
      message: `Tool "${context.toolName}": expected a schema object at ${location(path)}, got ${describe(node)}.`,
    });
  }
  const schema = node as Record<string, unknown>;
  if (typeof schema.$ref === 'string') return lowerRef(schema, path, context);

  const out: GeminiSchema = {};
  let nullable = schema.nullable === true;

  for (const key of PLAIN) if (schema[key] !== undefined) out[key] = schema[key];

  // type
  const rawType = schema.type;
  let types: string[] = [];
  if (typeof rawType === 'string') types = [rawType];
  else if (Array.isArray(rawType)) types = rawType.filter((type): type is string => typeof type === 'string');
  if (types.includes('null')) {
    nullable = true;
    types = types.filter((type) => type !== 'null');
  }
  for (const type of types) {
    if (!TYPES.has(type)) throw unsupportedType(context, path, type);
  }
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1) {
    out.anyOf = types.map((type) => ({ type }));
  }

  // anyOf / oneOf / allOf
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    if (keyword === 'oneOf') {
      degrade(context, path, 'oneOf', 'sent "oneOf" as "anyOf" (Gemini cannot require exactly one branch)');
    }
    const kept = branches.filter((branch) => !isNullSchema(branch));
    if (kept.length < branches.length) nullable = true;
    const lowered = kept.map((branch, index) => lowerNode(branch, `${path}.${keyword}[${index}]`, context));
    if (lowered.length === 1) mergeInto(out, lowered[0] as GeminiSchema);
    else if (lowered.length > 1) out.anyOf = lowered;
  }
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((branch, index) => {
      mergeInto(out, lowerNode(branch, `${path}.allOf[${index}]`, context));
    });
  }

  // enum / const
  const values: unknown[] | undefined = Array.isArray(schema.enum)
    ? schema.enum
    : 'const' in schema
      ? [schema.const]
      : undefined;
  if (values !== undefined) {
    const keyword = Array.isArray(schema.enum) ? 'enum' : 'const';
    if (values.includes(null)) nullable = true;
    const nonNull = values.filter((value) => value !== null);
    if (nonNull.every((value) => typeof value === 'string')) {
      if (nonNull.length > 0) {
        out.enum = nonNull;
        out.format = 'enum';
        out.type ??= 'string';
      }
    } else {
      warn(context, path, keyword, 'Gemini accepts only string enums');
    }
  }

  // format
  if (typeof schema.format === 'string' && out.format === undefined) {
    const allowed = typeof out.type === 'string' ? FORMATS[out.type] : undefined;
    if (allowed?.has(schema.format) === true) out.format = schema.format;
    else warn(context, path, 'format', `Gemini does not support format "${schema.format}" here`);
  }

  // array / object
  if (schema.items !== undefined) {
    if (Array.isArray(schema.items)) {
      degrade(context, path, 'items', 'tuple "items" are not supported; sent the first item schema for every element');
      if (schema.items[0] !== undefined) out.items = lowerNode(schema.items[0], `${path}.items[0]`, context);
    } else out.items = lowerNode(schema.items, `${path}.items`, context);
  }
  if (typeof schema.properties === 'object' && schema.properties !== null) {
    const properties: Record<string, GeminiSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      setOwnProperty(properties, name, lowerNode(property, `${path}.properties.${name}`, context));
    }
    out.properties = { ...(out.properties as object | undefined), ...properties };
    out.type ??= 'object';
  }
  if (Array.isArray(schema.required)) {
    const names = schema.required.filter((name): name is string => typeof name === 'string');
    const previous = Array.isArray(out.required) ? (out.required as string[]) : [];
    out.required = [...new Set([...previous, ...names])];
  }
  for (const key of PLAIN_OBJECT) if (schema[key] !== undefined) out[key] = schema[key];
  keepKnownRequired(out, path, context);
  if (types.length > 1) moveIntoTypeBranches(out);
  if (nullable) out.nullable = true;

  for (const key of Object.keys(schema)) {
    if (HANDLED.has(key) || schema[key] === undefined) continue;
    warn(context, path, key, 'Gemini does not accept this keyword in function parameters');
  }
  return out;
}

// Gemini rejects `required` names missing from the same node's `properties`.
function keepKnownRequired(out: GeminiSchema, path: string, context: Context): void {
  if (!Array.isArray(out.required)) return;
  const properties = (out.properties as Record<string, unknown> | undefined) ?? {};
  const unknown = (out.required as string[]).filter((name) => !Object.hasOwn(properties, name));
  if (unknown.length === 0) return;
  const known = (out.required as string[]).filter((name) => Object.hasOwn(properties, name));
  if (known.length === 0) delete out.required;
  else out.required = known;
  degrade(
    context,
    path,
    'required',
    `dropped required ${unknown.map((name) => `"${name}"`).join(', ')}, not among the properties (Gemini rejects that)`,
  );
}

// With `type: [object, array, …]`, Gemini allows `properties` only on an OBJECT node and `items`
// only on an ARRAY node: move them into the matching `anyOf` branch.
function moveIntoTypeBranches(out: GeminiSchema): void {
  const branches = out.anyOf as GeminiSchema[];
  for (const branch of branches) {
    const keys = branch.type === 'object' ? OBJECT_KEYS : branch.type === 'array' ? ARRAY_KEYS : [];
    for (const key of keys) if (out[key] !== undefined) branch[key] = out[key];
  }
  for (const key of [...OBJECT_KEYS, ...ARRAY_KEYS, 'type']) delete out[key];
}

function lowerRef(schema: Record<string, unknown>, path: string, context: Context): GeminiSchema {
  const ref = schema.$ref as string;
  if (!ref.startsWith('#')) {
    throw new SchemaConversionError({
      message: `Tool "${context.toolName}": expected a local $ref ("#/…") at ${location(path)}, got "${ref}"; Gemini needs the schema inlined.`,
    });
  }
  if (context.expanding.includes(ref)) {
    throw new SchemaConversionError({
      message: `Tool "${context.toolName}": the schema is recursive ($ref "${ref}" at ${location(path)} refers back to itself); Gemini function parameters cannot express recursion. Expected a finite schema.`,
    });
  }
  const target = resolvePointer(context.root, ref);
  if (target === undefined) {
    throw new SchemaConversionError({
      message: `Tool "${context.toolName}": $ref "${ref}" at ${location(path)} points at nothing in the schema.`,
    });
  }
  context.expanding.push(ref);
  try {
    // Sibling keywords of $ref (a description, say) win over the referenced schema's.
    const { $ref: _ref, ...siblings } = schema;
    const lowered = lowerNode(target, path, context);
    return Object.keys(siblings).length === 0 ? lowered : { ...lowered, ...lowerNode(siblings, path, context) };
  } finally {
    context.expanding.pop();
  }
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    } catch {
      return undefined; // a malformed %-escape points at nothing
    }
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function mergeInto(target: GeminiSchema, source: GeminiSchema): void {
  for (const [key, value] of Object.entries(source)) {
    if (key === 'properties')
      target.properties = { ...(target.properties as object | undefined), ...(value as object) };
    else if (key === 'required') {
      const previous = Array.isArray(target.required) ? (target.required as string[]) : [];
      target.required = [...new Set([...previous, ...(value as string[])])];
    } else if (target[key] === undefined) target[key] = value;
  }
}

function isNullSchema(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const schema = node as Record<string, unknown>;
  return schema.type === 'null' || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);
}

function warn(context: Context, path: string, keyword: string, reason: string): void {
  context.warnings.push({
    type: 'unsupported',
    feature: `${context.featurePrefix}${path}.${keyword}`,
    message: `Tool "${context.toolName}": ${reason}; dropped "${keyword}" at ${location(path)}.`,
  });
}

function degrade(context: Context, path: string, keyword: string, what: string): void {
  context.warnings.push({
    type: 'degraded',
    feature: `${context.featurePrefix}${path}.${keyword}`,
    message: `Tool "${context.toolName}": ${what} at ${location(path)}.`,
  });
}

function unsupportedType(context: Context, path: string, type: string): SchemaConversionError {
  return new SchemaConversionError({
    message: `Tool "${context.toolName}": expected a JSON Schema type (string, number, integer, boolean, array, object, null) at ${location(path)}, got "${type}".`,
  });
}

function location(path: string): string {
  return path === '' ? 'the schema root' : path.slice(1);
}

function describe(value: unknown): string {
  if (value === undefined) return 'no type';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `"${value}"` : `a ${typeof value}`;
}
