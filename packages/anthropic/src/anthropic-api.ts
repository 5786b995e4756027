import {
  findJSONValueIssue,
  type JSONObject,
  jsonObjectSchema,
  jsonValueSchema,
  MAX_JSON_DEPTH,
} from '@interlingua/core';
import { z } from 'zod';

// Wire types and schemas of the Anthropic Messages API, as far as this adapter reads or
// writes them. Field names are checked against `@anthropic-ai/sdk` (resources/messages).
// Schemas name only the fields we read; they are internal to the adapter. JSON values copied
// into the IR (tool inputs, server blocks, stop details) are checked with core's JSON schemas:
// plain data, nested at most MAX_JSON_DEPTH levels, own `__proto__` keys kept.

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

/**
 * A JSON object that sits `levels` deeper in the IR than on the wire (a server block inside
 * `providerMetadata.anthropic.serverToolBlocks[i].block`, say), so may nest that much less.
 */
export function anthropicJSONObjectSchema(levels: number): z.ZodType<JSONObject> {
  return z.custom<JSONObject>().superRefine((value, context) => {
    const issue = findJSONValueIssue(value, { object: true, maxDepth: MAX_JSON_DEPTH - levels });
    if (issue !== undefined) {
      context.addIssue({ code: 'custom', message: issue.message, path: [...issue.path], continue: false });
    }
  });
}

/** How much deeper a server block sits in the IR: `anthropic` → `serverToolBlocks` → `[i]` → `block`. */
export const SERVER_BLOCK_IR_LEVELS = 3;

/**
 * `usage` of a Message, `message_start` or `message_delta`, as sent: read count by count by
 * `convertAnthropicUsage`, so that a bad count is dropped with a warning and never fails the body.
 */
export type AnthropicUsage = Record<string, unknown>;
const usageSchema = z.unknown().optional();

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
  id: z.string().min(1),
  name: z.string().min(1),
  input: jsonValueSchema,
});

/** Any block of an assistant turn: the four we map, or a server-side block kept whole. */
export const anthropicContentBlockSchema = z.union([
  anthropicTextBlockSchema,
  anthropicThinkingBlockSchema,
  anthropicRedactedThinkingBlockSchema,
  anthropicToolUseBlockSchema,
  anthropicJSONObjectSchema(SERVER_BLOCK_IR_LEVELS).refine(
    (block) => typeof block.type === 'string' && !knownBlockTypes.has(block.type),
    'Expected a content block with a `type`',
  ),
]);
const knownBlockTypes = new Set(['text', 'thinking', 'redacted_thinking', 'tool_use']);
/** Parsed {@link anthropicContentBlockSchema}. */
export type AnthropicContentBlock = z.infer<typeof anthropicContentBlockSchema>;

// A streamed block starts empty; its signature comes in `signature_delta`s. The API sends
// `signature: ""` on a thinking block's start, but a proxied or spliced stream may leave it out.
const anthropicStartBlockSchema = z.union([
  anthropicTextBlockSchema,
  anthropicThinkingBlockSchema.extend({ signature: z.string().optional() }),
  anthropicRedactedThinkingBlockSchema,
  anthropicToolUseBlockSchema,
  z.looseObject({ type: z.string().refine((type) => !knownBlockTypes.has(type)) }),
]);

/** A `Message` response body (non-streaming). */
export const anthropicMessageSchema = z.object({
  id: z.string(),
  model: z.string(),
  content: z.array(anthropicContentBlockSchema),
  stop_reason: z.string().nullable(),
  stop_sequence: z.string().nullish(),
  stop_details: anthropicJSONObjectSchema(1).nullish(),
  usage: usageSchema,
});
/** A Messages API response body, as far as the codec reads it. */
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;

/** One parsed SSE `data` object of a streamed call; its `type` is the event name. */
export const anthropicStreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message_start'),
    message: z.object({ id: z.string(), model: z.string(), usage: usageSchema }),
  }),
  z.object({ type: z.literal('content_block_start'), index: z.number(), content_block: anthropicStartBlockSchema }),
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
      stop_details: anthropicJSONObjectSchema(1).nullish(),
    }),
    usage: usageSchema,
  }),
  z.object({ type: z.literal('message_stop') }),
  z.object({ type: z.literal('ping') }),
  // `error` events are read by `readAnthropicErrorBody`.
]);
/** Parsed {@link anthropicStreamEventSchema}. */
export type AnthropicStreamEvent = z.infer<typeof anthropicStreamEventSchema>;

/** The error body of a failed call, and the `data` of an `error` stream event. */
export const anthropicErrorBodySchema = z.object({
  error: z.object({ type: z.string(), message: z.string() }),
});

const cacheControlSchema = z.object({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() });
const sourceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('base64'), media_type: z.string().min(1), data: z.string() }),
  z.object({ type: z.literal('url'), url: z.string().min(1) }),
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
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(z.union([textParamSchema, imageParamSchema, documentParamSchema]))]).optional(),
  is_error: z.boolean().nullish(),
  cache_control: cacheControlSchema.nullish(),
});

// The API's rule for tool names, which is also the IR's.
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A custom (client) tool definition of a request: no `type`, or `type: "custom"`. */
export const anthropicToolParamSchema = z.object({
  type: z.literal('custom').nullish(),
  name: z.string().regex(TOOL_NAME, 'Expected a tool name of 1-64 characters from [A-Za-z0-9_-]'),
  description: z.string().optional(),
  // `type` may be left out; the IR states it.
  input_schema: jsonObjectSchema.refine(
    (schema) => !Object.hasOwn(schema, 'type') || schema.type === 'object',
    'Expected an object schema (`type: "object"`)',
  ),
});

// A server tool (`web_search_20250305`, `bash_20250124`, …): passed through whole.
const serverToolParamSchema = jsonObjectSchema.refine(
  (tool) => typeof tool.type === 'string' && tool.type !== 'custom',
  'Expected a custom tool (`name`, `input_schema`) or a server tool with a `type`',
);

/** A Messages API request body, read by the gateway direction. */
export const anthropicMessagesRequestSchema = z.looseObject({
  model: z.string(),
  max_tokens: z.number().int().positive(),
  messages: z.array(
    z.discriminatedUnion('role', [
      z.object({
        role: z.literal('user'),
        content: z.union([
          z.string(),
          z.array(
            z.discriminatedUnion('type', [
              textParamSchema,
              imageParamSchema,
              documentParamSchema,
              toolResultParamSchema,
            ]),
          ),
        ]),
      }),
      z.object({
        role: z.literal('assistant'),
        content: z.union([z.string(), z.array(anthropicContentBlockSchema)]),
      }),
    ]),
  ),
  system: z.union([z.string(), z.array(textParamSchema)]).optional(),
  tools: z.array(z.union([anthropicToolParamSchema, serverToolParamSchema])).optional(),
  tool_choice: z
    .discriminatedUnion('type', [
      z.object({ type: z.enum(['auto', 'any']), disable_parallel_tool_use: z.boolean().optional() }),
      z.object({
        type: z.literal('tool'),
        name: z.string().min(1),
        disable_parallel_tool_use: z.boolean().optional(),
      }),
      z.object({ type: z.literal('none') }),
    ])
    .optional(),
  temperature: z.number().min(0).optional(),
  top_p: z.number().min(0).max(1).optional(),
  stop_sequences: z.array(z.string()).optional(),
  stream: z.boolean().optional(),
});
/** Parsed {@link anthropicMessagesRequestSchema}. */
export type AnthropicDecodedRequestBody = z.infer<typeof anthropicMessagesRequestSchema>;
