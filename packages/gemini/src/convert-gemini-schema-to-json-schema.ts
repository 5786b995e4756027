import { InvalidRequestError, type JSONObject, type JSONSchema, type JSONValue } from '@interlingua/core';
import { describeJSONKind, MAX_JSON_DEPTH, setOwnProperty } from '@interlingua/core/adapter';

/**
 * Gemini's OpenAPI-subset `Schema` → JSON Schema (the gateway direction): type names are
 * lower-cased (`STRING` → `string`), `nullable: true` becomes `type: [x, 'null']` (or a
 * `null` branch of `anyOf`), `format: 'enum'` is dropped beside its `enum`. Everything
 * else is already JSON Schema and is kept; keys are data (a property named `__proto__` stays a
 * property).
 *
 * Throws `InvalidRequestError` naming the path (`path` is where `schema` sits in the body) when
 * a node that must be a schema (the root, `items`, `anyOf[i]`, each property) or `properties`
 * is not an object, or the schema nests deeper than `MAX_JSON_DEPTH`.
 *
 * @see https://ai.google.dev/api/caching#Schema
 */
export function convertGeminiSchemaToJsonSchema(schema: unknown, path = 'parameters'): JSONSchema {
  return convertNode(schema, path, 0);
}

function convertNode(schema: unknown, path: string, depth: number): JSONObject {
  const node = expectObject(schema, path, 'a schema object');
  // The body was checked against MAX_JSON_DEPTH already; this keeps a direct call bounded too.
  if (depth > MAX_JSON_DEPTH) fail(path, `Expected a schema nested at most ${MAX_JSON_DEPTH} levels deep`);
  const out: JSONObject = {};
  let nullable = false;
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined) continue;
    switch (key) {
      case 'type':
        out.type = typeof value === 'string' ? value.toLowerCase() : (value as JSONValue);
        break;
      case 'nullable':
        nullable = value === true;
        break;
      case 'format':
        if (value !== 'enum') out.format = value as JSONValue;
        break;
      case 'items':
        out.items = convertNode(value, `${path}.items`, depth + 1);
        break;
      case 'anyOf':
        if (!Array.isArray(value))
          fail(`${path}.anyOf`, `Expected an array of schemas, got ${describeJSONKind(value)}`);
        out.anyOf = value.map((branch, index) => convertNode(branch, `${path}.anyOf[${index}]`, depth + 1));
        break;
      case 'properties': {
        const properties: JSONObject = {};
        for (const [name, property] of Object.entries(expectObject(value, `${path}.properties`, 'an object'))) {
          setOwnProperty(properties, name, convertNode(property, `${path}.properties.${name}`, depth + 1));
        }
        out.properties = properties;
        break;
      }
      default:
        setOwnProperty(out, key, value as JSONValue);
    }
  }
  if (nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: 'null' }];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

function expectObject(value: unknown, path: string, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(path, `Expected ${what}, got ${describeJSONKind(value)}`);
  }
  return value as Record<string, unknown>;
}

function fail(path: string, message: string): never {
  throw new InvalidRequestError({ message: `Expected a Gemini generateContent request body: ${path}: ${message}.` });
}
