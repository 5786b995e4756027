import type { McpElicitationRequest } from './mcp-host-hooks';

type Schema = McpElicitationRequest['requestedSchema'];
type Property = Schema['properties'][string];

function allowedValues(property: Property | { items?: unknown }): string[] | undefined {
  const source = 'items' in property && typeof property.items === 'object' ? property.items : property;
  const record = source as { enum?: unknown; oneOf?: unknown; anyOf?: unknown };
  if (Array.isArray(record.enum)) return record.enum.map(String);
  const options = Array.isArray(record.oneOf) ? record.oneOf : Array.isArray(record.anyOf) ? record.anyOf : undefined;
  return options?.map((option) => String((option as { const?: unknown }).const));
}

function checkValue(name: string, property: Property, value: unknown): string | undefined {
  const type = (property as { type?: string }).type;
  const allowed = allowedValues(property);
  if (type === 'array') {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      return `\`${name}\` must be an array of strings`;
    }
    const outside = value.find((item) => allowed !== undefined && !allowed.includes(item));
    if (outside !== undefined) return `\`${name}\` may only hold ${allowed?.join(', ')}; got "${outside}"`;
    const { minItems, maxItems } = property as { minItems?: number; maxItems?: number };
    if (minItems !== undefined && value.length < minItems) return `\`${name}\` needs at least ${minItems} items`;
    if (maxItems !== undefined && value.length > maxItems) return `\`${name}\` takes at most ${maxItems} items`;
    return undefined;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? undefined : `\`${name}\` must be true or false`;
  if (type === 'number' || type === 'integer') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `\`${name}\` must be a number`;
    if (type === 'integer' && !Number.isInteger(value)) return `\`${name}\` must be a whole number`;
    const { minimum, maximum } = property as { minimum?: number; maximum?: number };
    if (minimum !== undefined && value < minimum) return `\`${name}\` must be at least ${minimum}`;
    if (maximum !== undefined && value > maximum) return `\`${name}\` must be at most ${maximum}`;
    return undefined;
  }
  if (typeof value !== 'string') return `\`${name}\` must be a string`;
  if (allowed !== undefined && !allowed.includes(value)) return `\`${name}\` must be one of ${allowed.join(', ')}`;
  const { minLength, maxLength } = property as { minLength?: number; maxLength?: number };
  if (minLength !== undefined && value.length < minLength) return `\`${name}\` needs at least ${minLength} characters`;
  if (maxLength !== undefined && value.length > maxLength) return `\`${name}\` takes at most ${maxLength} characters`;
  return undefined;
}

/**
 * Checks the content of an accepted elicitation against the flat schema the server asked with
 * (types, enums, bounds, required fields, no unknown fields). Returns the problems; none means valid.
 */
export function validateElicitedContent(schema: Schema, content: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(content, name)) problems.push(`\`${name}\` is required`);
  }
  for (const [name, value] of Object.entries(content)) {
    const property = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (property === undefined) {
      problems.push(`\`${name}\` is not a field of the form`);
      continue;
    }
    const problem = checkValue(name, property, value);
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}
