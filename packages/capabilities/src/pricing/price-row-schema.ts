import { z } from 'zod';

const perMillion = z.number().finite().nonnegative();
const figures = z.strictObject({
  input: perMillion,
  output: perMillion,
  cacheRead: perMillion.optional(),
  cacheWrite: perMillion.optional(),
  reasoning: perMillion.optional(),
  longContext: z
    .strictObject({
      aboveInputTokens: z.number().int().positive(),
      input: perMillion,
      output: perMillion,
      cacheRead: perMillion.optional(),
      cacheWrite: perMillion.optional(),
    })
    .optional(),
});
const pattern = z
  .string()
  .min(1)
  .regex(/^[^\s]+$/, 'Expected a pattern without spaces, such as "openai:gpt-4.1"');

/** The zod schema of a {@link PriceRow}, for price data read from JSON or registered at run time. */
export const priceRowSchema = z.strictObject({
  match: z.union([pattern, z.array(pattern).min(1)]),
  price: z.union([figures, z.literal('unknown')]),
  source: z.string().min(1),
  read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD'),
  note: z.string().optional(),
});
