import type {
  Cost,
  InterlinguaError,
  Message,
  ModelResponse,
  ToolCall,
  ToolResult,
  Usage,
  Warning,
} from '@interlingua/core';
import type { ToolCallRepair } from './repair/repair-tool-call';

/**
 * Why a run ended. The model's own reasons, plus `max_steps`: the step limit was reached
 * with every call answered, so the history can be passed back to go on; and `approval-requested`:
 * calls wait for a person's decision (`pendingApprovals`); resume with `approvals`.
 */
export type AgentFinishReason =
  | 'stop'
  | 'length'
  | 'content_filter'
  | 'refusal'
  | 'error'
  | 'other'
  | 'max_steps'
  | 'approval-requested';

/** One tool call and how it was answered. */
export type ToolCallOutcome = {
  toolCall: ToolCall;
  /** What the model was sent. */
  result: ToolResult;
  /** For the host: why the result is an error (`NO_SUCH_TOOL`, `INVALID_TOOL_ARGUMENTS`, `TOOL_EXECUTION_ERROR`, `ABORTED`), with what was thrown as `cause`. */
  error?: InterlinguaError;
  /** Set when `repairToolCall` fixed the call before it ran: `toolCall` is the fixed call, this the original and its fault. */
  repair?: ToolCallRepair;
};

/** One model call and the tool calls it made. */
export type AgentStep = {
  /** 0-based. */
  index: number;
  /** The model's answer. */
  response: ModelResponse;
  /** Each tool call of the answer, in call order, with its result. Empty when the answer made none. */
  toolOutcomes: ToolCallOutcome[];
  /** The usage of this model call. */
  usage: Usage;
  /** What this call cost at the model's `pricing`; `'unknown'` when the model has none. */
  cost: Cost | 'unknown';
};

/** The outcome of `runAgent`; `Output` is the type of `output` when the run was given an `output` schema. */
export type AgentResult<Output = unknown> = {
  /** Why the run ended. */
  finishReason: AgentFinishReason;
  /** The provider's own reason for the last model answer (`end_turn`, `MAX_TOKENS`, …); `null` when none, or when the last model call failed. */
  rawFinishReason: string | null;
  /** The text of the last model answer; empty when the last model call failed. */
  text: string;
  /** The whole history: what was passed in and every assistant turn, tool calls and results included. Pass it back to continue. */
  messages: Message[];
  /** The messages this run added (the input `messages`, then what the run produced). */
  newMessages: Message[];
  /** Every model call, in order. */
  steps: AgentStep[];
  /**
   * The sum of every step's usage, plus the tokens a failed model call had already billed (a
   * stream that ended in an `error` event after reporting usage, or was aborted): those make no
   * step, but they were paid for.
   */
  usage: Usage;
  /** The sum of every step's cost: `'unknown'` when any step's is, never 0 for lack of a price. */
  cost: Cost | 'unknown';
  /** Input tokens of each step: how the history grows. */
  inputTokensPerStep: number[];
  /** Warnings of every model call, each distinct warning once (every step's own are in `steps[i].response.warnings`). */
  warnings: Warning[];
  /**
   * When `finishReason` is `error`: what went wrong — what the failed model call threw (an
   * `APICallError`, …), or a `NoObjectGeneratedError` when the final answer did not match `output`.
   */
  error?: unknown;
  /** With an `output` schema: the final answer, parsed and validated. */
  output?: Output;
  /**
   * When `finishReason` is `approval-requested`: the calls waiting for a decision, each with its
   * `approval.approvalId`. The history answers them with placeholder results (valid on every
   * provider); pass `messages` back as `history` with one decision each in `approvals`.
   */
  pendingApprovals?: ToolCall[];
  /** The calls this run decided on before its first model call (from `approvals`), with their results. */
  approvalOutcomes?: ToolCallOutcome[];
};
