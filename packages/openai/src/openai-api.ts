import { jsonObjectSchema } from '@interlingua/core';
import { isNullishNumber, isNullishString, isWireArrayOf, isWireRecord } from '@interlingua/core/adapter';
import type {
  ChatCompletion,
  ChatCompletionAssistantMessageParam,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import { z } from 'zod';

/** A Chat Completions request body, as the `openai` SDK types it. */
export type OpenAIChatRequestBody = ChatCompletionCreateParams;
/** A Chat Completions response body (`chat.completion`). */
export type OpenAIChatResponseBody = ChatCompletion;
/** One parsed streaming chunk (`chat.completion.chunk`). */
export type OpenAIChatChunk = ChatCompletionChunk;
/**
 * One message of a request's `messages`; an assistant message may carry `reasoning_content`,
 * the thinking text compatible servers such as DeepSeek want back (not an OpenAI field).
 */
export type OpenAIChatMessage =
  | ChatCompletionMessageParam
  | (ChatCompletionAssistantMessageParam & { reasoning_content?: string });
/** One entry of a request's `tools`. */
export type OpenAIChatTool = ChatCompletionTool;
/** A request's `tool_choice`. */
export type OpenAIChatToolChoice = ChatCompletionToolChoiceOption;

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

// `usage` is read field by field by `convertOpenAIUsage`: a bad count is dropped with a
// warning and never fails the body that carries it.
const usageSchema = z.unknown().optional();

// In a response an empty id is replaced (`call_<n>`); a request must name its calls.
const functionToolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});
const requestFunctionToolCallSchema = functionToolCallSchema.extend({ id: z.string().min(1) });

// Custom (grammar) tool calls are read only to report them; the IR has no free-form tool input.
const customToolCallSchema = z.object({
  id: z.string(),
  type: z.literal('custom'),
  custom: z.object({ name: z.string(), input: z.string() }),
});

/** A non-streaming response body: the fields the codec reads. */
export const openaiResponseSchema = z.object({
  id: nullish(z.string()),
  model: nullish(z.string()),
  choices: z
    .array(
      z.object({
        finish_reason: nullish(z.string()),
        message: z.object({
          content: nullish(z.string()),
          refusal: nullish(z.string()),
          // DeepSeek, vLLM and other compatible servers put thinking output here.
          reasoning_content: nullish(z.string()),
          tool_calls: nullish(z.array(z.union([functionToolCallSchema, customToolCallSchema]))),
        }),
      }),
    )
    .min(1),
  usage: usageSchema,
});
/** Parsed response body. */
export type OpenAIResponse = z.infer<typeof openaiResponseSchema>;

/** A streaming chunk: the fields the codec reads. */
export const openaiChunkSchema = z.object({
  id: nullish(z.string()),
  model: nullish(z.string()),
  choices: z.array(
    z.object({
      index: nullish(z.number()),
      finish_reason: nullish(z.string()),
      delta: nullish(
        z.object({
          content: nullish(z.string()),
          refusal: nullish(z.string()),
          reasoning_content: nullish(z.string()),
          tool_calls: nullish(
            z.array(
              z.object({
                index: nullish(z.number()),
                id: nullish(z.string()),
                function: nullish(z.object({ name: nullish(z.string()), arguments: nullish(z.string()) })),
              }),
            ),
          ),
        }),
      ),
    }),
  ),
  usage: usageSchema,
});
/** Parsed chunk. */
export type OpenAIChunk = z.infer<typeof openaiChunkSchema>;

// Fast paths for the two bodies read per call: the fields the decoders read, checked by hand.
// A guard passes only what its schema passes (`openai-api.guards.test.ts` checks that on the
// fixtures and fuzzed bodies); when it does not pass, the schema runs and names each bad field.

function isChunkToolCall(value: unknown): boolean {
  if (!isWireRecord(value) || !isNullishNumber(value.index) || !isNullishString(value.id)) return false;
  const fn = value.function;
  return (
    fn === undefined || fn === null || (isWireRecord(fn) && isNullishString(fn.name) && isNullishString(fn.arguments))
  );
}

function isChunkChoice(value: unknown): boolean {
  if (!isWireRecord(value) || !isNullishNumber(value.index) || !isNullishString(value.finish_reason)) return false;
  const delta = value.delta;
  if (delta === undefined || delta === null) return true;
  if (!isWireRecord(delta)) return false;
  if (!isNullishString(delta.content) || !isNullishString(delta.refusal) || !isNullishString(delta.reasoning_content)) {
    return false;
  }
  const calls = delta.tool_calls;
  return calls === undefined || calls === null || isWireArrayOf(calls, isChunkToolCall);
}

/** {@link openaiChunkSchema}'s fast path: `true` only for chunks the schema accepts. */
export function isOpenAIChunk(value: unknown): value is OpenAIChunk {
  return (
    isWireRecord(value) &&
    isNullishString(value.id) &&
    isNullishString(value.model) &&
    isWireArrayOf(value.choices, isChunkChoice)
  );
}

function isResponseToolCall(value: unknown): boolean {
  if (!isWireRecord(value) || typeof value.id !== 'string') return false;
  if (value.type === 'function') {
    const fn = value.function;
    return isWireRecord(fn) && typeof fn.name === 'string' && fn.name !== '' && typeof fn.arguments === 'string';
  }
  const custom = value.custom;
  return (
    value.type === 'custom' &&
    isWireRecord(custom) &&
    typeof custom.name === 'string' &&
    typeof custom.input === 'string'
  );
}

function isResponseChoice(value: unknown): boolean {
  if (!isWireRecord(value) || !isNullishString(value.finish_reason)) return false;
  const message = value.message;
  if (!isWireRecord(message)) return false;
  if (
    !isNullishString(message.content) ||
    !isNullishString(message.refusal) ||
    !isNullishString(message.reasoning_content)
  ) {
    return false;
  }
  const calls = message.tool_calls;
  return calls === undefined || calls === null || isWireArrayOf(calls, isResponseToolCall);
}

/** {@link openaiResponseSchema}'s fast path: `true` only for bodies the schema accepts. */
export function isOpenAIResponse(value: unknown): value is OpenAIResponse {
  return (
    isWireRecord(value) &&
    isNullishString(value.id) &&
    isNullishString(value.model) &&
    isWireArrayOf(value.choices, isResponseChoice) &&
    value.choices.length > 0
  );
}

const textPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const imagePartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string().min(1), detail: z.string().optional() }),
});
const audioPartSchema = z.object({
  type: z.literal('input_audio'),
  input_audio: z.object({ data: z.string(), format: z.string() }),
});
const filePartSchema = z.object({
  type: z.literal('file'),
  file: z.object({
    file_data: z.string().optional(),
    file_id: z.string().optional(),
    filename: z.string().optional(),
  }),
});
const refusalPartSchema = z.object({ type: z.literal('refusal'), refusal: z.string() });

/** A user content part of a request (gateway direction). */
export const openaiUserPartSchema = z.discriminatedUnion('type', [
  textPartSchema,
  imagePartSchema,
  audioPartSchema,
  filePartSchema,
]);
/** Parsed user content part. */
export type OpenAIUserPart = z.infer<typeof openaiUserPartSchema>;

const textContentSchema = z.union([z.string(), z.array(textPartSchema)]);

/** One request message (gateway direction). */
export const openaiMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: textContentSchema }),
  z.object({ role: z.literal('developer'), content: textContentSchema }),
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(openaiUserPartSchema)]) }),
  z.object({
    role: z.literal('assistant'),
    content: nullish(z.union([z.string(), z.array(z.union([textPartSchema, refusalPartSchema]))])),
    refusal: nullish(z.string()),
    // DeepSeek's (and other compatible servers') thinking text, sent back on assistant turns.
    reasoning_content: nullish(z.string()),
    tool_calls: nullish(z.array(z.union([requestFunctionToolCallSchema, customToolCallSchema]))),
  }),
  z.object({ role: z.literal('tool'), content: textContentSchema, tool_call_id: z.string().min(1) }),
  z.object({ role: z.literal('function'), content: nullish(z.string()), name: z.string() }),
]);
/** Parsed request message. */
export type OpenAIMessage = z.infer<typeof openaiMessageSchema>;

// The API's rule for function names, which is also the IR's.
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const TOOL_NAME_MESSAGE = 'Expected a function name of 1-64 characters from [A-Za-z0-9_-]';

// A function's `parameters`: a JSON object nested at most MAX_JSON_DEPTH levels that describes an
// object (`type` may be left out: it can only be "object").
const objectSchemaSchema = jsonObjectSchema.refine(
  (schema) => !Object.hasOwn(schema, 'type') || schema.type === 'object',
  'Expected an object schema (`type: "object"`)',
);

/** A request's `response_format`: text, JSON mode, or a JSON schema. */
export const openaiResponseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string().min(1),
      description: nullish(z.string()),
      schema: nullish(jsonObjectSchema),
      strict: nullish(z.boolean()),
    }),
  }),
]);

/** Parsed `response_format`. */
export type OpenAIResponseFormat = z.infer<typeof openaiResponseFormatSchema>;

/** A request body (gateway direction): the fields mapped to the IR; the rest is kept verbatim. */
export const openaiRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(openaiMessageSchema),
  tools: nullish(
    z.array(
      z.union([
        z.object({
          type: z.literal('function'),
          function: z.object({
            name: z.string().regex(TOOL_NAME, TOOL_NAME_MESSAGE),
            description: nullish(z.string()),
            parameters: nullish(objectSchemaSchema),
            strict: nullish(z.boolean()),
          }),
        }),
        z.object({ type: z.literal('custom'), custom: z.object({ name: z.string() }) }),
      ]),
    ),
  ),
  tool_choice: nullish(
    z.union([
      z.enum(['auto', 'none', 'required']),
      z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) }),
      z.looseObject({ type: z.string() }),
    ]),
  ),
  max_completion_tokens: nullish(z.number().int().positive()),
  max_tokens: nullish(z.number().int().positive()),
  temperature: nullish(z.number().min(0)),
  top_p: nullish(z.number().min(0).max(1)),
  stop: nullish(z.union([z.string(), z.array(z.string())])),
  stream: nullish(z.boolean()),
  // Any level: the four the IR names are mapped, others (`none`, `xhigh`) stay provider options.
  reasoning_effort: nullish(z.string()),
  response_format: nullish(openaiResponseFormatSchema),
});
/** Parsed request body. */
export type OpenAIRequest = z.infer<typeof openaiRequestSchema>;

/** The error body OpenAI (and most compatible servers) send: `{ error: { message, type, code, param } }`. */
export const openaiErrorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    type: nullish(z.string()),
    code: nullish(z.union([z.string(), z.number()])),
  }),
});
