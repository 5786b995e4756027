import { InvalidRequestError } from '../errors/invalid-request-error';
import { InvalidResponseError } from '../errors/invalid-response-error';
import { findJSONValueIssue } from '../json/find-json-value-issue';
import { formatSchemaIssues, type SchemaIssue } from './format-schema-issues';

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
 * everything a decoder copies or recurses over is then bounded.
 */
export function parseWireRequest<T>(schema: WireSchema<T>, body: unknown, expected: string): T {
  const issue = findJSONValueIssue(body);
  if (issue !== undefined) {
    throw new InvalidRequestError({ message: `Expected ${expected}: ${formatSchemaIssues([issue])}` });
  }
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
 */
export function safeParseWireResponse<T>(
  schema: WireSchema<T>,
  body: unknown,
  expected: string,
): { success: true; value: T } | { success: false; error: InvalidResponseError } {
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
export function parseWireResponse<T>(schema: WireSchema<T>, body: unknown, expected: string): T {
  const result = safeParseWireResponse(schema, body, expected);
  if (!result.success) throw result.error;
  return result.value;
}
