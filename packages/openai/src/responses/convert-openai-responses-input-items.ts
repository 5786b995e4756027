import {
  type AssistantContentPart,
  InvalidRequestError,
  type Message,
  type ToolResult,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { formatPath } from '@interlingua/core/adapter';
import { unmarkOpenAIToolError } from '../openai-tool-error-text';
import { convertOpenAIResponsesInputParts } from './convert-openai-responses-input-parts';
import { responsesFunctionCallSchema, responsesReasoningItemSchema } from './openai-responses-api';
import {
  mcpApprovalRequestToToolCall,
  mcpApprovalResponseToToolResult,
  responsesMcpApprovalRequestSchema,
  responsesMcpApprovalResponseSchema,
} from './openai-responses-mcp-approval';
import {
  responsesFunctionCallOutputSchema,
  responsesInputItemEnvelopeSchema,
  responsesInputMessageSchema,
  responsesItemReferenceSchema,
  responsesRefusalPartSchema,
  responsesTextPartSchema,
} from './openai-responses-request-schemas';
import { readServerItemJSON } from './openai-responses-server-items';
import { parseRequestItemAt } from './parse-responses-item';
import { createResponsesContentBuilder, type ResponsesContentBuilder } from './responses-content-builder';
import { flattenNamespacedName } from './responses-tool-namespaces';

/**
 * Converts a request's `input` items (the gateway direction) to the IR system prompt and
 * history. `system` / `developer` messages join the system prompt (one after the first turn is
 * moved there with a warning). Consecutive assistant items — `message` text and refusals,
 * `reasoning` (its id and encrypted content, or an Interlingua envelope, restored), `function_call`,
 * and items the provider ran itself (kept whole on the text) — form one assistant turn;
 * consecutive `function_call_output` items one tool message, names looked up from the calls and
 * `isError` recovered from the text marker. An `item_reference` points at a stored item, which a
 * stateless IR cannot resolve, and an output that answers no earlier call has no tool to name:
 * both are an `InvalidRequestError`. Pass the items of the body itself (not a parsed copy), so
 * keys such as `__proto__` in kept items stay data.
 */
export function convertOpenAIResponsesInputItems(
  input: string | readonly unknown[],
  warnings: Warning[],
): { systems: string[]; messages: Message[] } {
  const systems: string[] = [];
  const messages: Message[] = [];
  if (typeof input === 'string')
    return { systems, messages: [{ role: 'user', content: [{ type: 'text', text: input }] }] };
  const toolNames = new Map<string, string>();
  let assistant: ResponsesContentBuilder | undefined;
  const turn = (): ResponsesContentBuilder => {
    if (assistant !== undefined) return assistant;
    const builder = createResponsesContentBuilder();
    assistant = builder;
    messages.push({ role: 'assistant', content: builder.parts as AssistantContentPart[] });
    return builder;
  };

  input.forEach((raw, index) => {
    const path = ['input', index];
    const envelope = parseRequestItemAt(responsesInputItemEnvelopeSchema, raw, path);
    const type = envelope.type ?? (envelope.role === undefined ? undefined : 'message');
    switch (type) {
      case 'message': {
        const message = parseRequestItemAt(responsesInputMessageSchema, raw, path);
        const content = message.content;
        if (message.role === 'assistant') {
          const builder = turn();
          if (typeof content === 'string') builder.text(content, false);
          else {
            content.forEach((part, partIndex) => {
              addAssistantPart(builder, part, [...path, 'content', partIndex]);
            });
          }
          return;
        }
        assistant = undefined;
        const parts: UserContentPart[] =
          typeof content === 'string'
            ? [{ type: 'text', text: content }]
            : convertOpenAIResponsesInputParts(content, [...path, 'content'], warnings);
        if (message.role === 'user') {
          messages.push({ role: 'user', content: parts });
          return;
        }
        if (messages.length > 0) {
          warnings.push({
            type: 'degraded',
            feature: `input[${index}]`,
            message: 'The IR has one system prompt; a system message after the first turn was moved into it.',
          });
        }
        systems.push(parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''));
        return;
      }
      case 'reasoning':
        turn().reasoning(parseRequestItemAt(responsesReasoningItemSchema, raw, path));
        return;
      case 'function_call': {
        const parsed = parseRequestItemAt(responsesFunctionCallSchema, raw, path);
        // A call of a namespace's function goes by the flattened name its tool has in the IR.
        const call =
          parsed.namespace === undefined
            ? parsed
            : { ...parsed, name: flattenNamespacedName(parsed.namespace, parsed.name) };
        toolNames.set(call.call_id, call.name);
        turn().call(call);
        return;
      }
      case 'function_call_output': {
        assistant = undefined;
        const output = parseRequestItemAt(responsesFunctionCallOutputSchema, raw, path);
        const content =
          typeof output.output === 'string'
            ? [{ type: 'text' as const, text: output.output }]
            : convertOpenAIResponsesInputParts(output.output, [...path, 'output'], warnings);
        const first = content.findIndex((part) => part.type === 'text');
        const firstText = content[first];
        let isError = false;
        if (firstText?.type === 'text') {
          const unmarked = unmarkOpenAIToolError(firstText.text);
          isError = unmarked.isError;
          content[first] = { type: 'text', text: unmarked.text };
        }
        const toolName = toolNames.get(output.call_id);
        if (toolName === undefined) {
          // The API answers such a body with a 400 too: an output must follow its call.
          throw new InvalidRequestError({
            message: `Expected a Responses API request body: input[${index}].call_id: Expected the call_id of an earlier function_call, got ${JSON.stringify(output.call_id.slice(0, 100))}.`,
          });
        }
        const result: ToolResult = {
          type: 'tool-result',
          toolCallId: output.call_id,
          toolName,
          content,
          isError,
        };
        const last = messages.at(-1);
        if (last?.role === 'tool') last.content.push(result);
        else messages.push({ role: 'tool', content: [result] });
        return;
      }
      case 'mcp_approval_request': {
        const call = mcpApprovalRequestToToolCall(parseRequestItemAt(responsesMcpApprovalRequestSchema, raw, path));
        toolNames.set(call.id, call.name);
        turn().part(call);
        return;
      }
      case 'mcp_approval_response': {
        assistant = undefined;
        const response = parseRequestItemAt(responsesMcpApprovalResponseSchema, raw, path);
        const toolName = toolNames.get(response.approval_request_id);
        if (toolName === undefined) {
          // The API answers such a body with a 400 too: a decision must follow its request.
          throw new InvalidRequestError({
            message: `Expected a Responses API request body: input[${index}].approval_request_id: Expected the id of an earlier mcp_approval_request, got ${JSON.stringify(response.approval_request_id.slice(0, 100))}.`,
          });
        }
        const result = mcpApprovalResponseToToolResult(response, toolName);
        const last = messages.at(-1);
        if (last?.role === 'tool') last.content.push(result);
        else messages.push({ role: 'tool', content: [result] });
        return;
      }
      case 'item_reference': {
        const { id } = parseRequestItemAt(responsesItemReferenceSchema, raw, path);
        throw new InvalidRequestError({
          message: `Expected every input item in full, got input[${index}], a reference to the stored item "${id}": this endpoint is stateless; send the item itself.`,
        });
      }
      case undefined:
        throw new InvalidRequestError({
          message: `Expected a Responses API request body: input[${index}]: expected an item with a type or a role.`,
        });
      default: {
        // A call the provider ran itself (web search, code interpreter, …) or its output: kept whole.
        const item = readServerItemJSON(raw, path);
        if (!item.success)
          throw new InvalidRequestError({ message: `Expected a Responses API request body: ${item.message}` });
        turn().serverItem(item.value);
      }
    }
  });
  return { systems, messages };
}

function addAssistantPart(builder: ResponsesContentBuilder, part: { type: string }, path: PropertyKey[]): void {
  switch (part.type) {
    case 'output_text':
    case 'input_text':
      builder.text(parseRequestItemAt(responsesTextPartSchema, part, path).text, false);
      return;
    case 'refusal':
      builder.text(parseRequestItemAt(responsesRefusalPartSchema, part, path).refusal, true);
      return;
    default:
      throw new InvalidRequestError({
        message: `Expected a Responses API request body: ${formatPath(path)}: expected an output_text or refusal part, got "${part.type}".`,
      });
  }
}
