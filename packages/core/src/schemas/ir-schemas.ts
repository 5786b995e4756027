import { z } from 'zod';
import type { CacheBreakpoint, PromptCacheSettings } from '../ir/cache-breakpoint';
import type { ChatRequest } from '../ir/chat-request';
import type { BinarySource, FilePart, ImagePart, ReasoningPart, TextPart } from '../ir/content-parts';
import type { AssistantMessage, Message, ToolMessage, UserMessage } from '../ir/message';
import type { FinishReason, ModelResponse } from '../ir/model-response';
import type { ReasoningSettings } from '../ir/reasoning-settings';
import type { ResponseFormat } from '../ir/response-format';
import type { StreamEvent } from '../ir/stream-event';
import type { Tool, ToolChoice } from '../ir/tool';
import type { ToolCall } from '../ir/tool-call';
import type { ToolReferencePart } from '../ir/tool-reference-part';
import type { ToolResult } from '../ir/tool-result';
import type { Usage } from '../ir/usage';
import type { Warning } from '../ir/warning';
import { hostedToolCallSchema, hostedToolResultSchema, hostedToolSchema } from './hosted-tool-schemas';
import { jsonObjectSchema, providerMetadataSchema } from './json-data-schemas';
import { toolApprovalRequestSchema, toolApprovalResponseSchema } from './tool-approval-schemas';

export { jsonObjectSchema, jsonValueSchema, providerMetadataSchema } from './json-data-schemas';

const metadata = providerMetadataSchema.exactOptional();

/** Zod schema for {@link CacheBreakpoint}. */
export const cacheBreakpointSchema = z.strictObject({
  ttl: z.enum(['5m', '1h']).exactOptional(),
}) satisfies z.ZodType<CacheBreakpoint>;

const cacheBreakpoint = cacheBreakpointSchema.exactOptional();

/** Zod schema for {@link BinarySource}. */
export const binarySourceSchema: z.ZodType<BinarySource> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('base64'), data: z.string() }),
  z.strictObject({ type: z.literal('url'), url: z.string().min(1) }),
]);

/** Zod schema for {@link TextPart}. */
export const textPartSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  cacheBreakpoint,
  providerMetadata: metadata,
}) satisfies z.ZodType<TextPart>;

/** Zod schema for {@link ImagePart}. A base64 image must name its `mediaType`. */
export const imagePartSchema = z
  .strictObject({
    type: z.literal('image'),
    source: binarySourceSchema,
    mediaType: z.string().min(1).exactOptional(),
    cacheBreakpoint,
    providerMetadata: metadata,
  })
  .refine((part) => part.source.type !== 'base64' || part.mediaType !== undefined, {
    message: 'Expected `mediaType` for a base64 image',
    path: ['mediaType'],
  }) satisfies z.ZodType<ImagePart>;

/** Zod schema for {@link FilePart}. */
export const filePartSchema = z.strictObject({
  type: z.literal('file'),
  source: binarySourceSchema,
  mediaType: z.string().min(1),
  filename: z.string().exactOptional(),
  cacheBreakpoint,
  providerMetadata: metadata,
}) satisfies z.ZodType<FilePart>;

/** Zod schema for {@link ReasoningPart}. */
export const reasoningPartSchema = z.strictObject({
  type: z.literal('reasoning'),
  text: z.string(),
  signature: z.string().exactOptional(),
  redacted: z.string().exactOptional(),
  providerMetadata: metadata,
}) satisfies z.ZodType<ReasoningPart>;

/** Zod schema for {@link ToolCall}. `argsError` requires `argsText`. */
export const toolCallSchema = z
  .strictObject({
    type: z.literal('tool-call'),
    id: z.string().min(1),
    name: z.string().min(1),
    args: jsonObjectSchema,
    argsText: z.string().exactOptional(),
    argsError: z.string().exactOptional(),
    cacheBreakpoint,
    approval: toolApprovalRequestSchema.exactOptional(),
    providerMetadata: metadata,
  })
  .refine((call) => call.argsError === undefined || call.argsText !== undefined, {
    message: 'Expected `argsText` beside `argsError`',
    path: ['argsText'],
  }) satisfies z.ZodType<ToolCall>;

const userContentPartSchema = z.discriminatedUnion('type', [textPartSchema, imagePartSchema, filePartSchema]);

/** Zod schema for {@link ToolReferencePart}. */
export const toolReferencePartSchema = z.strictObject({
  type: z.literal('tool-reference'),
  toolName: z.string().min(1),
  cacheBreakpoint,
  providerMetadata: metadata,
}) satisfies z.ZodType<ToolReferencePart>;

/** Zod schema for {@link ToolResult}. */
export const toolResultSchema = z.strictObject({
  type: z.literal('tool-result'),
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  content: z.array(
    z.discriminatedUnion('type', [textPartSchema, imagePartSchema, filePartSchema, toolReferencePartSchema]),
  ),
  isError: z.boolean(),
  cacheBreakpoint,
  approval: toolApprovalResponseSchema.exactOptional(),
  providerMetadata: metadata,
}) satisfies z.ZodType<ToolResult>;

/** Zod schema for {@link UserMessage}. */
export const userMessageSchema = z.strictObject({
  role: z.literal('user'),
  content: z.array(userContentPartSchema),
}) satisfies z.ZodType<UserMessage>;

/** Zod schema for {@link AssistantMessage}. */
export const assistantMessageSchema = z.strictObject({
  role: z.literal('assistant'),
  content: z.array(
    z.discriminatedUnion('type', [
      textPartSchema,
      reasoningPartSchema,
      toolCallSchema,
      hostedToolCallSchema,
      hostedToolResultSchema,
    ]),
  ),
}) satisfies z.ZodType<AssistantMessage>;

/** Zod schema for {@link ToolMessage}. A tool message holds at least one result. */
export const toolMessageSchema = z.strictObject({
  role: z.literal('tool'),
  content: z.array(toolResultSchema).min(1),
}) satisfies z.ZodType<ToolMessage>;

/** Zod schema for {@link Message}. */
export const messageSchema = z.discriminatedUnion('role', [
  userMessageSchema,
  assistantMessageSchema,
  toolMessageSchema,
]) satisfies z.ZodType<Message>;

/** Zod schema for {@link Tool}. The input schema must be an object schema. */
export const toolSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a tool name of 1-64 characters from [A-Za-z0-9_-]'),
  description: z.string(),
  inputSchema: jsonObjectSchema.refine(
    (schema) => schema.type === 'object',
    'Expected an object schema (`type: "object"`)',
  ),
  cacheBreakpoint,
  deferLoading: z.boolean().exactOptional(),
}) satisfies z.ZodType<Tool>;

/** Zod schema for {@link ToolChoice}. */
export const toolChoiceSchema = z.union([
  z.enum(['auto', 'none', 'required']),
  z.strictObject({ type: z.literal('tool'), name: z.string().min(1) }),
]) satisfies z.ZodType<ToolChoice>;

/** Zod schema for {@link ReasoningSettings}. */
export const reasoningSettingsSchema = z.strictObject({
  effort: z.enum(['minimal', 'low', 'medium', 'high']).exactOptional(),
  budgetTokens: z.number().int().nonnegative().exactOptional(),
  summary: z.boolean().exactOptional(),
}) satisfies z.ZodType<ReasoningSettings>;

/** Zod schema for {@link ResponseFormat}. A JSON schema, when given, is a JSON object. */
export const responseFormatSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({
    type: z.literal('json'),
    schema: jsonObjectSchema.exactOptional(),
    name: z.string().min(1).exactOptional(),
    description: z.string().exactOptional(),
    strict: z.boolean().exactOptional(),
  }),
]) satisfies z.ZodType<ResponseFormat>;

/** Zod schema for {@link PromptCacheSettings}. */
export const promptCacheSettingsSchema = z.strictObject({
  key: z.string().min(1).exactOptional(),
  retention: z.enum(['default', 'extended']).exactOptional(),
}) satisfies z.ZodType<PromptCacheSettings>;

/** Zod schema for {@link ChatRequest}. */
export const chatRequestSchema = z.strictObject({
  system: z.string().exactOptional(),
  systemParts: z.array(textPartSchema).exactOptional(),
  messages: z.array(messageSchema),
  tools: z.array(z.union([toolSchema, hostedToolSchema])).exactOptional(),
  toolChoice: toolChoiceSchema.exactOptional(),
  maxOutputTokens: z.number().int().positive().exactOptional(),
  temperature: z.number().min(0).exactOptional(),
  topP: z.number().min(0).max(1).exactOptional(),
  stopSequences: z.array(z.string()).exactOptional(),
  reasoning: reasoningSettingsSchema.exactOptional(),
  responseFormat: responseFormatSchema.exactOptional(),
  promptCache: promptCacheSettingsSchema.exactOptional(),
  toolArgumentStreaming: z.boolean().exactOptional(),
  providerOptions: metadata,
}) satisfies z.ZodType<ChatRequest>;

const tokenCount = z.number().int().nonnegative();

/** Zod schema for {@link Usage}. */
export const usageSchema = z.strictObject({
  inputTokens: tokenCount,
  outputTokens: tokenCount,
  cachedInputTokens: tokenCount.exactOptional(),
  cacheWriteTokens: tokenCount.exactOptional(),
  reasoningTokens: tokenCount.exactOptional(),
}) satisfies z.ZodType<Usage>;

/** Zod schema for {@link Warning}. */
export const warningSchema = z.strictObject({
  type: z.enum(['unsupported', 'degraded', 'other']),
  feature: z.string(),
  message: z.string(),
}) satisfies z.ZodType<Warning>;

/** Zod schema for {@link FinishReason}. */
export const finishReasonSchema = z.enum([
  'stop',
  'tool_calls',
  'length',
  'content_filter',
  'refusal',
  'pause',
  'error',
  'other',
]) satisfies z.ZodType<FinishReason>;

/** Zod schema for {@link ModelResponse}. */
export const modelResponseSchema = z.strictObject({
  message: assistantMessageSchema,
  finishReason: finishReasonSchema,
  rawFinishReason: z.string().nullable(),
  usage: usageSchema,
  id: z.string().exactOptional(),
  model: z.string().exactOptional(),
  warnings: z.array(warningSchema),
  providerMetadata: metadata,
}) satisfies z.ZodType<ModelResponse>;

/** Zod schema for {@link StreamEvent}. */
export const streamEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text-delta'), text: z.string(), providerMetadata: metadata }),
  z.strictObject({
    type: z.literal('reasoning-delta'),
    text: z.string(),
    signature: z.string().exactOptional(),
    redacted: z.string().exactOptional(),
    providerMetadata: metadata,
  }),
  z.strictObject({ type: z.literal('tool-call-start'), id: z.string().min(1), name: z.string().min(1) }),
  z.strictObject({ type: z.literal('tool-call-delta'), id: z.string().min(1), argsTextDelta: z.string() }),
  z.strictObject({ type: z.literal('tool-call-end'), toolCall: toolCallSchema }),
  z.strictObject({ type: z.literal('hosted-tool-call'), call: hostedToolCallSchema }),
  z.strictObject({ type: z.literal('hosted-tool-result'), result: hostedToolResultSchema }),
  z.strictObject({
    type: z.literal('finish'),
    finishReason: finishReasonSchema,
    rawFinishReason: z.string().nullable(),
    usage: usageSchema,
    id: z.string().exactOptional(),
    model: z.string().exactOptional(),
    warnings: z.array(warningSchema).exactOptional(),
    providerMetadata: metadata,
  }),
  z.strictObject({ type: z.literal('error'), error: z.unknown(), usage: usageSchema.exactOptional() }),
]) satisfies z.ZodType<StreamEvent>;
