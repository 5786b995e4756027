import type { McpElicitationRequest } from './mcp-host-hooks';

type Schema = McpElicitationRequest['requestedSchema'];
type Value = string | number | boolean | string[];

function isValue(value: unknown): value is Value {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * An accepted form answer with the schema's defaults filled in (SEP-1034): each field the user
 * left out whose property has a `default` gets it, so the server sees the value the form showed.
 * Fields the user answered are kept as they are; a default that is not a primitive (or a list of
 * strings) is not used. Returns a new object.
 */
export function applyElicitationDefaults(schema: Schema, content: Record<string, Value>): Record<string, Value> {
  const filled: Record<string, Value> = { ...content };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (Object.hasOwn(filled, name)) continue;
    const fallback = (property as { default?: unknown }).default;
    if (!isValue(fallback)) continue;
    // defineProperty: a field named `__proto__` is a field, not the object's prototype.
    Object.defineProperty(filled, name, {
      value: Array.isArray(fallback) ? [...fallback] : fallback,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return filled;
}
