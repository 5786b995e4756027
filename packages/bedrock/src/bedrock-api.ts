import type { JSONObject } from '@interlingua/core';
import {
  findJSONValueIssue,
  isOptionalString,
  isWireArrayOf,
  isWireRecord,
  MAX_JSON_DEPTH,
} from '@interlingua/core/adapter';
import { z } from 'zod';

// Wire types and schemas of the Bedrock Converse API (JSON as on the wire: blobs are base64
// strings), as far as this adapter reads or writes them. Field names are checked against
// `@aws-sdk/client-bedrock-runtime` (dist-types/models/models_0.d.ts: ConverseRequest,
// ContentBlock, ToolResultBlock, ReasoningContentBlock, ConverseResponse, TokenUsage,
// ConverseStreamOutput). Each union of the API is an object with exactly one member set.
// JSON values copied into the IR (tool inputs, schemas, response fields, traces) are checked with
// core's JSON rules: plain data, at most MAX_JSON_DEPTH levels as they will sit in the IR, own
// `__proto__` keys kept as data.

/** `cachePoint` in messages, `system` and `tools`. */
export type BedrockCachePoint = { type: 'default'; ttl?: '5m' | '1h' };

/** An image or document source: base64 bytes or an S3 object. */
export type BedrockBinarySource = { bytes: string } | { s3Location: { uri: string; bucketOwner?: string } };

/** A `toolResult` content block. */
export type BedrockToolResultContent =
  | { text: string }
  | { json: unknown }
  | { image: BedrockImageBlock }
  | { document: BedrockDocumentBlock };

/** An `image` block. */
export type BedrockImageBlock = { format: string; source: BedrockBinarySource };
/** A `document` block; `name` is required by the API. */
export type BedrockDocumentBlock = {
  format?: string;
  name: string;
  source: BedrockBinarySource | { text: string };
};
/** A `reasoningContent` block: signed text or redacted (base64) content. */
export type BedrockReasoningContent =
  | { reasoningText: { text: string; signature?: string } }
  | { redactedContent: string };

/** One `ContentBlock` as this adapter writes it. */
export type BedrockContentBlock =
  | { text: string }
  | { image: BedrockImageBlock }
  | { document: BedrockDocumentBlock }
  | { toolUse: { toolUseId: string; name: string; input: Record<string, unknown> } }
  | { toolResult: { toolUseId: string; content: BedrockToolResultContent[]; status?: 'success' | 'error' } }
  | { reasoningContent: BedrockReasoningContent }
  | { cachePoint: BedrockCachePoint };

/** One entry of `messages`. */
export type BedrockMessage = { role: 'user' | 'assistant'; content: BedrockContentBlock[] };

/** A `system` block. */
export type BedrockSystemBlock = { text: string } | { cachePoint: BedrockCachePoint };

/** A `toolConfig.tools` entry. */
export type BedrockTool =
  | { toolSpec: { name: string; description?: string; inputSchema: { json: Record<string, unknown> } } }
  | { cachePoint: BedrockCachePoint };

/** `toolConfig.toolChoice`. */
export type BedrockToolChoice =
  | { auto: Record<string, never> }
  | { any: Record<string, never> }
  | { tool: { name: string } };

/** `inferenceConfig`. */
export type BedrockInferenceConfig = {
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stopSequences?: string[];
};

/**
 * The input of `Converse` / `ConverseStream` as the SDK names it (`ConverseRequest`): the model id
 * plus the JSON body (the HTTP API puts `modelId` in the path). Pass-through keys ride along.
 */
export type BedrockConverseRequest = {
  modelId: string;
  messages: BedrockMessage[];
  system?: BedrockSystemBlock[];
  inferenceConfig?: BedrockInferenceConfig;
  toolConfig?: { tools: BedrockTool[]; toolChoice?: BedrockToolChoice };
  [key: string]: unknown;
};

/** `usage` of a response or of the stream's `metadata` event. */
export type BedrockTokenUsage = {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
};

// A blob: base64 on the wire, `Uint8Array` from the SDK; read as base64 either way.
const blobSchema = z
  .union([z.string(), z.instanceof(Uint8Array)])
  .transform((value) => (typeof value === 'string' ? value : Buffer.from(value).toString('base64')));

/**
 * A JSON value (an object with `object`) that sits `levels` deeper in the IR than on the wire
 * (`providerMetadata.bedrock.trace` is one level down), so may nest that much less.
 */
function jsonSchema(levels: number, object: boolean): z.ZodType<JSONObject> {
  return z.custom<JSONObject>().superRefine((value, context) => {
    const issue = findJSONValueIssue(value, { object, maxDepth: MAX_JSON_DEPTH - levels });
    if (issue !== undefined)
      context.addIssue({ code: 'custom', message: issue.message, path: [...issue.path], continue: false });
  });
}
// Response fields kept under `providerMetadata.bedrock.<field>`.
const metadataObjectSchema = jsonSchema(1, true);
/** A `cachePoint` (`{ type: 'default', ttl? }`) in messages, `system` and `tools`. */
export const bedrockCachePointSchema = z.object({ type: z.literal('default'), ttl: z.enum(['5m', '1h']).optional() });
const cachePointSchema = bedrockCachePointSchema;
const s3LocationSchema = z.object({ uri: z.string(), bucketOwner: z.string().optional() });
const binarySourceSchema = z.union([z.object({ bytes: blobSchema }), z.object({ s3Location: s3LocationSchema })]);
const imageBlockSchema = z.object({ format: z.string(), source: binarySourceSchema });
const documentBlockSchema = z.object({
  format: z.string().optional(),
  name: z.string(),
  source: z.union([binarySourceSchema, z.object({ text: z.string() })]),
});
const reasoningSchema = z.union([
  z.object({ reasoningText: z.object({ text: z.string(), signature: z.string().optional() }) }),
  z.object({ redactedContent: blobSchema }),
]);
const toolResultContentSchema = z.union([
  z.object({ text: z.string() }),
  z.object({ json: z.unknown() }),
  z.object({ image: imageBlockSchema }),
  z.object({ document: documentBlockSchema }),
]);

/** One content block of a request or response; at most one of the members we read is set. */
export const bedrockContentBlockSchema = z
  .looseObject({
    text: z.string().optional(),
    image: imageBlockSchema.optional(),
    document: documentBlockSchema.optional(),
    // Any JSON (a non-object is kept as unreadable arguments), no deeper than the IR allows `args`.
    toolUse: z
      .object({ toolUseId: z.string().min(1), name: z.string().min(1), input: jsonSchema(0, false) })
      .optional(),
    toolResult: z
      .object({
        toolUseId: z.string(),
        content: z.array(toolResultContentSchema),
        status: z.enum(['success', 'error']).optional(),
      })
      .optional(),
    reasoningContent: reasoningSchema.optional(),
    cachePoint: cachePointSchema.optional(),
  })
  .refine((block) => Object.keys(block).length === 1, 'Expected exactly one member in a content block');
/** Parsed {@link bedrockContentBlockSchema}. */
export type BedrockContentBlockIn = z.infer<typeof bedrockContentBlockSchema>;

/** `usage` as sent: read count by count by `convertBedrockUsage`, so a bad count is dropped with a warning. */
export const bedrockTokenUsageSchema = z.unknown();

/** A `Converse` response body. */
export const bedrockConverseResponseSchema = z.object({
  output: z.object({
    message: z.object({ role: z.literal('assistant'), content: z.array(bedrockContentBlockSchema) }),
  }),
  stopReason: z.string(),
  usage: bedrockTokenUsageSchema,
  additionalModelResponseFields: metadataObjectSchema.optional(),
  trace: metadataObjectSchema.optional(),
});
/** Parsed {@link bedrockConverseResponseSchema}. */
export type BedrockConverseResponseIn = z.infer<typeof bedrockConverseResponseSchema>;

// The guards' twin of `jsonSchema(levels, object)`: the same check, without zod.
function isJSONData(value: unknown, levels: number, object: boolean): boolean {
  return findJSONValueIssue(value, { object, maxDepth: MAX_JSON_DEPTH - levels }) === undefined;
}
// Call ids and tool names: the IR (and the API) need at least one character.
const isNonEmptyString = (value: unknown): boolean => typeof value === 'string' && value !== '';
const isOptionalMetadataObject = (value: unknown): boolean => value === undefined || isJSONData(value, 1, true);
// The one own key of a record (Converse unions set exactly one member), or undefined.
function soleKey(value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  return keys.length === 1 ? keys[0] : undefined;
}

// A response block the decoder reads as it is: text, toolUse, reasoning text or base64 redacted
// content. Anything else (a `Uint8Array` blob, images, cache points, unknown members) is left to the schema.
function isKnownResponseBlock(value: unknown): boolean {
  if (!isWireRecord(value)) return false;
  switch (soleKey(value)) {
    case 'text':
      return typeof value.text === 'string';
    case 'toolUse': {
      const toolUse = value.toolUse;
      return (
        isWireRecord(toolUse) &&
        isNonEmptyString(toolUse.toolUseId) &&
        isNonEmptyString(toolUse.name) &&
        isJSONData(toolUse.input, 0, false)
      );
    }
    case 'reasoningContent': {
      const reasoning = value.reasoningContent;
      if (!isWireRecord(reasoning)) return false;
      const member = soleKey(reasoning);
      if (member === 'redactedContent') return typeof reasoning.redactedContent === 'string';
      if (member !== 'reasoningText') return false;
      const text = reasoning.reasoningText;
      return isWireRecord(text) && typeof text.text === 'string' && isOptionalString(text.signature);
    }
    default:
      return false;
  }
}

/** {@link bedrockConverseResponseSchema}'s fast path: `true` only for Converse bodies the schema accepts as they are. */
export function isBedrockConverseResponse(value: unknown): value is BedrockConverseResponseIn {
  // `usage` is read count by count, but zod still requires the key.
  if (!isWireRecord(value) || typeof value.stopReason !== 'string' || !('usage' in value)) return false;
  const output = value.output;
  if (!isWireRecord(output)) return false;
  const message = output.message;
  return (
    isWireRecord(message) &&
    message.role === 'assistant' &&
    isWireArrayOf(message.content, isKnownResponseBlock) &&
    isOptionalMetadataObject(value.additionalModelResponseFields) &&
    isOptionalMetadataObject(value.trace)
  );
}

const indexSchema = z.number().int().nonnegative();
const exceptionSchema = z.object({
  message: z.string().optional(),
  originalStatusCode: z.number().optional(),
  originalMessage: z.string().optional(),
});

/** The exception members of `ConverseStreamOutput`, and whether retrying may succeed. */
export const BEDROCK_STREAM_EXCEPTIONS = {
  internalServerException: { type: 'InternalServerException', retryable: true },
  modelStreamErrorException: { type: 'ModelStreamErrorException', retryable: true },
  validationException: { type: 'ValidationException', retryable: false },
  throttlingException: { type: 'ThrottlingException', retryable: true },
  serviceUnavailableException: { type: 'ServiceUnavailableException', retryable: true },
} as const;
/** A member name of {@link BEDROCK_STREAM_EXCEPTIONS}. */
export type BedrockStreamExceptionMember = keyof typeof BEDROCK_STREAM_EXCEPTIONS;

/** One `ConverseStreamOutput` member as the SDK yields it (and the event-stream payload under its event type). */
export const bedrockStreamChunkSchema = z.union([
  z.object({ messageStart: z.object({ role: z.string() }) }),
  z.object({
    contentBlockStart: z.object({
      contentBlockIndex: indexSchema,
      start: z.looseObject({ toolUse: z.object({ toolUseId: z.string().min(1), name: z.string().min(1) }).optional() }),
    }),
  }),
  z.object({
    contentBlockDelta: z.object({
      contentBlockIndex: indexSchema,
      delta: z.looseObject({
        text: z.string().optional(),
        toolUse: z.object({ input: z.string() }).optional(),
        reasoningContent: z
          .object({
            text: z.string().optional(),
            signature: z.string().optional(),
            redactedContent: blobSchema.optional(),
          })
          .optional(),
      }),
    }),
  }),
  z.object({ contentBlockStop: z.object({ contentBlockIndex: indexSchema }) }),
  z.object({
    messageStop: z.object({ stopReason: z.string(), additionalModelResponseFields: metadataObjectSchema.optional() }),
  }),
  z.object({ metadata: z.object({ usage: bedrockTokenUsageSchema, trace: metadataObjectSchema.optional() }) }),
]);
/** Parsed {@link bedrockStreamChunkSchema}. */
export type BedrockStreamChunkIn = z.infer<typeof bedrockStreamChunkSchema>;

const isIndex = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * {@link bedrockStreamChunkSchema}'s fast path: `true` only for events with exactly one member
 * that the schema accepts as they are. A `Uint8Array` `redactedContent` (which the schema turns
 * into base64) and anything unsure are left to the schema.
 */
export function isBedrockStreamChunk(value: unknown): value is BedrockStreamChunkIn {
  if (!isWireRecord(value)) return false;
  const member = soleKey(value);
  return member !== undefined && isBedrockStreamMember(member, value[member]);
}

/**
 * {@link isBedrockStreamChunk} for a member and its payload apart (an event-stream frame's
 * `:event-type` and JSON payload): `true` only when `{ [member]: event }` passes it.
 */
export function isBedrockStreamMember(member: string, event: unknown): boolean {
  switch (member) {
    case 'contentBlockDelta': {
      if (!isWireRecord(event) || !isIndex(event.contentBlockIndex)) return false;
      const delta = event.delta;
      if (!isWireRecord(delta) || !isOptionalString(delta.text)) return false;
      const toolUse = delta.toolUse;
      if (toolUse !== undefined && !(isWireRecord(toolUse) && typeof toolUse.input === 'string')) return false;
      const reasoning = delta.reasoningContent;
      return (
        reasoning === undefined ||
        (isWireRecord(reasoning) &&
          isOptionalString(reasoning.text) &&
          isOptionalString(reasoning.signature) &&
          isOptionalString(reasoning.redactedContent))
      );
    }
    case 'messageStart': {
      return isWireRecord(event) && typeof event.role === 'string';
    }
    case 'contentBlockStart': {
      if (!isWireRecord(event) || !isIndex(event.contentBlockIndex) || !isWireRecord(event.start)) return false;
      const toolUse = event.start.toolUse;
      return (
        toolUse === undefined ||
        (isWireRecord(toolUse) && isNonEmptyString(toolUse.toolUseId) && isNonEmptyString(toolUse.name))
      );
    }
    case 'contentBlockStop': {
      return isWireRecord(event) && isIndex(event.contentBlockIndex);
    }
    case 'messageStop': {
      return (
        isWireRecord(event) &&
        typeof event.stopReason === 'string' &&
        isOptionalMetadataObject(event.additionalModelResponseFields)
      );
    }
    case 'metadata': {
      return isWireRecord(event) && 'usage' in event && isOptionalMetadataObject(event.trace);
    }
    default:
      return false;
  }
}

/** The payload of an exception member (`{ modelStreamErrorException: { message, … } }`). */
export const bedrockStreamExceptionSchema = exceptionSchema;
