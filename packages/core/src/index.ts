/**
 * `@interlingua/core`: the contract. The IR and its schemas, the `Codec` and `ChatModel` interfaces,
 * stream events and `collectStream`, tools (`defineTool`, argument parsing), errors and the provider
 * registry. The kit for building adapters and packages on this contract (SSE reading, idle watches,
 * wire guards, redaction, foreign-option warnings, usage readers, cost arithmetic, span helpers) is
 * `@interlingua/core/adapter`.
 *
 * @packageDocumentation
 */
export type { CallOptions, ChatModel } from './chat-model';
export type { Codec, CodecResult, DecodedRequest, EncodeRequestOptions, EncodeResponseOptions } from './codec';
export { AbortedError } from './errors/aborted-error';
export { APICallError } from './errors/api-call-error';
export { ERROR_CODES, type ErrorCode } from './errors/error-codes';
export { InterlinguaError, type InterlinguaErrorOptions } from './errors/interlingua-error';
export { InvalidModelIdError } from './errors/invalid-model-id-error';
export { InvalidRequestError } from './errors/invalid-request-error';
export { InvalidResponseError } from './errors/invalid-response-error';
export { InvalidSettingError } from './errors/invalid-setting-error';
export { InvalidToolArgumentsError } from './errors/invalid-tool-arguments-error';
export { NoSuchProviderError } from './errors/no-such-provider-error';
export { NoSuchToolError } from './errors/no-such-tool-error';
export { SchemaConversionError } from './errors/schema-conversion-error';
export { ToolExecutionError } from './errors/tool-execution-error';
export { UnsupportedFunctionalityError } from './errors/unsupported-functionality-error';
export type { CacheBreakpoint, CacheTtl, PromptCacheRetention, PromptCacheSettings } from './ir/cache-breakpoint';
export type { ChatRequest } from './ir/chat-request';
export type { BinarySource, FilePart, ImagePart, ReasoningPart, TextPart, UserContentPart } from './ir/content-parts';
export type { Cost, ModelPricing } from './ir/cost';
export type {
  CodeExecutionTool,
  FileSearchTool,
  HostedTool,
  HostedToolCall,
  HostedToolKind,
  HostedToolResult,
  HostedToolSource,
  HostedToolUserLocation,
  McpConnectorTool,
  ToolSearchTool,
  WebFetchTool,
  WebSearchTool,
} from './ir/hosted-tool';
export type { JSONObject, JSONValue, ProviderMetadata, ProviderOptions } from './ir/json-value';
export type { AssistantContentPart, AssistantMessage, Message, ToolMessage, UserMessage } from './ir/message';
export type { ChatRequestInput, MessageInput } from './ir/message-input';
export type {
  Known,
  ModelCapabilities,
  ReasoningControl,
  SchemaCapabilities,
  StructuredOutputSupport,
} from './ir/model-capabilities';
export type { FinishReason, ModelResponse } from './ir/model-response';
export type { ReasoningEffort, ReasoningSettings } from './ir/reasoning-settings';
export type { ResponseFormat } from './ir/response-format';
export type {
  ErrorEvent,
  FinishEvent,
  HostedToolCallEvent,
  HostedToolResultEvent,
  ReasoningDeltaEvent,
  StreamEvent,
  TextDeltaEvent,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
} from './ir/stream-event';
export type { JSONSchema, Tool, ToolChoice, ToolChoiceMode } from './ir/tool';
export type {
  ToolApprovalDecision,
  ToolApprovalRequest,
  ToolApprovalResponse,
  ToolApprovalStatus,
} from './ir/tool-approval';
export type { ToolCall } from './ir/tool-call';
export type { ToolReferencePart, ToolResultContentPart } from './ir/tool-reference-part';
export type { ToolResult } from './ir/tool-result';
export type { Usage } from './ir/usage';
export type { Warning } from './ir/warning';
export { toChatRequest, toMessages } from './messages/to-chat-request';
export { createRegistry, type ProviderFactory, type ProviderRegistry, parseModelId } from './registry/create-registry';
export {
  hostedToolCallSchema,
  hostedToolKindSchema,
  hostedToolResultSchema,
  hostedToolSchema,
  hostedToolSourceSchema,
} from './schemas/hosted-tool-schemas';
export {
  assistantMessageSchema,
  binarySourceSchema,
  cacheBreakpointSchema,
  chatRequestSchema,
  filePartSchema,
  finishReasonSchema,
  imagePartSchema,
  jsonObjectSchema,
  jsonValueSchema,
  messageSchema,
  modelResponseSchema,
  promptCacheSettingsSchema,
  providerMetadataSchema,
  reasoningPartSchema,
  reasoningSettingsSchema,
  responseFormatSchema,
  streamEventSchema,
  textPartSchema,
  toolCallSchema,
  toolChoiceSchema,
  toolMessageSchema,
  toolReferencePartSchema,
  toolResultSchema,
  toolSchema,
  usageSchema,
  userMessageSchema,
  warningSchema,
} from './schemas/ir-schemas';
export { parseChatRequest, parseMessages, type SafeParseResult, safeParseIR } from './schemas/parse-ir';
export {
  toolApprovalDecisionSchema,
  toolApprovalRequestSchema,
  toolApprovalResponseSchema,
} from './schemas/tool-approval-schemas';
export { collectStream } from './stream/collect-stream';
export { useOpenTelemetry } from './telemetry/telemetry-span';
export { defineTool, type JSONSchemaToolDefinition, type ZodToolDefinition } from './tools/define-tool';
export type { ExecutableTool, ToolArgsValidation, ToolExecutionContext } from './tools/executable-tool';
export { functionToolsOf, isHostedTool } from './tools/is-hosted-tool';
export type { NeedsApproval } from './tools/needs-approval';
export { type ParsedToolArguments, parseToolArguments } from './tools/parse-tool-arguments';
export { isToolOutput, type ToolOutput, toToolOutput } from './tools/tool-output';
export {
  type AnyZodSchema,
  type InferZod,
  type Zod3Schema,
  type Zod4Schema,
  zodToInputSchema,
} from './tools/zod-to-input-schema';
