import { z } from 'zod';

const known = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('unknown')]);
const toolChoiceModeSchema = z.enum(['auto', 'none', 'required', 'tool']);
const effortSchema = z.enum(['minimal', 'low', 'medium', 'high']);
const budget = z.number().int().nonnegative();
const reasoningControlSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('effort'),
    levels: z.array(effortSchema).min(1),
    default: z.union([effortSchema, z.literal('off')]),
  }),
  z.strictObject({
    type: z.literal('budget'),
    min: budget,
    max: budget,
    canDisable: z.boolean(),
    default: z.union([budget, z.enum(['off', 'dynamic'])]),
    effortBudgets: z.strictObject({ minimal: budget, low: budget, medium: budget, high: budget }),
  }),
]);

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
  toolResultMedia: known(z.boolean()).optional(),
  systemPrompt: known(z.enum(['native', 'merge-into-user'])).optional(),
  contextWindow: known(z.number().int().positive()).optional(),
  maxOutputTokens: known(z.number().int().positive()).optional(),
  reasoning: known(z.boolean()).optional(),
  reasoningControl: known(reasoningControlSchema).optional(),
  structuredOutput: known(z.enum(['native', 'tool', 'none'])).optional(),
});

const patternSchema = z
  .string()
  .min(1)
  .regex(/^[^\s]+$/, 'Expected a pattern without spaces, such as "openai:gpt-4o*"');

/** One `provider:model` glob, or several: the `match` of capability and price rows. */
export const modelMatchSchema = z.union([patternSchema, z.array(patternSchema).min(1)]);

/** The zod schema of a {@link CapabilityRow}, for data read from JSON. */
export const capabilityRowSchema = z.strictObject({
  match: modelMatchSchema,
  capabilities: capabilityOverridesSchema,
  emulation: z.enum(['react', 'tags']).optional(),
  api: z.enum(['chat-completions', 'responses']).optional(),
  source: z.string().min(1),
});
