import type {
  HostedToolCallEvent,
  HostedToolResultEvent,
  InterlinguaError,
  Message,
  ReasoningDeltaEvent,
  TextDeltaEvent,
  ToolCall,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  ToolResult,
  Usage,
} from '@interlingua/core';
import type { AgentResult, AgentStep } from './agent-result';

/** A model call is about to be made with these messages (after the history strategy). */
export type StepStartEvent = { type: 'step-start'; step: number; messages: readonly Message[] };

/** A tool call of the model's turn is about to be validated and run. */
export type ToolCallEvent = { type: 'tool-call'; step: number; toolCall: ToolCall };

/** A tool call of the model's turn waits for a person's decision; the run ends with `approval-requested`. */
export type ToolApprovalRequestEvent = { type: 'tool-approval-request'; step: number; toolCall: ToolCall };

/**
 * A tool call was answered (`step` is -1 for a call decided on resume, answered before the first model call). `error` says why for an error result (unknown tool, invalid
 * arguments, a throw or timeout with the thrown value as `cause`); it is for the host and is
 * not sent to the model. Emitted as calls finish, which may differ from call order.
 */
export type ToolResultEvent = {
  type: 'tool-result';
  step: number;
  toolCall: ToolCall;
  result: ToolResult;
  error?: InterlinguaError;
};

/** A step (one model call and the tools it asked for) is complete. */
export type StepFinishEvent = {
  type: 'step-finish';
  step: AgentStep;
  /** Usage of all steps so far. */
  usage: Usage;
  /** Input tokens of each step so far: the growth the history causes. */
  inputTokensPerStep: readonly number[];
};

/** The run is over; the same result `runAgent` resolves with. */
export type AgentFinishEvent = { type: 'finish'; result: AgentResult };

/**
 * One event of an agent run. With `streamAgent` the model's own stream events
 * (`text-delta`, `reasoning-delta`, `tool-call-start`, `tool-call-delta`, `tool-call-end`)
 * come through as they arrive; its `finish` and `error` events are folded into
 * `step-finish` and the run's `finish`.
 */
export type AgentEvent =
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent
  | HostedToolCallEvent
  | HostedToolResultEvent
  | StepStartEvent
  | ToolCallEvent
  | ToolApprovalRequestEvent
  | ToolResultEvent
  | StepFinishEvent
  | AgentFinishEvent;
