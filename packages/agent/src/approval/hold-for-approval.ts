import type { Message, ToolCall } from '@interlingua/core';
import type { ToolCallOutcome } from '../agent-result';
import { markForApproval, pendingOutcome } from './approval-outcomes';

/**
 * Answers the held calls of a turn with placeholder results (pending approval) among the others'
 * real ones, in call order, and marks them in the history's last (assistant) turn with their
 * approval request. Returns the outcomes and the held calls as marked.
 */
export function holdForApproval(
  history: Message[],
  calls: readonly ToolCall[],
  held: ReadonlySet<string>,
  others: readonly ToolCallOutcome[],
  onHeld: (toolCall: ToolCall) => void,
): { outcomes: ToolCallOutcome[]; pending: ToolCall[] } {
  const byId = new Map(others.map((outcome) => [outcome.toolCall.id, outcome]));
  const marked = new Map(calls.flatMap((call) => (held.has(call.id) ? [[call.id, markForApproval(call)]] : [])));
  const turn = history.at(-1);
  if (turn?.role === 'assistant') {
    history[history.length - 1] = {
      role: 'assistant',
      content: turn.content.map((part) => (part.type === 'tool-call' ? (marked.get(part.id) ?? part) : part)),
    };
  }
  const pending = [...marked.values()];
  for (const toolCall of pending) onHeld(toolCall);
  const outcomes = calls.map((call) => {
    const heldCall = marked.get(call.id);
    return heldCall === undefined ? (byId.get(call.id) as ToolCallOutcome) : pendingOutcome(heldCall);
  });
  return { outcomes, pending };
}
