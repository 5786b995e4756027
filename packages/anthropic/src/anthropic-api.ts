import { jsonObjectSchema } from '@interlingua/core';
import { z } from 'zod';
import { anthropicContentBlockSchema } from './anthropic-response-wire';

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
/** A `tool_reference` block of a `tool_result`: loads the named (deferred) tool; the API expands it into the tool's definition. */
export type AnthropicToolReferenceBlockParam = {
  type: 'tool_reference';
  tool_name: string;
  cache_control?: AnthropicCacheControl;
};
/** A `tool_result` block: the answer to one `tool_use`, inside a user message. */
export type AnthropicToolResultBlockParam = {
  type: 'tool_result';
  tool_use_id: string;
  content?:
    | string
    | (
        | AnthropicTextBlockParam
        | AnthropicImageBlockParam
        | AnthropicDocumentBlockParam
        | AnthropicToolReferenceBlockParam
      )[];
  is_error?: boolean;
  cache_control?: AnthropicCacheControl;
};
/** A signed `thinking` block replayed in an assistant turn. */
export type AnthropicThinkingBlockParam = { type: 'thinking'; thinking: string; signature: string };
/** A `redacted_thinking` block replayed in an assistant turn. */
export type AnthropicRedactedThinkingBlockParam = { type: 'redacted_thinking'; data: string };
/** A `tool_use` block replayed in an assistant turn; `input` is always an object. */
export type AnthropicToolUseBlockParam = {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
  cache_control?: AnthropicCacheControl;
};
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
export type AnthropicToolParam = {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  /** Fine-grained tool streaming: the input streamed without server-side buffering. */
  eager_input_streaming?: boolean;
  cache_control?: AnthropicCacheControl;
  /** Loaded only when the tool search tool finds it. */
  defer_loading?: boolean;
};

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

export {
  type AnthropicContentBlock,
  type AnthropicMessage,
  type AnthropicStreamEvent,
  type AnthropicUsage,
  anthropicContentBlockSchema,
  anthropicJSONObjectSchema,
  anthropicMessageSchema,
  anthropicRedactedThinkingBlockSchema,
  anthropicStreamEventSchema,
  anthropicTextBlockSchema,
  anthropicThinkingBlockSchema,
  anthropicToolUseBlockSchema,
  isAnthropicMessage,
  isAnthropicStreamEvent,
  SERVER_BLOCK_IR_LEVELS,
} from './anthropic-response-wire';

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
const toolReferenceParamSchema = z.object({
  type: z.literal('tool_reference'),
  tool_name: z.string().min(1),
  cache_control: cacheControlSchema.nullish(),
});
const toolResultParamSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z
    .union([
      z.string(),
      z.array(
        z.discriminatedUnion('type', [
          textParamSchema,
          imageParamSchema,
          documentParamSchema,
          toolReferenceParamSchema,
        ]),
      ),
    ])
    .optional(),
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
  eager_input_streaming: z.boolean().nullish(),
  cache_control: cacheControlSchema.nullish(),
  defer_loading: z.boolean().nullish(),
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
  // Read for `reasoning`; other `thinking` types (adaptive) stay provider options.
  thinking: z
    .union([
      z.object({ type: z.literal('enabled'), budget_tokens: z.number().int().min(1) }),
      z.object({ type: z.literal('disabled') }),
      z.looseObject({
        type: z.string().refine((type) => type !== 'enabled' && type !== 'disabled', 'Expected a thinking type'),
      }),
    ])
    .optional(),
  // Read for `responseFormat`; `effort` and other keys stay provider options.
  output_config: z
    .looseObject({
      format: z.object({ type: z.literal('json_schema'), schema: jsonObjectSchema }).nullish(),
    })
    .optional(),
});
/** Parsed {@link anthropicMessagesRequestSchema}. */
export type AnthropicDecodedRequestBody = z.infer<typeof anthropicMessagesRequestSchema>;
