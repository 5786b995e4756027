import type { AssistantContentPart, HostedToolResult, TextPart, ToolCall, Warning } from '@interlingua/core';
import { renderHostedToolPart, warnForeignMetadata } from '@interlingua/core/adapter';
import type {
  ResponseFunctionToolCall,
  ResponseOutputItem,
  ResponseOutputMessage,
} from 'openai/resources/responses/responses';
import { isOpenAIRefusal } from '../split-openai-assistant-content';
import { buildResponsesHostedItem, isResultInItem } from './convert-openai-responses-hosted-items';
import { isMcpApprovalCall, toMcpApprovalRequestItem } from './openai-responses-mcp-approval';
import { callDataItem, reasoningPartToItem } from './openai-responses-reasoning';
import { splitAtServerItems } from './openai-responses-server-items';

/** The id of the output item at `outputIndex` of response `responseId`: `msg_…`, `rs_…` or `fc_…`. */
export function outputItemId(kind: 'msg' | 'rs' | 'fc', responseId: string, outputIndex: number): string {
  return `${kind}_${responseId.replace(/[^A-Za-z0-9]/g, '')}_${outputIndex}`;
}

/** A finished assistant `message` item with one `output_text` (or `refusal`) part. */
export function outputMessage(id: string, text: string, refusal: boolean): ResponseOutputMessage {
  return {
    id,
    type: 'message',
    status: 'completed',
    role: 'assistant',
    content: [
      refusal ? { type: 'refusal', refusal: text } : { type: 'output_text', text, annotations: [], logprobs: [] },
    ],
  };
}

/** A finished `function_call` item (arguments verbatim from `argsText` when they did not parse). */
export function outputFunctionCall(id: string, call: ToolCall): ResponseFunctionToolCall {
  return {
    id,
    type: 'function_call',
    status: 'completed',
    call_id: call.id,
    name: call.name,
    arguments: call.argsText ?? JSON.stringify(call.args),
  };
}

/**
 * Converts the parts of an IR assistant turn to Responses `output` items (the gateway direction):
 * text → a `message` (refusal-marked text → a `refusal` part), split around the
 * provider-executed items kept on it, which go back as they came; reasoning → a `reasoning` item
 * (see `reasoningPartToItem`: another provider's signature travels in `encrypted_content`, so a
 * client that replays the item replays it); calls → `function_call` items, each followed, when
 * it carries another provider's data (a Gemini `thoughtSignature`), by a summary-less
 * `reasoning` item whose `encrypted_content` envelope names the call (`callDataItem`), which the
 * decoders fold back onto the call. Other providers' metadata on text has no place and is left
 * out with a warning.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output
 */
export function convertToOpenAIResponsesOutput(
  content: readonly AssistantContentPart[],
  responseId: string,
  warnings: Warning[],
): ResponseOutputItem[] {
  const output: ResponseOutputItem[] = [];
  // Results already sent inside their call's item.
  const answered = new Set<string>();
  for (const part of content) {
    switch (part.type) {
      case 'hosted-tool-call': {
        const result = content.find(
          (other): other is HostedToolResult => other.type === 'hosted-tool-result' && other.callId === part.id,
        );
        const item = buildResponsesHostedItem(part, result);
        if (item === undefined) {
          output.push(outputMessage(outputItemId('msg', responseId, output.length), renderHostedToolPart(part), false));
          break;
        }
        output.push(item as unknown as ResponseOutputItem);
        if (result !== undefined) answered.add(result.callId);
        break;
      }
      case 'hosted-tool-result':
        if (answered.has(part.callId) || isResultInItem(part)) break;
        output.push(outputMessage(outputItemId('msg', responseId, output.length), renderHostedToolPart(part), false));
        break;
      case 'text':
        warnForeignMetadata(part, { provider: 'openai', format: 'The Responses API', at: part.type }, warnings);
        pushText(output, part, responseId);
        break;
      case 'reasoning':
        output.push(reasoningPartToItem(part, outputItemId('rs', responseId, output.length)));
        break;
      case 'tool-call': {
        if (isMcpApprovalCall(part)) {
          // The provider's approval request goes back as it is: the client answers it with mcp_approval_response.
          output.push(toMcpApprovalRequestItem(part) as ResponseOutputItem);
          break;
        }
        output.push(outputFunctionCall(outputItemId('fc', responseId, output.length), part));
        // Another provider's data on the call (a Gemini thoughtSignature) rides in a carrier item after it.
        const carrier = callDataItem(part, outputItemId('rs', responseId, output.length));
        if (carrier !== undefined) output.push(carrier);
        break;
      }
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  return output;
}

function pushText(output: ResponseOutputItem[], part: TextPart, responseId: string): void {
  for (const segment of splitAtServerItems(part)) {
    if (segment.type === 'item') output.push(segment.item as unknown as ResponseOutputItem);
    else
      output.push(outputMessage(outputItemId('msg', responseId, output.length), segment.text, isOpenAIRefusal(part)));
  }
}
