import type { Message, ToolResult } from '@interlingua/core';
import type { ToolCallOutcome } from '../agent-result';
import type { ExecuteToolCallsOptions } from '../execute-tool-calls';
import { executeToolCalls } from '../execute-tool-calls';
import { deniedOutcome, providerApprovedOutcome, withApproved } from './approval-outcomes';
import type { PendingApprovals } from './read-pending-approvals';

/**
 * Carries out the decisions a run resumes with, before its first model call: approved local calls
 * run (as one batch, like a turn's calls), denied ones get an error result with the reason, and an
 * approved call the provider runs itself gets the approval as its answer. Each placeholder result
 * in the history is replaced by the real one, so the history stays valid throughout.
 */
export async function resumeApprovals(
  history: Message[],
  pending: PendingApprovals,
  execute: Omit<ExecuteToolCallsOptions, 'messages' | 'truncated'>,
): Promise<ToolCallOutcome[]> {
  const outcomes = new Map<string, ToolCallOutcome>();
  const approved = pending.decided.filter(
    ({ call, decision }) => decision.approved && call.approval?.providerExecuted !== true,
  );
  const messages = history.slice(0, pending.toolMessageIndex);
  const ran = await executeToolCalls(
    approved.map(({ call }) => call),
    { ...execute, messages, truncated: false },
  );
  for (const outcome of ran) outcomes.set(outcome.toolCall.id, withApproved(outcome));
  for (const { call, decision } of pending.decided) {
    if (!decision.approved) outcomes.set(call.id, deniedOutcome(call, decision.reason));
    else if (call.approval?.providerExecuted === true) outcomes.set(call.id, providerApprovedOutcome(call));
  }
  const message = history[pending.toolMessageIndex];
  if (message?.role === 'tool') {
    const content: ToolResult[] = message.content.map((result) => outcomes.get(result.toolCallId)?.result ?? result);
    history[pending.toolMessageIndex] = { role: 'tool', content };
  }
  return pending.decided.flatMap(({ call }) => {
    const outcome = outcomes.get(call.id);
    return outcome === undefined ? [] : [outcome];
  });
}
