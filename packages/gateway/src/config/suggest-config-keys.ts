import { findClosestMatch, type SchemaIssue } from '@interlingua/core/adapter';
import type { z } from 'zod';

type Issue = SchemaIssue & { code?: string; keys?: readonly string[]; input?: unknown };

// The parts of a zod 4 schema's definition walked here; anything else ends the walk.
type SchemaDefinition = {
  type?: string;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
};

/**
 * The config's validation issues with a "did you mean" added to each unrecognized key that is
 * one or two edits from a key the schema knows at that place (`models.fast: Unrecognized key:
 * "modle"; did you mean "model"?`). Other issues are returned as they are.
 */
export function suggestConfigKeys(issues: readonly SchemaIssue[], schema: z.ZodType): SchemaIssue[] {
  return issues.map((issue: Issue) => {
    if (issue.code !== 'unrecognized_keys' || issue.keys === undefined) return issue;
    const known = knownKeysAt(schema, issue.path);
    const hints = issue.keys.flatMap((key) => {
      const match = findClosestMatch(key, known);
      return match === undefined ? [] : [`did you mean "${match}" for "${key}"?`];
    });
    if (hints.length === 0) return issue;
    const hint = issue.keys.length === 1 ? hints[0]?.replace(/ for "[^"]*"\?$/, '?') : hints.join(' ');
    return { ...issue, message: `${issue.message}; ${hint}` };
  });
}

/** The keys an object schema accepts at `path` (records and arrays step over their key or index). */
function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType[] = [schema];
  for (const segment of path) {
    current = current.flatMap(objectsOf).flatMap((node) => childrenOf(node, segment));
  }
  return [...new Set(current.flatMap(objectsOf).flatMap((node) => Object.keys(definitionOf(node).shape ?? {})))];
}

function definitionOf(node: z.ZodType): SchemaDefinition {
  return (node as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

// Unwraps optional, default, nullable and pipe wrappers and spreads unions, down to concrete schemas.
function objectsOf(node: z.ZodType): z.ZodType[] {
  const definition = definitionOf(node);
  if (definition.innerType !== undefined) return objectsOf(definition.innerType);
  if (definition.type === 'pipe' && definition.in !== undefined) return objectsOf(definition.in);
  if (definition.options !== undefined) return definition.options.flatMap(objectsOf);
  return [node];
}

function childrenOf(node: z.ZodType, segment: PropertyKey): z.ZodType[] {
  const definition = definitionOf(node);
  if (definition.type === 'object' && typeof segment === 'string') {
    const child = definition.shape?.[segment];
    return child === undefined ? [] : [child];
  }
  if (definition.type === 'record' && definition.valueType !== undefined) return [definition.valueType];
  if (definition.type === 'array' && definition.element !== undefined) return [definition.element];
  return [];
}
