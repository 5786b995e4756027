export { addUsage } from './add-usage';
export { AgentAbortedError } from './agent-aborted-error';
export type {
  AgentEvent,
  AgentFinishEvent,
  StepFinishEvent,
  StepStartEvent,
  ToolApprovalRequestEvent,
  ToolCallEvent,
  ToolResultEvent,
} from './agent-event';
export type { AgentCallSettings, AgentOptions } from './agent-options';
export type { AgentFinishReason, AgentResult, AgentStep, ToolCallOutcome } from './agent-result';
export type { AgentTool } from './agent-tool';
export {
  type Conversation,
  type ConversationOptions,
  createConversation,
  type SendOptions,
} from './create-conversation';
export { LOCAL_TOOL_SEARCH_NAME } from './deferred/local-tool-search';
export type { ToolSearchMode } from './deferred/tool-search-mode';
export {
  type CollapseToolResultsOptions,
  collapseToolResults,
  summarizeToolResult,
} from './history/collapse-tool-results';
export { estimateMessageTokens, estimateTokens } from './history/estimate-tokens';
export { findHistoryProblems } from './history/find-history-problems';
export { composeHistoryStrategies, type HistoryContext, type HistoryStrategy } from './history/history-strategy';
export { keepLastTurns } from './history/keep-last-turns';
export { type TokenBudgetOptions, tokenBudget } from './history/token-budget';
export {
  type GenerateObjectOptions,
  type GenerateObjectResult,
  generateObject,
} from './object/generate-object';
export { NoObjectGeneratedError } from './object/no-object-generated-error';
export type { InferObject, ObjectSchema } from './object/object-schema';
export { type PartialObject, type StreamObjectResult, streamObject } from './object/stream-object';
export { repairJson } from './repair/repair-json';
export type {
  RepairToolCall,
  RepairToolCallOptions,
  ToolCallProblem,
  ToolCallRepair,
} from './repair/repair-tool-call';
export { runAgent } from './run-agent';
export { streamAgent } from './stream-agent';
export type { AgentTelemetryOptions } from './telemetry/agent-telemetry';
export { userMessage } from './user-message';
