import { InvalidRequestError } from '../errors/invalid-request-error';
import { InvalidResponseError } from '../errors/invalid-response-error';
import { findJSONValueIssue } from '../json/find-json-value-issue';
import { formatSchemaIssues, type SchemaIssue } from './format-schema-issues';
import type { WireGuard } from './wire-guards';

/**
 * Anything with zod's `safeParse` shape (zod 3 or 4, any copy): what a codec's wire schemas
 * are. Structural, so a third-party codec's own zod works too.
 */
export type WireSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
};

/**
 * Parses a native request body (the gateway direction) with a codec's wire schema. Throws
 * `InvalidRequestError` — "Expected a Chat Completions request body: messages[0].role: …" —
 * with the schema's error as `cause`.
 *
 * Before the schema runs, the whole body must be plain JSON data nested at most
 * `MAX_JSON_DEPTH` levels (checked iteratively): a request body comes from strangers, and
 * everything a decoder copies or recurses over is then bounded. With a `guard` (a hand-written
 * check that passes only bodies the schema would return unchanged, see {@link WireGuard}), such a
 * body is returned as it is, without the schema's parse and copy; any other goes to the schema,
 * so errors read exactly as without the guard.
 */
export function parseWireRequest<T>(schema: WireSchema<T>, body: unknown, expected: string, guard?: WireGuard<T>): T {
  const issue = findJSONValueIssue(body);
  if (issue !== undefined) {
    throw new InvalidRequestError({ message: `Expected ${expected}: ${formatSchemaIssues([issue])}` });
  }
  if (guard?.(body) === true) return body;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new InvalidRequestError({
    message: `Expected ${expected}: ${formatSchemaIssues(parsed.error.issues)}`,
    cause: parsed.error,
  });
}

/**
 * Parses a provider's response body or stream chunk with a codec's wire schema, without
 * throwing: the error is an `InvalidResponseError` naming each bad field, for a stream decoder
 * to yield as an `error` event.
 *
 * With a `guard` (a hand-written check of the fields the decoder reads, see {@link WireGuard}),
 * a body the guard passes is returned as it is, without the schema's parse and copy: the schema
 * runs only for bodies the guard is not sure of, so errors read exactly as without the guard.
 */
export function safeParseWireResponse<T>(
  schema: WireSchema<T>,
  body: unknown,
  expected: string,
  guard?: WireGuard<T>,
): { success: true; value: T } | { success: false; error: InvalidResponseError } {
  if (guard?.(body) === true) return { success: true, value: body };
  const parsed = schema.safeParse(body);
  if (parsed.success) return { success: true, value: parsed.data };
  return {
    success: false,
    error: new InvalidResponseError({
      message: `Expected ${expected}: ${formatSchemaIssues(parsed.error.issues)}`,
      cause: parsed.error,
    }),
  };
}

/** Like {@link safeParseWireResponse}, throwing the `InvalidResponseError`. */
export function parseWireResponse<T>(schema: WireSchema<T>, body: unknown, expected: string, guard?: WireGuard<T>): T {
  const result = safeParseWireResponse(schema, body, expected, guard);
  if (!result.success) throw result.error;
  return result.value;
}
