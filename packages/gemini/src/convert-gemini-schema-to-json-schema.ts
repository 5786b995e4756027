import type { JSONObject, JSONSchema } from '@interlingua/core';

/**
 * Gemini's OpenAPI-subset `Schema` → JSON Schema (the gateway direction): type names are
 * lower-cased (`STRING` → `string`), `nullable: true` becomes `type: [x, 'null']` (or a
 * `null` branch of `anyOf`), `format: 'enum'` is dropped beside its `enum`. Everything
 * else is already JSON Schema and is kept.
 *
 * @see https://ai.google.dev/api/caching#Schema
 */
export function convertGeminiSchemaToJsonSchema(schema: unknown): JSONSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return {};
  const out: JSONObject = {};
  let nullable = false;
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (value === undefined) continue;
    switch (key) {
      case 'type':
        out.type = typeof value === 'string' ? value.toLowerCase() : (value as JSONObject[string]);
        break;
      case 'nullable':
        nullable = value === true;
        break;
      case 'format':
        if (value !== 'enum') out.format = value as string;
        break;
      case 'items':
        out.items = convertGeminiSchemaToJsonSchema(value);
        break;
      case 'anyOf':
        out.anyOf = Array.isArray(value) ? value.map(convertGeminiSchemaToJsonSchema) : [];
        break;
      case 'properties': {
        const properties: JSONObject = {};
        for (const [name, property] of Object.entries(value as Record<string, unknown>)) {
          properties[name] = convertGeminiSchemaToJsonSchema(property);
        }
        out.properties = properties;
        break;
      }
      default:
        out[key] = value as JSONObject[string];
    }
  }
  if (nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: 'null' }];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}
