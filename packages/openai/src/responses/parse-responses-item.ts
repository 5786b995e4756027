import { InvalidRequestError, InvalidResponseError } from '@interlingua/core';
import { formatSchemaIssues, type WireSchema } from '@interlingua/core/adapter';

/**
 * Parses one item of a list (`output[2]`, `input[0]`) with its own schema, chosen by the item's
 * `type`, so an error names the item and the field rather than "no union member matched".
 * Returns the issues as one line, `input[0].call_id: …`, on failure.
 */
export function safeParseItemAt<T>(
  schema: WireSchema<T>,
  value: unknown,
  path: readonly PropertyKey[],
): { success: true; value: T } | { success: false; message: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { success: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }));
  return { success: false, message: formatSchemaIssues(issues) };
}

/** {@link safeParseItemAt} for a request body (the gateway direction): throws `InvalidRequestError`. */
export function parseRequestItemAt<T>(schema: WireSchema<T>, value: unknown, path: readonly PropertyKey[]): T {
  const parsed = safeParseItemAt(schema, value, path);
  if (parsed.success) return parsed.value;
  throw new InvalidRequestError({ message: `Expected a Responses API request body: ${parsed.message}` });
}

/** {@link safeParseItemAt} for a response body or stream event: throws `InvalidResponseError`. */
export function parseResponseItemAt<T>(schema: WireSchema<T>, value: unknown, path: readonly PropertyKey[]): T {
  const parsed = safeParseItemAt(schema, value, path);
  if (parsed.success) return parsed.value;
  throw new InvalidResponseError({ message: `Expected a Responses API response: ${parsed.message}` });
}
