import { type JSONObject, jsonValueSchema } from '@interlingua/core';
import {
  findJSONValueIssue,
  isNullishString,
  isWireArrayOf,
  isWireNumber,
  isWireRecord,
  MAX_JSON_DEPTH,
} from '@interlingua/core/adapter';
import { z } from 'zod';

// The bodies the Messages API answers with — a Message, a stream event — as far as the decoders
// read them: each zod schema with its hand-written guard (the fast path), in one file so they
// cannot drift apart. Field names are checked against `@anthropic-ai/sdk` (resources/messages).

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

// `cache_control` on an assistant block: a request's history may carry a breakpoint there.
const blockCacheControlSchema = z
  .object({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() })
  .nullish()
  .catch(undefined);

/** A `text` content block. */
export const anthropicTextBlockSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  cache_control: blockCacheControlSchema,
});
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
  cache_control: blockCacheControlSchema,
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

// Fast paths for the bodies read per call: the fields the decoders read, checked by hand. A
// guard passes only what its schema passes (`anthropic-api.guards.test.ts` checks that on the
// fixtures and fuzzed bodies); otherwise the schema runs and names each bad field. Server
// blocks and unknown delta types always take the schema.

function isKnownContentBlock(value: unknown): boolean {
  return isKnownBlock(value, false);
}

// A known block of a Message (`start`: the first state of a streamed one, whose thinking block may lack its signature).
function isKnownBlock(value: unknown, start: boolean): boolean {
  if (!isWireRecord(value)) return false;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string';
    case 'thinking':
      return (
        typeof value.thinking === 'string' &&
        (typeof value.signature === 'string' || (start && value.signature === undefined))
      );
    case 'redacted_thinking':
      return typeof value.data === 'string';
    case 'tool_use':
      return (
        typeof value.id === 'string' &&
        value.id !== '' &&
        typeof value.name === 'string' &&
        value.name !== '' &&
        findJSONValueIssue(value.input) === undefined
      );
    default:
      return false;
  }
}

// `stop_details`: a JSON object one level deeper in the IR than on the wire.
const isStopDetails = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  findJSONValueIssue(value, { object: true, maxDepth: MAX_JSON_DEPTH - 1 }) === undefined;

function isKnownDelta(value: unknown): boolean {
  if (!isWireRecord(value)) return false;
  switch (value.type) {
    case 'text_delta':
      return typeof value.text === 'string';
    case 'input_json_delta':
      return typeof value.partial_json === 'string';
    case 'thinking_delta':
      return typeof value.thinking === 'string';
    case 'signature_delta':
      return typeof value.signature === 'string';
    default:
      return false;
  }
}

/** {@link anthropicStreamEventSchema}'s fast path: `true` only for events the schema accepts. */
export function isAnthropicStreamEvent(value: unknown): value is AnthropicStreamEvent {
  if (!isWireRecord(value)) return false;
  switch (value.type) {
    case 'content_block_delta':
      return isWireNumber(value.index) && isKnownDelta(value.delta);
    case 'content_block_start':
      return isWireNumber(value.index) && isKnownBlock(value.content_block, true);
    case 'content_block_stop':
      return isWireNumber(value.index);
    case 'message_start': {
      const message = value.message;
      return isWireRecord(message) && typeof message.id === 'string' && typeof message.model === 'string';
    }
    case 'message_delta': {
      const delta = value.delta;
      return (
        isWireRecord(delta) &&
        isNullishString(delta.stop_reason) &&
        isNullishString(delta.stop_sequence) &&
        isStopDetails(delta.stop_details)
      );
    }
    case 'message_stop':
    case 'ping':
      return true;
    default:
      return false;
  }
}

/** {@link anthropicMessageSchema}'s fast path: `true` only for Message bodies the schema accepts. */
export function isAnthropicMessage(value: unknown): value is AnthropicMessage {
  return (
    isWireRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.model === 'string' &&
    (value.stop_reason === null || typeof value.stop_reason === 'string') &&
    isNullishString(value.stop_sequence) &&
    isStopDetails(value.stop_details) &&
    isWireArrayOf(value.content, isKnownContentBlock)
  );
}
