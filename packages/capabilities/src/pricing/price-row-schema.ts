import { z } from 'zod';
import { modelMatchSchema } from '../registry/capability-row-schema';

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

/** The zod schema of a {@link PriceRow}, for price data read from JSON or registered at run time. */
export const priceRowSchema = z.strictObject({
  match: modelMatchSchema,
  price: z.union([figures, z.literal('unknown')]),
  source: z.string().min(1),
  read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD'),
  note: z.string().optional(),
});
