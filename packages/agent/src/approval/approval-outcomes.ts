import { type ToolCall, ToolExecutionError, type ToolResult } from '@interlingua/core';
import type { ToolCallOutcome } from '../agent-result';

/** What a held call's placeholder result says, should the history reach a model before the decision. */
export const PENDING_APPROVAL_TEXT = 'Not run yet: this call is waiting for a person to approve it.';

/** The approval id of a call: the provider's for its own requests, the call id for local tools. */
export function approvalIdOf(call: ToolCall): string {
  return call.approval?.approvalId ?? call.id;
}

/** The call as kept in the history while it waits: marked with its approval request. */
export function markForApproval(call: ToolCall): ToolCall {
  return call.approval === undefined ? { ...call, approval: { approvalId: call.id } } : call;
}

/**
 * The placeholder result of a held call: an error result (the call did not run) marked
 * `pending`, so the history stays valid on every provider while the decision is awaited.
 */
export function pendingOutcome(call: ToolCall): ToolCallOutcome {
  const result: ToolResult = {
    type: 'tool-result',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text: PENDING_APPROVAL_TEXT }],
    isError: true,
    approval: { approvalId: approvalIdOf(call), status: 'pending' },
  };
  return { toolCall: call, result };
}

/** The result of a denied call: an error result carrying the person's reason, for the model to act on. */
export function deniedOutcome(call: ToolCall, reason: string | undefined): ToolCallOutcome {
  const text =
    reason === undefined || reason.trim() === ''
      ? `The user denied this call of "${call.name}"; it was not run.`
      : `The user denied this call of "${call.name}"; it was not run. Reason: ${reason}`;
  const result: ToolResult = {
    type: 'tool-result',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text }],
    isError: true,
    approval: {
      approvalId: approvalIdOf(call),
      status: 'denied',
      ...(reason === undefined ? {} : { reason }),
    },
  };
  return { toolCall: call, result, error: new ToolExecutionError({ message: text }) };
}

/**
 * The result of an approved call the provider runs itself (its MCP connector): the decision is
 * the answer; the provider runs the call on the next model call and reports its output there.
 */
export function providerApprovedOutcome(call: ToolCall): ToolCallOutcome {
  const result: ToolResult = {
    type: 'tool-result',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text: 'Approved.' }],
    isError: false,
    approval: { approvalId: approvalIdOf(call), status: 'approved' },
  };
  return { toolCall: call, result };
}

/** Records the approval on the result of an approved call that ran. */
export function withApproved(outcome: ToolCallOutcome): ToolCallOutcome {
  return {
    ...outcome,
    result: { ...outcome.result, approval: { approvalId: approvalIdOf(outcome.toolCall), status: 'approved' } },
  };
}
