import {
  InvalidRequestError,
  type Message,
  type ToolApprovalDecision,
  type ToolCall,
  toolApprovalDecisionSchema,
} from '@interlingua/core';

/** One held call of the history's last turn, and its decision. */
export type DecidedApproval = { call: ToolCall; decision: ToolApprovalDecision };

/** The decisions a run resumes with, checked against the history: where the held calls' results are. */
export type PendingApprovals = {
  /** Index of the `tool` message whose placeholder results the decisions replace. */
  toolMessageIndex: number;
  /** Each held call with its decision, in call order. */
  decided: DecidedApproval[];
};

/**
 * The calls the history's last turn holds for approval: those answered by a `pending` result in
 * its last message (a `tool` message). Older placeholders, left behind when a conversation moved
 * on, are history, not pending.
 */
export function findPendingApprovals(history: readonly Message[]): ToolCall[] {
  const last = history.at(-1);
  const turn = history.at(-2);
  if (last?.role !== 'tool' || turn?.role !== 'assistant') return [];
  const pendingIds = new Set(
    last.content.flatMap((result) => (result.approval?.status === 'pending' ? [result.toolCallId] : [])),
  );
  return turn.content.flatMap((part) => (part.type === 'tool-call' && pendingIds.has(part.id) ? [part] : []));
}

/**
 * Checks `approvals` against the history (before new messages are added): each must name a held
 * call of the last turn, once, and every held call needs one. Throws `InvalidRequestError` naming
 * what is wrong, so a bad resume fails before any model call.
 */
export function readPendingApprovals(
  history: readonly Message[],
  approvals: readonly unknown[],
): PendingApprovals | undefined {
  const pending = findPendingApprovals(history);
  if (approvals.length === 0) return undefined;
  const byId = new Map<string, ToolApprovalDecision>();
  approvals.forEach((raw, index) => {
    const parsed = toolApprovalDecisionSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InvalidRequestError({
        message: `Expected approvals[${index}] to be { approvalId, approved, reason? }: ${[index, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid'}.`,
      });
    }
    if (byId.has(parsed.data.approvalId)) {
      throw new InvalidRequestError({
        message: `Expected one decision per approval, got "${parsed.data.approvalId}" twice.`,
      });
    }
    byId.set(parsed.data.approvalId, parsed.data);
  });
  const known = new Map(pending.map((call) => [call.approval?.approvalId ?? call.id, call]));
  for (const id of byId.keys()) {
    if (!known.has(id)) {
      throw new InvalidRequestError({
        message: `Expected decisions on the calls the history holds for approval [${[...known.keys()].join(', ')}], got one on "${id}".`,
      });
    }
  }
  const missing = [...known.keys()].filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new InvalidRequestError({
      message: `Expected a decision on every call held for approval, got none on [${missing.join(', ')}].`,
    });
  }
  return {
    toolMessageIndex: history.length - 1,
    decided: [...known.entries()].map(([id, call]) => ({ call, decision: byId.get(id) as ToolApprovalDecision })),
  };
}
