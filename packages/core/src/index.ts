// IR types

export { type LinkedAbortSignal, linkAbortSignal } from './abort/link-abort-signal';
/** Adapter kit (moving to the adapter subpath): one attempt of a provider call, its timeout and abort. */
export {
  type CallAttempt,
  type CallAttemptContext,
  type CallAttemptOptions,
  startCallAttempt,
} from './abort/start-call-attempt';
export type { CallOptions, ChatModel } from './chat-model';
// Contracts
export type { Codec, CodecResult, DecodedRequest, EncodeRequestOptions, EncodeResponseOptions } from './codec';
export { addCosts, computeCost, ZERO_COST } from './cost/compute-cost';
export { AbortedError } from './errors/aborted-error';
export { APICallError, isRetryableStatus } from './errors/api-call-error';
// Errors
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
export type { ChatRequest } from './ir/chat-request';
export type { BinarySource, FilePart, ImagePart, ReasoningPart, TextPart, UserContentPart } from './ir/content-parts';
export type { Cost, ModelPricing } from './ir/cost';
export type { JSONObject, JSONValue, ProviderMetadata, ProviderOptions } from './ir/json-value';
export type { AssistantContentPart, AssistantMessage, Message, ToolMessage, UserMessage } from './ir/message';
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
  ReasoningDeltaEvent,
  StreamEvent,
  TextDeltaEvent,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
} from './ir/stream-event';
export type { JSONSchema, Tool, ToolChoice, ToolChoiceMode } from './ir/tool';
export type { ToolCall } from './ir/tool-call';
export type { ToolResult } from './ir/tool-result';
export type { Usage } from './ir/usage';
export type { Warning } from './ir/warning';
// JSON values from outside
export {
  describeJSONKind,
  type FindJSONValueIssueOptions,
  findJSONValueIssue,
} from './json/find-json-value-issue';
export { MAX_JSON_DEPTH } from './json/max-json-depth';
export { setOwnProperty } from './json/set-own-property';
/** Adapter kit (moving to the adapter subpath): IR messages grouped into a provider's alternating turns. */
export { type GroupProviderTurnsOptions, groupProviderTurns, type ProviderTurn } from './messages/group-provider-turns';
// Provider data crossing providers
export { type ForeignMetadataOptions, warnForeignMetadata } from './provider-data/warn-foreign-metadata';
export { type ForeignOptionsOptions, warnForeignOptions } from './provider-data/warn-foreign-options';
// Reasoning
export { DEFAULT_EFFORT_BUDGETS } from './reasoning/default-effort-budgets';
export { effortForBudget } from './reasoning/effort-for-budget';
// Redaction
export { createRedactor } from './redact/create-redactor';
export { looksLikeCredential } from './redact/looks-like-credential';
export { redactError } from './redact/redact-error';
export { redactUrl } from './redact/redact-url';
export { REDACTED } from './redact/redacted';
// Registry
export { createRegistry, type ProviderFactory, type ProviderRegistry, parseModelId } from './registry/create-registry';
export { formatPath, formatSchemaIssues, type SchemaIssue } from './schemas/format-schema-issues';
// IR schemas and validation
export {
  assistantMessageSchema,
  binarySourceSchema,
  chatRequestSchema,
  filePartSchema,
  finishReasonSchema,
  imagePartSchema,
  jsonObjectSchema,
  jsonValueSchema,
  messageSchema,
  modelResponseSchema,
  providerMetadataSchema,
  reasoningPartSchema,
  reasoningSettingsSchema,
  responseFormatSchema,
  streamEventSchema,
  textPartSchema,
  toolCallSchema,
  toolChoiceSchema,
  toolMessageSchema,
  toolResultSchema,
  toolSchema,
  usageSchema,
  userMessageSchema,
  warningSchema,
} from './schemas/ir-schemas';
export { parseChatRequest, parseMessages, type SafeParseResult, safeParseIR } from './schemas/parse-ir';
export { parseWireRequest, parseWireResponse, safeParseWireResponse, type WireSchema } from './schemas/parse-wire';
export {
  isNullishNumber,
  isNullishString,
  isOptionalString,
  isWireArrayOf,
  isWireNumber,
  isWireRecord,
  type WireGuard,
} from './schemas/wire-guards';
export { rejectUnknownSettings } from './settings/reject-unknown-settings';
// Streams
export { collectStream } from './stream/collect-stream';
export { responseToStream } from './stream/response-to-stream';
// Telemetry (OpenTelemetry GenAI spans through the optional @opentelemetry/api)
export {
  captureContentByDefault,
  chatContentAttributes,
  chatRequestAttributes,
  chatResponseAttributes,
  errorTypeOf,
  genAiProviderName,
  usageAttributes,
} from './telemetry/gen-ai-attributes';
export { loadOpenTelemetry, type ModuleLoader } from './telemetry/load-open-telemetry';
export type {
  OpenTelemetryApi,
  OpenTelemetryContext,
  OpenTelemetrySpan,
  TelemetryAttributeValue,
} from './telemetry/open-telemetry-api';
export {
  type StartSpanOptions,
  startTelemetrySpan,
  type TelemetryAttributes,
  type TelemetrySpan,
  type TelemetrySpanKind,
  useOpenTelemetry,
} from './telemetry/telemetry-span';
export { findClosestMatch } from './text/find-closest-match';
// Tools
export { defineTool, type JSONSchemaToolDefinition, type ZodToolDefinition } from './tools/define-tool';
export type { ExecutableTool, ToolArgsValidation, ToolExecutionContext } from './tools/executable-tool';
export { type ParsedToolArguments, parseToolArguments } from './tools/parse-tool-arguments';
export { repairJsonText } from './tools/repair-json-text';
export { isToolOutput, type ToolOutput, toToolOutput } from './tools/tool-output';
export {
  type AnyZodSchema,
  type InferZod,
  isZod3Schema,
  isZod4Schema,
  type Zod3Schema,
  type Zod4Schema,
  zodToInputSchema,
} from './tools/zod-to-input-schema';
// Transports
export { type IdleTimeoutOptions, IdleWatch } from './transport/idle-watch';
export { type ReadSSEJSONOptions, readSSEJSON } from './transport/read-sse-json';
export { isConnectionError, toTransportError } from './transport/to-transport-error';
export { withIdleTimeout } from './transport/with-idle-timeout';
export { readTokenCount, readTokenCounts, sumTokenCounts } from './usage/read-token-count';
