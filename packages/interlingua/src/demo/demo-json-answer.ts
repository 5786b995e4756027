import type { JSONValue } from '@interlingua/core';

/**
 * The demo model's answer to a request for JSON: a value of the requested JSON Schema, filled
 * with the weather of `city` (a `city` field gets the city, temperatures 25, conditions "sunny").
 * Deterministic, and valid for the schemas the guides use (objects, arrays, strings, numbers,
 * booleans, enums, consts); anything it cannot read becomes `null`.
 */
export function demoJsonAnswer(schema: unknown, city: string, key = '', depth = 0): JSONValue {
  if (typeof schema !== 'object' || schema === null || depth > 8) return null;
  const node = schema as Record<string, unknown>;
  if ('const' in node) return node.const as JSONValue;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0] as JSONValue;
  const options = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(options) && options.length > 0) return demoJsonAnswer(options[0], city, key, depth + 1);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      const value: Record<string, JSONValue> = {};
      for (const [name, property] of Object.entries(properties))
        value[name] = demoJsonAnswer(property, city, name, depth + 1);
      return value;
    }
    case 'array':
      return [demoJsonAnswer(node.items, city, key, depth + 1)];
    case 'string':
      return /city|name|place|location/i.test(key) ? city : 'sunny';
    case 'number':
    case 'integer':
      return 25;
    case 'boolean':
      return true;
    default:
      return null;
  }
}
