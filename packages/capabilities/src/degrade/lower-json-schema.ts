import {
  type JSONObject,
  type JSONValue,
  type SchemaCapabilities,
  SchemaConversionError,
  type Warning,
} from '@interlingua/core';
import { MAX_JSON_DEPTH, setOwnProperty } from '@interlingua/core/adapter';

type Change = { feature: keyof SchemaCapabilities; path: string; note: string };

// No honest tool schema comes near this many nodes, even with its $refs inlined.
const MAX_LOWERED_NODES = 100_000;

function isObject(value: JSONValue | undefined): value is JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolvePointer(root: JSONObject, ref: string): JSONObject | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: JSONValue | undefined = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodePointerSegment(raw);
    if (key === undefined) return undefined;
    node = isObject(node) && Object.hasOwn(node, key) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  }
  return isObject(node) ? node : undefined;
}

// A JSON Pointer segment (RFC 6901, URI-encoded in a `$ref`); `undefined` when it is malformed.
function decodePointerSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
  } catch {
    return undefined;
  }
}

/** Merges `allOf` members into one object schema: properties and `required` united, other keys first-wins. */
function flattenAllOf(node: JSONObject, members: JSONObject[]): { merged: JSONObject; conflicts: string[] } {
  const { allOf: _allOf, ...merged } = node;
  const conflicts: string[] = [];
  for (const member of members) {
    for (const [key, value] of Object.entries(member)) {
      if (key === 'properties' && isObject(value)) {
        merged.properties = { ...(isObject(merged.properties) ? merged.properties : {}), ...value };
      } else if (key === 'required' && Array.isArray(value)) {
        const required = Array.isArray(merged.required) ? merged.required : [];
        merged.required = [...new Set([...required, ...value])];
      } else if (!Object.hasOwn(merged, key)) setOwnProperty(merged, key, value);
      else if (JSON.stringify(merged[key]) !== JSON.stringify(value)) conflicts.push(key);
    }
  }
  return { merged, conflicts };
}

const isNullSchema = (schema: JSONObject) => schema.type === 'null';
const onlyKeys = (schema: JSONObject, keys: string[]) => Object.keys(schema).every((key) => keys.includes(key));

/** Simplifies an `anyOf`/`oneOf` where that loses nothing (or only `null`); `undefined` when it cannot. */
function simplifyUnion(
  variants: JSONObject[],
  nullable: SchemaCapabilities['nullable'],
): { schema: JSONObject; note: string } | undefined {
  const nonNull = variants.filter((variant) => !isNullSchema(variant));
  const hadNull = nonNull.length < variants.length;
  if (nonNull.length === 1) {
    const only = { ...(nonNull[0] as JSONObject) };
    if (!hadNull) return { schema: only, note: 'a one-member union became that member' };
    if (nullable !== false && typeof only.type === 'string') {
      return { schema: { ...only, type: [only.type, 'null'] }, note: 'an "X or null" union became a nullable type' };
    }
    return { schema: only, note: 'an "X or null" union became X: null is no longer accepted' };
  }
  if (hadNull) return undefined;
  const isConstant = (variant: JSONObject) =>
    ('const' in variant || Array.isArray(variant.enum)) &&
    onlyKeys(variant, ['const', 'enum', 'type', 'description', 'title']);
  if (nonNull.every(isConstant)) {
    const values: JSONValue[] = [];
    for (const variant of nonNull) {
      if ('const' in variant) values.push(variant.const as JSONValue);
      else if (Array.isArray(variant.enum)) values.push(...variant.enum);
    }
    const types = new Set(nonNull.map((variant) => variant.type));
    const type = types.size === 1 ? [...types][0] : undefined;
    return {
      schema: { ...(typeof type === 'string' ? { type } : {}), enum: values },
      note: 'a union of constants became an enum',
    };
  }
  if (nonNull.every((variant) => typeof variant.type === 'string' && onlyKeys(variant, ['type']))) {
    return {
      schema: { type: nonNull.map((variant) => variant.type as string) },
      note: 'a union of types became a type list',
    };
  }
  return undefined;
}

// Every key of `SchemaCapabilities` (the `satisfies` keeps the list whole when one is added).
const SCHEMA_FEATURES = Object.keys({
  ref: true,
  anyOf: true,
  allOf: true,
  oneOf: true,
  formats: true,
  nullable: true,
  additionalProperties: true,
} satisfies Record<keyof SchemaCapabilities, true>) as (keyof SchemaCapabilities)[];

// Only features marked `false` are lowered (`'unknown'` passes through).
function lacksAny(support: SchemaCapabilities): boolean {
  for (const feature of SCHEMA_FEATURES) if (support[feature] === false) return true;
  return false;
}

/**
 * Lowers a tool's JSON Schema to the features a model accepts: `$ref` inlined (recursive
 * references cut), `allOf` flattened, `anyOf`/`oneOf` simplified where safe, and `format`,
 * `additionalProperties` and `null` types removed where unsupported. Only features marked
 * `false` are touched (`'unknown'` passes through). Every change is reported as a warning,
 * one per tool and feature, naming the paths. Inlining copies a `$ref`'s target at every use,
 * so a schema that would grow past 100,000 nodes or `MAX_JSON_DEPTH` levels throws
 * `SchemaConversionError` instead of hanging. A model that lacks none of the features gets the
 * schema itself back, unwalked (the common case, per request in the gateway).
 */
export function lowerJsonSchema(
  schema: JSONObject,
  support: SchemaCapabilities,
  feature: string,
): { schema: JSONObject; warnings: Warning[] } {
  if (!lacksAny(support)) return { schema, warnings: [] };
  const changes: Change[] = [];
  const unsupported: Change[] = [];
  let nodes = 0;

  function lower(node: JSONObject, path: string, refStack: string[], depth = 1): JSONObject {
    nodes++;
    if (nodes > MAX_LOWERED_NODES || depth > MAX_JSON_DEPTH) {
      throw new SchemaConversionError({
        message: `Expected ${feature} to lower to at most ${MAX_LOWERED_NODES} schema nodes nested at most ${MAX_JSON_DEPTH} levels deep, but at ${path} it ${depth > MAX_JSON_DEPTH ? 'nests deeper' : 'has grown past that'} (inlined $refs count at every use).`,
      });
    }
    let current = node;
    if (support.ref === false && typeof current.$ref === 'string') {
      const ref = current.$ref;
      const { $ref: _ref, ...siblings } = current;
      const target = resolvePointer(schema, ref);
      if (target === undefined) {
        unsupported.push({ feature: 'ref', path, note: `the reference ${ref} is not local and was left as is` });
      } else if (refStack.includes(ref)) {
        changes.push({
          feature: 'ref',
          path,
          note: `the recursive reference ${ref} was cut to an unconstrained value`,
        });
        return { ...siblings, description: `${siblings.description ?? ''} (recursive ${ref})`.trim() };
      } else {
        changes.push({ feature: 'ref', path, note: `${ref} was inlined` });
        return lower({ ...target, ...siblings }, path, [...refStack, ref], depth);
      }
    }
    current = { ...current };
    if (support.ref === false) {
      delete current.$defs;
      delete current.definitions;
    }
    for (const key of ['properties', 'patternProperties', '$defs', 'definitions'] as const) {
      const children = current[key];
      if (!isObject(children)) continue;
      current[key] = Object.fromEntries(
        Object.entries(children).map(([name, child]) => [
          name,
          isObject(child) ? lower(child, `${path}.${key}.${name}`, refStack, depth + 1) : child,
        ]),
      );
    }
    for (const key of ['items', 'additionalProperties', 'not'] as const) {
      const child = current[key];
      if (isObject(child)) current[key] = lower(child, `${path}.${key}`, refStack, depth + 1);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'] as const) {
      const list = current[key];
      if (Array.isArray(list)) {
        current[key] = list.map((child, index) =>
          isObject(child) ? lower(child, `${path}.${key}[${index}]`, refStack, depth + 1) : child,
        );
      }
    }
    if (support.allOf === false && Array.isArray(current.allOf)) {
      const { merged, conflicts } = flattenAllOf(current, current.allOf.filter(isObject));
      changes.push({
        feature: 'allOf',
        path,
        note: `allOf was flattened${conflicts.length === 0 ? '' : ` (conflicting ${conflicts.join(', ')}: first kept)`}`,
      });
      current = merged;
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = current[key];
      if (support[key] !== false || !Array.isArray(list)) continue;
      const simplified = list.every(isObject) ? simplifyUnion(list, support.nullable) : undefined;
      if (simplified === undefined) {
        unsupported.push({ feature: key, path, note: `${key} could not be simplified safely and was left as is` });
        continue;
      }
      const { [key]: _union, ...siblings } = current;
      current = { ...simplified.schema, ...siblings };
      changes.push({ feature: key, path, note: simplified.note });
    }
    if (support.formats === false && typeof current.format === 'string') {
      const { format, ...rest } = current;
      current = { ...rest, description: `${rest.description ?? ''} (format: ${format})`.trim() };
      changes.push({ feature: 'formats', path, note: `format "${format}" moved into the description` });
    }
    if (support.additionalProperties === false && 'additionalProperties' in current) {
      delete current.additionalProperties;
      changes.push({ feature: 'additionalProperties', path, note: 'additionalProperties was removed' });
    }
    if (support.nullable === false && Array.isArray(current.type) && current.type.includes('null')) {
      const types = current.type.filter((type) => type !== 'null');
      current.type = types.length === 1 ? (types[0] as JSONValue) : types;
      changes.push({ feature: 'nullable', path, note: 'null was removed from the type' });
    }
    return current;
  }

  const lowered = lower(schema, feature, []);
  const warnings: Warning[] = [];
  const report = (list: Change[], type: Warning['type']) => {
    const byFeature = new Map<string, Change[]>();
    for (const change of list) byFeature.set(change.feature, [...(byFeature.get(change.feature) ?? []), change]);
    for (const [name, group] of byFeature) {
      warnings.push({
        type,
        feature: `${feature}.${name}`,
        message: `The model does not accept ${name} in tool schemas: ${group.map((change) => `${change.path}: ${change.note}`).join('; ')}.`,
      });
    }
  };
  report(changes, 'degraded');
  report(unsupported, 'unsupported');
  return { schema: lowered, warnings };
}
