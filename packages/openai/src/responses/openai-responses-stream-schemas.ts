import { isWireRecord } from '@interlingua/core/adapter';
import { z } from 'zod';
import { responsesResponseSchema, responsesServerItemSchema } from './openai-responses-api';

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();
const index = z.number().int().min(0);

/** Every stream event: its `type` (the event name); the rest is read by the schema of that type. */
export const responsesEventEnvelopeSchema = z.looseObject({ type: z.string() });

/** `response.created`, `.in_progress`, `.completed`, `.incomplete`, `.failed`: the response so far. */
export const responsesLifecycleEventSchema = z.object({ response: responsesResponseSchema });

/** `response.output_item.added` / `.done`: an output item and its place. */
export const responsesItemEventSchema = z.object({ output_index: index, item: responsesServerItemSchema });

/** `response.content_part.added` / `.done`: a message (or reasoning text) content part. */
export const responsesContentPartEventSchema = z.object({
  output_index: index,
  content_index: index,
  part: z.looseObject({ type: z.string(), text: z.string().optional(), refusal: z.string().optional() }),
});

/** `response.output_text.delta`, `response.refusal.delta`, `response.reasoning_text.delta`. */
export const responsesContentDeltaEventSchema = z.object({
  output_index: index,
  content_index: nullish(index),
  delta: z.string(),
});

/** `response.reasoning_summary_part.added`: a new summary part begins. */
export const responsesSummaryPartEventSchema = z.object({ output_index: index, summary_index: index });

/** `response.reasoning_summary_text.delta`. */
export const responsesSummaryDeltaEventSchema = z.object({
  output_index: index,
  summary_index: index,
  delta: z.string(),
});

/** `response.reasoning_summary_text.done`: the whole text of one summary part. */
export const responsesSummaryTextDoneEventSchema = z.object({
  output_index: index,
  summary_index: index,
  text: z.string(),
});

/** A finished `message` item: its content parts, read one by one. */
export const responsesMessageItemSchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional(), refusal: z.string().optional() })),
});

/** `response.function_call_arguments.delta`. */
export const responsesArgumentsDeltaEventSchema = z.object({ output_index: index, delta: z.string() });

/**
 * `error`: the API reference puts `code` and `message` at the top; the live API nests them in
 * `error`. Both are read.
 */
export const responsesErrorEventSchema = z.object({
  code: nullish(z.string()),
  message: nullish(z.string()),
  error: nullish(z.object({ code: nullish(z.string()), type: nullish(z.string()), message: nullish(z.string()) })),
});

// Guards for the events that come by the thousand: `true` only for what the schema takes, so the
// decoder skips the zod parse of each delta; anything else goes to the schema (and its error).
const isIndex = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

/** What {@link responsesEventEnvelopeSchema} passes, checked by hand. */
export function isResponsesEventEnvelope(value: unknown): value is z.infer<typeof responsesEventEnvelopeSchema> {
  return isWireRecord(value) && typeof value.type === 'string';
}

/** What {@link responsesContentDeltaEventSchema} passes, checked by hand. */
export function isResponsesContentDeltaEvent(
  value: unknown,
): value is z.infer<typeof responsesContentDeltaEventSchema> {
  if (!isWireRecord(value) || typeof value.delta !== 'string' || !isIndex(value.output_index)) return false;
  return value.content_index === undefined || value.content_index === null || isIndex(value.content_index);
}

/** What {@link responsesArgumentsDeltaEventSchema} passes, checked by hand. */
export function isResponsesArgumentsDeltaEvent(
  value: unknown,
): value is z.infer<typeof responsesArgumentsDeltaEventSchema> {
  return isWireRecord(value) && typeof value.delta === 'string' && isIndex(value.output_index);
}
