import { jsonObjectSchema } from '@interlingua/core';
import { z } from 'zod';

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/** One entry of `input`: read by the schema of its `type` (`message` when only a `role` is given). */
export const responsesInputItemEnvelopeSchema = z.looseObject({
  type: z.string().optional(),
  role: z.string().optional(),
});

/** A request body (the gateway direction): the fields mapped to the IR; the rest is kept verbatim. */
export const responsesRequestSchema = z.looseObject({
  model: nullish(z.string()),
  input: nullish(z.union([z.string(), z.array(responsesInputItemEnvelopeSchema)])),
  instructions: nullish(z.string()),
  tools: nullish(z.array(z.looseObject({ type: z.string() }))),
  tool_choice: nullish(z.unknown()),
  max_output_tokens: nullish(z.number().int().positive()),
  temperature: nullish(z.number().min(0)),
  top_p: nullish(z.number().min(0).max(1)),
  stream: nullish(z.boolean()),
  store: nullish(z.boolean()),
  include: nullish(z.array(z.string())),
  previous_response_id: nullish(z.string()),
  conversation: nullish(z.unknown()),
});
/** Parsed request body. */
export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;

/** A function's `parameters`: a JSON object describing an object (`type` may be left out). */
const objectSchemaSchema = jsonObjectSchema.refine(
  (schema) => !Object.hasOwn(schema, 'type') || schema.type === 'object',
  'Expected an object schema (`type: "object"`)',
);

/** A `function` tool of a request: the API's name rule (also the IR's) and an object schema. */
export const responsesFunctionToolSchema = z.object({
  type: z.literal('function'),
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a function name of 1-64 characters from [A-Za-z0-9_-]'),
  description: nullish(z.string()),
  parameters: nullish(objectSchemaSchema),
  strict: nullish(z.boolean()),
});

const partSchema = z.looseObject({ type: z.string() });

/** A `message` input item (`type` may be left out). */
export const responsesInputMessageSchema = z.object({
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(partSchema)]),
});

/** A text part of any message: `input_text` or `output_text`. */
export const responsesTextPartSchema = z.object({ text: z.string() });
/** A `refusal` part of an assistant message. */
export const responsesRefusalPartSchema = z.object({ refusal: z.string() });
/** An `input_image` part. */
export const responsesInputImageSchema = z.object({
  image_url: nullish(z.string()),
  file_id: nullish(z.string()),
  detail: nullish(z.string()),
});
/** An `input_file` part. */
export const responsesInputFileSchema = z.object({
  file_data: nullish(z.string()),
  file_url: nullish(z.string()),
  file_id: nullish(z.string()),
  filename: nullish(z.string()),
});
/** An `input_audio` part. */
export const responsesInputAudioSchema = z.object({
  input_audio: z.object({ data: z.string(), format: z.string() }),
});

/** A `function_call_output` input item. */
export const responsesFunctionCallOutputSchema = z.object({
  call_id: z.string().min(1),
  output: z.union([z.string(), z.array(partSchema)]),
});

/** An `item_reference` input item: a stored item, by id. */
export const responsesItemReferenceSchema = z.object({ id: z.string() });
