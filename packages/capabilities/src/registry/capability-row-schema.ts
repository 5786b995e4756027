import { formatSchemaIssues, InvalidSettingError } from '@interlingua/core';
import { z } from 'zod';
import type { CapabilityRow } from './capability-row';

const known = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('unknown')]);
const toolChoiceModeSchema = z.enum(['auto', 'none', 'required', 'tool']);

/** The zod schema of {@link CapabilityOverrides}: every field optional, every value possibly `'unknown'`. */
export const capabilityOverridesSchema = z.strictObject({
  toolCalling: known(z.enum(['native', 'none'])).optional(),
  parallelToolCalls: known(z.boolean()).optional(),
  toolChoice: known(z.array(toolChoiceModeSchema)).optional(),
  schema: z
    .strictObject({
      ref: known(z.boolean()).optional(),
      anyOf: known(z.boolean()).optional(),
      allOf: known(z.boolean()).optional(),
      oneOf: known(z.boolean()).optional(),
      formats: known(z.boolean()).optional(),
      nullable: known(z.boolean()).optional(),
      additionalProperties: known(z.boolean()).optional(),
    })
    .optional(),
  imageInput: known(z.boolean()).optional(),
  audioInput: known(z.boolean()).optional(),
  systemPrompt: known(z.enum(['native', 'merge-into-user'])).optional(),
  contextWindow: known(z.number().int().positive()).optional(),
  maxOutputTokens: known(z.number().int().positive()).optional(),
  reasoning: known(z.boolean()).optional(),
});

const patternSchema = z
  .string()
  .min(1)
  .regex(/^[^\s]+$/, 'Expected a pattern without spaces, such as "openai:gpt-4o*"');

/** The zod schema of a {@link CapabilityRow}, for data read from JSON. */
export const capabilityRowSchema = z.strictObject({
  match: z.union([patternSchema, z.array(patternSchema).min(1)]),
  capabilities: capabilityOverridesSchema,
  emulation: z.enum(['react', 'tags']).optional(),
  source: z.string().min(1),
});

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
