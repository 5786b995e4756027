// The umbrella: every name is listed, nothing is re-exported wholesale. Sorted by module (Biome).

export {
  type AgentEvent,
  type AgentFinishReason,
  type AgentOptions,
  type AgentResult,
  type AgentTelemetryOptions,
  type AgentTool,
  type Conversation,
  collapseToolResults,
  createConversation,
  keepLastTurns,
  runAgent,
  streamAgent,
  tokenBudget,
} from '@interlingua/agent';
export { type AnthropicProviderSettings, anthropicCodec, createAnthropic } from '@interlingua/anthropic';
export { type BedrockProviderSettings, bedrockCodec, createBedrock } from '@interlingua/bedrock';
export { capabilitiesOf, costOf, pricingOf, registerPricing, withCapabilities } from '@interlingua/capabilities';
export type {
  AssistantMessage,
  CallOptions,
  ChatModel,
  ChatRequest,
  Codec,
  Cost,
  ErrorCode,
  ExecutableTool,
  FinishReason,
  ImagePart,
  Message,
  ModelCapabilities,
  ModelPricing,
  ModelResponse,
  ProviderRegistry,
  StreamEvent,
  TextPart,
  Tool,
  ToolCall,
  ToolChoice,
  ToolMessage,
  ToolOutput,
  ToolResult,
  Usage,
  UserMessage,
  Warning,
} from '@interlingua/core';
export {
  AbortedError,
  APICallError,
  collectStream,
  createRegistry,
  defineTool,
  ERROR_CODES,
  InterlinguaError,
  InvalidModelIdError,
  InvalidRequestError,
  InvalidResponseError,
  InvalidSettingError,
  InvalidToolArgumentsError,
  NoSuchProviderError,
  NoSuchToolError,
  parseChatRequest,
  parseModelId,
  SchemaConversionError,
  safeParseIR,
  ToolExecutionError,
  toToolOutput,
  UnsupportedFunctionalityError,
  useOpenTelemetry,
} from '@interlingua/core';
export {
  addCosts,
  createRedactor,
  redactError,
  redactUrl,
  responseToStream,
  ZERO_COST,
} from '@interlingua/core/adapter';
export {
  createKeepAliveFetch,
  type Gateway,
  type GatewayConfig,
  type GatewayConfigInput,
  GatewayError,
  type GatewayStore,
  hashGatewayKey,
  type KeepAliveFetch,
  parseGatewayConfig,
  readGatewayConfig,
} from '@interlingua/gateway';
export { createGemini, createVertex, type GeminiSettings, geminiCodec, type VertexSettings } from '@interlingua/gemini';
export {
  McpBridge,
  type McpBridgeEvent,
  type McpBridgeOptions,
  type McpServerStatus,
  type McpTelemetryOptions,
  type McpTraceFrame,
} from '@interlingua/mcp-bridge';
export { createOpenAI, type OpenAISettings, openaiCodec, openaiResponsesCodec } from '@interlingua/openai';
export { type AgentToolOptions, createAgentTool } from './create-agent-tool';
export {
  type CompatibleProvider,
  createModelRegistry,
  type ModelRegistry,
  type ModelRegistrySettings,
  type ModelSettings,
} from './create-model-registry';
export { createDemoModel, type DemoModelSettings } from './demo/demo-model';
export { type DemoServer, type DemoServerSettings, startDemoServer } from './demo/start-demo-server';
export { formatCost } from './format-cost';
export { type BuiltInGatewayOptions, createBuiltInGateway } from './gateway/create-built-in-gateway';
export { callerOf, type GatewayMcp, type OpenGatewayMcpOptions, openGatewayMcp } from './gateway/open-gateway-mcp';
export { model } from './model';
export {
  createTraceRecorder,
  type TraceRecorder,
  type TraceRecorderOptions,
} from './trace/create-trace-recorder';
export { redactHeaders } from './trace/redact-headers';
export { secretsFromEnv } from './trace/secrets-from-env';
export { type ModelTraceLeg, type TraceFetchOptions, traceFetch } from './trace/trace-fetch';
export { TRACE_FORMAT_VERSION, type TraceLine, type TraceLineType, traceLineSchema } from './trace/trace-line-schema';
