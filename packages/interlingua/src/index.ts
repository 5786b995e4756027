// The umbrella: every name is listed, nothing is re-exported wholesale. Sorted by module (Biome).

export {
  type AgentEvent,
  type AgentFinishReason,
  type AgentOptions,
  type AgentResult,
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
export { capabilitiesOf, withCapabilities } from '@interlingua/capabilities';
export type {
  AssistantMessage,
  CallOptions,
  ChatModel,
  ChatRequest,
  Codec,
  ErrorCode,
  ExecutableTool,
  FinishReason,
  ImagePart,
  Message,
  ModelCapabilities,
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
  responseToStream,
  SchemaConversionError,
  safeParseIR,
  ToolExecutionError,
  toToolOutput,
  UnsupportedFunctionalityError,
} from '@interlingua/core';
export { createGemini, geminiCodec } from '@interlingua/gemini';
export {
  McpBridge,
  type McpBridgeEvent,
  type McpBridgeOptions,
  type McpServerStatus,
  type McpTraceFrame,
} from '@interlingua/mcp-bridge';
export { createOpenAI, type OpenAISettings, openaiCodec } from '@interlingua/openai';
export {
  type CompatibleProvider,
  createModelRegistry,
  type ModelRegistry,
  type ModelRegistrySettings,
  type ModelSettings,
} from './create-model-registry';
export { createDemoModel, type DemoModelSettings } from './demo/demo-model';
export { type DemoServer, type DemoServerSettings, startDemoServer } from './demo/start-demo-server';
export { model } from './model';
export { createRedactor, secretsFromEnv } from './trace/create-redactor';
export { redactHeaders, redactUrl } from './trace/redact-headers';
export { type ModelTraceLeg, traceFetch } from './trace/trace-fetch';
