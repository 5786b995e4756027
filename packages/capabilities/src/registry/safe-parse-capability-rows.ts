import { InvalidSettingError } from '@interlingua/core';
import { formatSchemaIssues } from '@interlingua/core/adapter';
import { z } from 'zod';
import type { CapabilityRow } from './capability-row';
import { capabilityRowSchema } from './capability-row-schema';

/**
 * Validates capability rows read from JSON (a user's own data file), without throwing.
 *
 * @example
 * const parsed = safeParseCapabilityRows(JSON.parse(readFileSync('capabilities.json', 'utf8')));
 * if (parsed.success) for (const row of parsed.value) registry.register(row.match, row.capabilities);
 */
export function safeParseCapabilityRows(
  value: unknown,
): { success: true; value: CapabilityRow[] } | { success: false; error: InvalidSettingError } {
  const result = z.array(capabilityRowSchema).safeParse(value);
  if (result.success) return { success: true, value: result.data as CapabilityRow[] };
  return {
    success: false,
    error: new InvalidSettingError({
      message: `Expected an array of capability rows ({ match, capabilities, source }): ${formatSchemaIssues(result.error.issues)}`,
      cause: result.error,
    }),
  };
}
