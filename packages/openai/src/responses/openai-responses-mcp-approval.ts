import type { ToolCall, ToolResult } from '@interlingua/core';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { z } from 'zod';
import { toToolCall } from '../decode-openai-response';

/**
 * `mcp_approval_request`: the provider's MCP connector asks the client to approve a call before
 * it runs it (a remote MCP tool with `require_approval`).
 *
 * @see https://platform.openai.com/docs/guides/tools-remote-mcp#approvals
 */
export const responsesMcpApprovalRequestSchema = z.object({
  type: z.literal('mcp_approval_request'),
  id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
  server_label: z.string(),
});

/** `mcp_approval_response`: the client's decision on an `mcp_approval_request`, sent as an input item. */
export const responsesMcpApprovalResponseSchema = z.object({
  type: z.literal('mcp_approval_response'),
  approval_request_id: z.string().min(1),
  approve: z.boolean(),
  reason: z.string().nullish(),
});

/** The IR form of an approval request: a call the provider runs once approved, marked with the request's id. */
export function mcpApprovalRequestToToolCall(item: z.infer<typeof responsesMcpApprovalRequestSchema>): ToolCall {
  return {
    ...toToolCall(item.id, item.name, item.arguments),
    approval: { approvalId: item.id, providerExecuted: true },
    providerMetadata: { openai: { serverLabel: item.server_label } },
  };
}

/** Whether a call is a provider's approval request, to be sent back as `mcp_approval_request`. */
export function isMcpApprovalCall(call: ToolCall): boolean {
  return call.approval?.providerExecuted === true;
}

/** The `mcp_approval_request` item of an approval call (its request id, name, arguments and server label). */
export function toMcpApprovalRequestItem(call: ToolCall): {
  type: 'mcp_approval_request';
  id: string;
  name: string;
  arguments: string;
  server_label: string;
} {
  const label = call.providerMetadata?.openai?.serverLabel;
  return {
    type: 'mcp_approval_request',
    id: call.approval?.approvalId ?? call.id,
    name: call.name,
    arguments: call.argsText ?? JSON.stringify(call.args),
    server_label: typeof label === 'string' ? label : '',
  };
}

/** The IR form of an approval response: the request's result, approved or denied with the reason. */
export function mcpApprovalResponseToToolResult(
  item: z.infer<typeof responsesMcpApprovalResponseSchema>,
  toolName: string,
): ToolResult {
  const reason = item.reason ?? undefined;
  return {
    type: 'tool-result',
    toolCallId: item.approval_request_id,
    toolName,
    content: [
      { type: 'text', text: item.approve ? 'Approved.' : `Denied.${reason === undefined ? '' : ` ${reason}`}` },
    ],
    isError: !item.approve,
    approval: item.approve
      ? { approvalId: item.approval_request_id, status: 'approved' }
      : { approvalId: item.approval_request_id, status: 'denied', ...(reason === undefined ? {} : { reason }) },
  };
}

/**
 * The `mcp_approval_response` item of a decided approval result; `undefined` for a pending one:
 * the request then stands unanswered, as the API left it.
 */
export function toMcpApprovalResponseItem(result: ToolResult): ResponseInputItem | undefined {
  const approval = result.approval;
  if (approval === undefined || approval.status === 'pending') return undefined;
  return {
    type: 'mcp_approval_response',
    approval_request_id: approval.approvalId,
    approve: approval.status === 'approved',
    ...(approval.reason === undefined ? {} : { reason: approval.reason }),
  };
}
