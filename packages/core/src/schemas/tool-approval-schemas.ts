import { z } from 'zod';
import type { ToolApprovalDecision, ToolApprovalRequest, ToolApprovalResponse } from '../ir/tool-approval';

/** Zod schema for {@link ToolApprovalRequest}, the `approval` of a `ToolCall`. */
export const toolApprovalRequestSchema = z.strictObject({
  approvalId: z.string().min(1),
  providerExecuted: z.boolean().exactOptional(),
}) satisfies z.ZodType<ToolApprovalRequest>;

/** Zod schema for {@link ToolApprovalResponse}, the `approval` of a `ToolResult`. A reason only comes with a denial. */
export const toolApprovalResponseSchema = z
  .strictObject({
    approvalId: z.string().min(1),
    status: z.enum(['pending', 'approved', 'denied']),
    reason: z.string().exactOptional(),
  })
  .refine((approval) => approval.reason === undefined || approval.status === 'denied', {
    message: 'Expected `reason` only on a denied approval',
    path: ['reason'],
  }) satisfies z.ZodType<ToolApprovalResponse>;

/** Zod schema for {@link ToolApprovalDecision}, one decision passed to resume a run. */
export const toolApprovalDecisionSchema = z.strictObject({
  approvalId: z.string().min(1),
  approved: z.boolean(),
  reason: z.string().exactOptional(),
}) satisfies z.ZodType<ToolApprovalDecision>;
