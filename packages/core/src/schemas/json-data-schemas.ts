import { z } from 'zod';
import type { JSONObject, JSONValue, ProviderMetadata } from '../ir/json-value';
import { describeJSONKind, findJSONValueIssue } from '../json/find-json-value-issue';
import type { SchemaIssue } from './format-schema-issues';

// A zod schema that accepts what `check` finds no issue with, and returns the value itself: no
// copy, so keys such as `__proto__` stay own properties. Later refinements see only valid data.
function jsonData<T>(check: (value: unknown) => SchemaIssue | undefined): z.ZodType<T> {
  return z.custom<T>().superRefine((value, context) => {
    const issue = check(value);
    if (issue !== undefined) context.addIssue({ code: 'custom', ...issue, path: [...issue.path], continue: false });
  });
}

/**
 * Zod schema for {@link JSONValue}: plain JSON data nested at most `MAX_JSON_DEPTH` levels,
 * checked iteratively (any input depth is safe). Parsing returns the value itself, so keys
 * such as `__proto__` stay own properties.
 */
export const jsonValueSchema: z.ZodType<JSONValue> = jsonData<JSONValue>((value) => findJSONValueIssue(value));

/** Zod schema for {@link JSONObject}: like {@link jsonValueSchema}, and an object (not an array). */
export const jsonObjectSchema: z.ZodType<JSONObject> = jsonData<JSONObject>((value) =>
  findJSONValueIssue(value, { object: true }),
);

/**
 * Zod schema for {@link ProviderMetadata} (and `ProviderOptions`): an object whose every entry
 * is a {@link jsonObjectSchema} object (each provider's data is measured from its own object).
 */
export const providerMetadataSchema: z.ZodType<ProviderMetadata> = jsonData<ProviderMetadata>((value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { path: [], message: `Expected an object keyed by provider, got ${describeJSONKind(value)}` };
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return { path: [], message: `Expected a JSON value, got ${describeJSONKind(value)}` };
  }
  for (const provider of Object.keys(value)) {
    const issue = findJSONValueIssue((value as Record<string, unknown>)[provider], { object: true });
    if (issue !== undefined) return { ...issue, path: [provider, ...issue.path] };
  }
  return undefined;
});
