import { z } from 'zod';

// Wire types and schemas of the Anthropic Messages API, as far as this adapter reads or
// writes them. Field names are checked against `@anthropic-ai/sdk` (resources/messages).
// Schemas name only the fields we read; they are internal to the adapter.

const jsonObjectSchema = z.record(z.string(), z.unknown());

/** `cache_control` on a block or the system prompt. */
export type AnthropicCacheControl = { type: 'ephemeral'; ttl?: '5m' | '1h' };

/** An image or document source. */
export type AnthropicSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'text'; media_type: 'text/plain'; data: string };

/** A `text` block of a request. */
export type AnthropicTextBlockParam = { type: 'text'; text: string; cache_control?: AnthropicCacheControl };
/** An `image` block of a request (base64 or URL source). */
export type AnthropicImageBlockParam = {
  type: 'image';
  source: AnthropicSource;
  cache_control?: AnthropicCacheControl;
};
/** A `document` block of a request (PDF or plain text). */
export type AnthropicDocumentBlockParam = {
  type: 'document';
  source: AnthropicSource;
  title?: string;
  cache_control?: AnthropicCacheControl;
};
/** A `tool_result` block: the answer to one `tool_use`, inside a user message. */
export type AnthropicToolResultBlockParam = {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | (AnthropicTextBlockParam | AnthropicImageBlockParam | AnthropicDocumentBlockParam)[];
  is_error?: boolean;
  cache_control?: AnthropicCacheControl;
};
/** A signed `thinking` block replayed in an assistant turn. */
export type AnthropicThinkingBlockParam = { type: 'thinking'; thinking: string; signature: string };
/** A `redacted_thinking` block replayed in an assistant turn. */
export type AnthropicRedactedThinkingBlockParam = { type: 'redacted_thinking'; data: string };
/** A `tool_use` block replayed in an assistant turn; `input` is always an object. */
export type AnthropicToolUseBlockParam = { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };
/** A server-side block (`server_tool_use`, `web_search_tool_result`, …), replayed exactly as received. */
export type AnthropicServerBlock = { type: string; [key: string]: unknown };

/** Any block of a request's user message. */
export type AnthropicUserBlockParam =
  | AnthropicTextBlockParam
  | AnthropicImageBlockParam
  | AnthropicDocumentBlockParam
  | AnthropicToolResultBlockParam;
/** Any block of a request's assistant message (or of a response body the gateway writes). */
export type AnthropicAssistantBlockParam =
  | AnthropicTextBlockParam
  | AnthropicThinkingBlockParam
  | AnthropicRedactedThinkingBlockParam
  | AnthropicToolUseBlockParam
  | AnthropicServerBlock;

/** One entry of a request's `messages`. */
/** Parsed {@link anthropicMessageSchema}. */
export type AnthropicMessageParam =
  | { role: 'user'; content: AnthropicUserBlockParam[] }
  | { role: 'assistant'; content: AnthropicAssistantBlockParam[] };

/** A client tool definition. */
export type AnthropicToolParam = { name: string; description?: string; input_schema: Record<string, unknown> };

/** The `tool_choice` field. */
export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

/** The body of `POST /v1/messages` as this adapter writes it. Pass-through keys ride along. */
export type AnthropicMessagesRequest = {
  model: string;
  max_tokens: number;
  messages: AnthropicMessageParam[];
  system?: string | AnthropicTextBlockParam[];
  tools?: (AnthropicToolParam | Record<string, unknown>)[];
  tool_choice?: AnthropicToolChoice;
  temperature?: number;
  top_p?: number;
  stop_sequences?: string[];
  stream?: boolean;
  [key: string]: unknown;
};

/** `usage` of a Message, `message_start` or `message_delta` (every count nullable in deltas). */
export const anthropicUsageSchema = z.object({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  output_tokens_details: z.object({ thinking_tokens: z.number().nullish() }).nullish(),
});
/** Parsed {@link anthropicUsageSchema}. */
export type AnthropicUsage = z.infer<typeof anthropicUsageSchema>;

/** A `text` content block. */
export const anthropicTextBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
/** A `thinking` content block with its `signature`. */
export const anthropicThinkingBlockSchema = z.object({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});
/** A `redacted_thinking` content block. */
export const anthropicRedactedThinkingBlockSchema = z.object({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});
/** A `tool_use` content block. */
export const anthropicToolUseBlockSchema = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});

/** Any block of an assistant turn: the four we map, or a server-side block kept whole. */
export const anthropicContentBlockSchema = z.union([
  anthropicTextBlockSchema,
  anthropicThinkingBlockSchema,
  anthropicRedactedThinkingBlockSchema,
  anthropicToolUseBlockSchema,
  z.looseObject({ type: z.string().refine((type) => !knownBlockTypes.has(type)) }),
]);
const knownBlockTypes = new Set(['text', 'thinking', 'redacted_thinking', 'tool_use']);
/** Parsed {@link anthropicContentBlockSchema}. */
export type AnthropicContentBlock = z.infer<typeof anthropicContentBlockSchema>;

/** A `Message` response body (non-streaming). */
export const anthropicMessageSchema = z.object({
  id: z.string(),
  model: z.string(),
  content: z.array(anthropicContentBlockSchema),
  stop_reason: z.string().nullable(),
  stop_sequence: z.string().nullish(),
  stop_details: jsonObjectSchema.nullish(),
  usage: anthropicUsageSchema,
});
/** A Messages API response body, as far as the codec reads it. */
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;

/** One parsed SSE `data` object of a streamed call; its `type` is the event name. */
export const anthropicStreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message_start'),
    message: z.object({ id: z.string(), model: z.string(), usage: anthropicUsageSchema }),
  }),
  z.object({ type: z.literal('content_block_start'), index: z.number(), content_block: anthropicContentBlockSchema }),
  z.object({
    type: z.literal('content_block_delta'),
    index: z.number(),
    delta: z.union([
      z.object({ type: z.literal('text_delta'), text: z.string() }),
      z.object({ type: z.literal('input_json_delta'), partial_json: z.string() }),
      z.object({ type: z.literal('thinking_delta'), thinking: z.string() }),
      z.object({ type: z.literal('signature_delta'), signature: z.string() }),
      z.looseObject({ type: z.string() }),
    ]),
  }),
  z.object({ type: z.literal('content_block_stop'), index: z.number() }),
  z.object({
    type: z.literal('message_delta'),
    delta: z.object({
      stop_reason: z.string().nullish(),
      stop_sequence: z.string().nullish(),
      stop_details: jsonObjectSchema.nullish(),
    }),
    usage: anthropicUsageSchema.nullish(),
  }),
  z.object({ type: z.literal('message_stop') }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('error'), error: z.object({ type: z.string(), message: z.string() }) }),
]);
/** Parsed {@link anthropicStreamEventSchema}. */
export type AnthropicStreamEvent = z.infer<typeof anthropicStreamEventSchema>;

/** The error body of a failed call, and the `data` of an `error` stream event. */
export const anthropicErrorBodySchema = z.object({
  error: z.object({ type: z.string(), message: z.string() }),
});

const cacheControlSchema = z.object({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() });
const sourceSchema = z.union([
  z.object({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
  z.object({ type: z.literal('url'), url: z.string() }),
  z.object({ type: z.literal('text'), media_type: z.string(), data: z.string() }),
]);
const textParamSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControlSchema.nullish(),
});
const imageParamSchema = z.object({
  type: z.literal('image'),
  source: sourceSchema,
  cache_control: cacheControlSchema.nullish(),
});
const documentParamSchema = z.object({
  type: z.literal('document'),
  source: sourceSchema,
  title: z.string().nullish(),
  cache_control: cacheControlSchema.nullish(),
});
const toolResultParamSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.union([textParamSchema, imageParamSchema, documentParamSchema]))]).optional(),
  is_error: z.boolean().nullish(),
  cache_control: cacheControlSchema.nullish(),
});

/** A Messages API request body, read by the gateway direction. */
export const anthropicMessagesRequestSchema = z.looseObject({
  model: z.string(),
  max_tokens: z.number(),
  messages: z.array(
    z.union([
      z.object({
        role: z.literal('user'),
        content: z.union([
          z.string(),
          z.array(z.union([textParamSchema, imageParamSchema, documentParamSchema, toolResultParamSchema])),
        ]),
      }),
      z.object({
        role: z.literal('assistant'),
        content: z.union([z.string(), z.array(anthropicContentBlockSchema)]),
      }),
    ]),
  ),
  system: z.union([z.string(), z.array(textParamSchema)]).optional(),
  tools: z.array(jsonObjectSchema).optional(),
  tool_choice: z
    .union([
      z.object({ type: z.enum(['auto', 'any']), disable_parallel_tool_use: z.boolean().optional() }),
      z.object({ type: z.literal('tool'), name: z.string(), disable_parallel_tool_use: z.boolean().optional() }),
      z.object({ type: z.literal('none') }),
    ])
    .optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  stop_sequences: z.array(z.string()).optional(),
  stream: z.boolean().optional(),
});
/** Parsed {@link anthropicMessagesRequestSchema}. */
export type AnthropicDecodedRequestBody = z.infer<typeof anthropicMessagesRequestSchema>;

/** A custom (client) tool definition read back from a request. */
export const anthropicToolParamSchema = z.object({
  type: z.literal('custom').nullish(),
  name: z.string(),
  description: z.string().optional(),
  input_schema: jsonObjectSchema,
});
