import type { Message, Tool, ToolCall } from '@interlingua/core';

/** Why a tool call cannot run as the model sent it. */
export type ToolCallProblem =
  /** Its arguments do not parse (`argsError`). */
  | { type: 'invalid-json'; message: string }
  /** Its arguments do not match the tool's schema. */
  | { type: 'invalid-arguments'; message: string }
  /** It names a tool that was not offered. */
  | { type: 'unknown-tool'; message: string };

/** What a {@link RepairToolCall} function is given. */
export type RepairToolCallOptions = {
  /** The call as the model sent it. */
  toolCall: ToolCall;
  /** What is wrong with it. */
  problem: ToolCallProblem;
  /** The tools offered (names and input schemas). */
  tools: readonly Tool[];
  /** The history up to and including the assistant turn that made the call. */
  messages: readonly Message[];
};

/**
 * Fixes a tool call that does not parse, does not validate or names an unknown tool, before
 * the agent answers it with an error result: return the fixed call (its `id` is kept), or
 * `undefined` to answer with the error as before. A fixed call is checked again; one that is
 * still wrong gets the original error.
 */
export type RepairToolCall = (
  options: RepairToolCallOptions,
) => ToolCall | undefined | null | Promise<ToolCall | undefined | null>;

/** How a call was repaired, on its `ToolCallOutcome`. */
export type ToolCallRepair = {
  /** The call as the model sent it (the outcome's `toolCall` is the repaired one). */
  original: ToolCall;
  /** What was wrong with it. */
  problem: ToolCallProblem;
};
