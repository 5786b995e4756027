import type {
  Response,
  ResponseCreateParams,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseStreamEvent,
  ResponseUsage,
} from 'openai/resources/responses/responses';
import { z } from 'zod';

/** A Responses API request body, as the `openai` SDK types it. */
export type OpenAIResponsesRequestBody = ResponseCreateParams;
/**
 * A Responses API response body (`object: "response"`). `output_text` is left out: it is a
 * convenience the SDK adds on the client, not a field the API sends.
 */
export type OpenAIResponsesResponseBody = Omit<Response, 'output_text'>;
/** One parsed streaming event (`response.created`, `response.output_text.delta`, …). */
export type OpenAIResponsesStreamEvent = ResponseStreamEvent;
/** One entry of a request's `input`. */
export type OpenAIResponsesInputItem = ResponseInputItem;
/** One entry of a response's `output`. */
export type OpenAIResponsesOutputItem = ResponseOutputItem;
/** A response's `usage`. */
export type OpenAIResponsesUsageBody = ResponseUsage;

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/** An `output_text` or `refusal` part of an assistant message; other parts are reported, not read. */
export const responsesAssistantPartSchema = z.union([
  z.object({ type: z.literal('output_text'), text: z.string() }),
  z.object({ type: z.literal('refusal'), refusal: z.string() }),
]);

/** An assistant `message` item (output, or replayed history): its text and refusal parts. */
export const responsesAssistantMessageSchema = z.object({
  type: z.literal('message'),
  role: z.literal('assistant'),
  content: z.union([z.string(), z.array(responsesAssistantPartSchema)]),
});
/** Parsed assistant message item. */
export type ResponsesAssistantMessage = z.infer<typeof responsesAssistantMessageSchema>;

/** A `reasoning` item: its id, summary and reasoning text, and the encrypted reasoning to replay. */
export const responsesReasoningItemSchema = z.object({
  type: z.literal('reasoning'),
  id: nullish(z.string()),
  summary: nullish(z.array(z.object({ type: z.literal('summary_text'), text: z.string() }))),
  content: nullish(z.array(z.object({ type: z.literal('reasoning_text'), text: z.string() }))),
  encrypted_content: nullish(z.string()),
});
/** Parsed reasoning item. */
export type ResponsesReasoningItem = z.infer<typeof responsesReasoningItemSchema>;

/** A `function_call` item: a client tool call (`call_id` is what the output answers). */
export const responsesFunctionCallSchema = z.object({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  /** Set when the function belongs to a `namespace` tool. */
  namespace: z.string().min(1).optional(),
  arguments: z.string(),
});
/** Parsed function call item. */
export type ResponsesFunctionCall = z.infer<typeof responsesFunctionCallSchema>;

/**
 * Any other output item: a call the provider ran itself (`web_search_call`, `file_search_call`,
 * `code_interpreter_call`, `mcp_call`, …). Kept whole, so a replay can send it back.
 */
export const responsesServerItemSchema = z.looseObject({ type: z.string() });

/** The item types the codec reads field by field; every other type is a provider-executed item. */
export const RESPONSES_CLIENT_ITEM_TYPES: ReadonlySet<string> = new Set(['message', 'reasoning', 'function_call']);

/** A response body: the fields the codec reads (`output` items are read one by one). */
export const responsesResponseSchema = z.object({
  id: nullish(z.string()),
  model: nullish(z.string()),
  status: nullish(z.string()),
  error: nullish(z.object({ code: nullish(z.string()), message: z.string() })),
  incomplete_details: nullish(z.object({ reason: nullish(z.string()) })),
  output: z.array(responsesServerItemSchema),
  // Read field by field by `convertOpenAIResponsesUsage`: a bad count is dropped with a warning.
  usage: z.unknown().optional(),
});
/** Parsed response body. */
export type ResponsesResponse = z.infer<typeof responsesResponseSchema>;
