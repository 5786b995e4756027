/**
 * Marks a tool call that waits for a person's decision before it runs (human in the loop).
 *
 * The agent sets it on a call of a tool that needs approval; a provider's own request for
 * approval (OpenAI Responses `mcp_approval_request`, for a call of its MCP connector) decodes to
 * a call with `providerExecuted: true`, which only the provider can run once it is approved.
 * Either way the call is answered in the history like any other, so a history stays valid on
 * every provider: first by a pending result (see {@link ToolApprovalResponse}), then by the real one.
 */
export type ToolApprovalRequest = {
  /** The id decisions refer to: the call id for a local tool, the provider's request id otherwise. */
  approvalId: string;
  /** The provider runs the call once approved (its MCP connector); the client only decides. */
  providerExecuted?: boolean;
};

/** Where an approval stands: waiting, or decided. */
export type ToolApprovalStatus = 'pending' | 'approved' | 'denied';

/**
 * The approval state a tool result records. `pending`: the call has not run and the result is a
 * placeholder error result (the model would read "not run yet"), replaced when the decision comes.
 * `approved`: the result is the tool's output. `denied`: the result is an error result that
 * carries `reason`. OpenAI Responses `mcp_approval_response` is a result with a decided approval.
 */
export type ToolApprovalResponse = {
  /** The {@link ToolApprovalRequest.approvalId} this answers. */
  approvalId: string;
  /** Where the approval stands. */
  status: ToolApprovalStatus;
  /** Why it was denied, as the person put it; the model reads it in the result. */
  reason?: string;
};

/** A person's decision on one pending call, passed to resume a run (`runAgent({ approvals })`). */
export type ToolApprovalDecision = {
  /** The pending call's `approval.approvalId`. */
  approvalId: string;
  /** Run it (true) or not (false). */
  approved: boolean;
  /** Why not: becomes the error result the model sees. */
  reason?: string;
};
