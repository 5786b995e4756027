import { InvalidResponseError, type Warning } from '@interlingua/core';
import { z } from 'zod';
import {
  responsesFunctionCallSchema,
  responsesReasoningItemSchema,
  responsesServerItemSchema,
} from './openai-responses-api';
import { mcpApprovalRequestToToolCall, responsesMcpApprovalRequestSchema } from './openai-responses-mcp-approval';
import { readServerItemJSON } from './openai-responses-server-items';
import { parseResponseItemAt } from './parse-responses-item';
import type { ResponsesContentBuilder } from './responses-content-builder';

const outputMessageSchema = z.object({
  type: z.literal('message'),
  content: z.array(responsesServerItemSchema),
});
const outputTextSchema = z.object({ type: z.literal('output_text'), text: z.string() });
const refusalSchema = z.object({ type: z.literal('refusal'), refusal: z.string() });

/**
 * Reads one `output` item of a response into the builder: a `message`'s `output_text` and
 * `refusal` parts, a `reasoning` item, a `function_call`; any other item type is a call the
 * provider ran itself and is kept whole. Content parts of another type are left out with a
 * warning. Throws `InvalidResponseError` naming the field when an item is malformed.
 */
export function addResponsesOutputItem(
  builder: ResponsesContentBuilder,
  raw: unknown,
  path: readonly PropertyKey[],
  warnings: Warning[],
): void {
  const { type } = parseResponseItemAt(responsesServerItemSchema, raw, path);
  switch (type) {
    case 'message': {
      const message = parseResponseItemAt(outputMessageSchema, raw, path);
      message.content.forEach((part, index) => {
        const at = [...path, 'content', index];
        if (part.type === 'output_text') builder.text(parseResponseItemAt(outputTextSchema, part, at).text, false);
        else if (part.type === 'refusal') builder.text(parseResponseItemAt(refusalSchema, part, at).refusal, true);
        else {
          warnings.push({
            type: 'unsupported',
            feature: `output.content.${part.type}`,
            message: `A message content part of type "${part.type}" has no IR equivalent; it was left out.`,
          });
        }
      });
      return;
    }
    case 'reasoning':
      builder.reasoning(parseResponseItemAt(responsesReasoningItemSchema, raw, path));
      return;
    case 'function_call':
      builder.call(parseResponseItemAt(responsesFunctionCallSchema, raw, path));
      return;
    case 'mcp_approval_request':
      builder.part(mcpApprovalRequestToToolCall(parseResponseItemAt(responsesMcpApprovalRequestSchema, raw, path)));
      return;
    default: {
      const item = readServerItemJSON(raw, path);
      if (!item.success)
        throw new InvalidResponseError({ message: `Expected a Responses API response: ${item.message}` });
      builder.serverItem(item.value);
    }
  }
}
