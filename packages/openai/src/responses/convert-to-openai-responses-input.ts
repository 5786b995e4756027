import type {
  AssistantMessage,
  Message,
  ReasoningPart,
  ToolMessage,
  ToolResultContentPart,
  UserContentPart,
  Warning,
} from '@interlingua/core';
import { InvalidRequestError } from '@interlingua/core';
import { renderHostedToolPart, toolReferenceText, warnForeignMetadata } from '@interlingua/core/adapter';
import type { ResponseFunctionCallOutputItem, ResponseInputItem } from 'openai/resources/responses/responses';
import { markOpenAIToolError } from '../openai-tool-error-text';
import { isResultInItem, readOwnHostedItem } from './convert-openai-responses-hosted-items';
import {
  convertToOpenAIResponsesContent,
  convertToOpenAIResponsesUserContent,
} from './convert-to-openai-responses-content';
import {
  isMcpApprovalCall,
  toMcpApprovalRequestItem,
  toMcpApprovalResponseItem,
} from './openai-responses-mcp-approval';
import { isOpenAIReasoning, openAIReasoningIds } from './openai-responses-reasoning';
import { splitAtServerItems } from './openai-responses-server-items';

/** Options of {@link convertToOpenAIResponsesInput}. */
export type ResponsesInputOptions = {
  /** Whether the request stores responses (`store: true`): reasoning may then be sent by id alone. */
  store: boolean;
};

/**
 * Converts the IR history to Responses `input` items, statelessly: the whole conversation is
 * sent, nothing refers to a stored response.
 *
 * User turns become `message` items (`input_text`, `input_image`, `input_file`). An assistant
 * turn becomes, in order, `message` items for its text (a refusal is replayed as text), the
 * provider-executed items kept on that text, `function_call` items (unparseable arguments
 * verbatim from `argsText`) and `reasoning` items: OpenAI's own reasoning with its id and
 * encrypted content; with `store: false` an OpenAI reasoning part without encrypted content
 * cannot be looked up and is left out, and reasoning from another provider (an Anthropic
 * signature, Gemini thoughts) means nothing to OpenAI and is left out, each with a warning. Each
 * tool result becomes a `function_call_output` (text, images and files; `isError` written into
 * the text, see `OPENAI_TOOL_ERROR_PREFIX`).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 * @see https://platform.openai.com/docs/guides/reasoning#keeping-reasoning-items-in-context
 */
export function convertToOpenAIResponsesInput(
  messages: readonly Message[],
  options: ResponsesInputOptions,
): { input: ResponseInputItem[]; warnings: Warning[] } {
  const input: ResponseInputItem[] = [];
  const warnings: Warning[] = [];
  const dropped = { foreign: false, unstored: false };
  // The calls that are the provider's MCP approval requests: their results are the decisions.
  const approvalCalls = new Set<string>();

  messages.forEach((message, index) => {
    switch (message.role) {
      case 'user':
        input.push({
          type: 'message',
          role: 'user',
          content: convertToOpenAIResponsesUserContent(message.content, `messages[${index}].content`, warnings),
        });
        break;
      case 'assistant':
        for (const part of message.content)
          if (part.type === 'tool-call' && isMcpApprovalCall(part)) approvalCalls.add(part.id);
        convertAssistant(message, options, input, warnings, dropped);
        break;
      case 'tool':
        convertToolMessage(message, index, input, warnings, approvalCalls);
        break;
      default: {
        const exhaustive: never = message;
        throw new InvalidRequestError({
          message: `messages[${index}].role: expected 'user', 'assistant' or 'tool', got ${JSON.stringify(exhaustive)}.`,
        });
      }
    }
  });
  return { input, warnings };
}

function convertAssistant(
  message: AssistantMessage,
  options: ResponsesInputOptions,
  input: ResponseInputItem[],
  warnings: Warning[],
  dropped: { foreign: boolean; unstored: boolean },
): void {
  for (const part of message.content) {
    if (part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result') {
      // An OpenAI item is replayed as it came (its result is inside it); another provider's call
      // or result cannot be an OpenAI item (the API checks item ids): its readable form goes as text.
      const own = part.type === 'hosted-tool-call' ? readOwnHostedItem(part) : isResultInItem(part) ? null : undefined;
      if (own === null) continue;
      if (own !== undefined) input.push(own as unknown as ResponseInputItem);
      else {
        warnings.push({
          type: 'degraded',
          feature: part.type,
          message: `A ${part.kind} ${part.type === 'hosted-tool-call' ? 'call' : 'result'} from another provider was sent as assistant text: the Responses API replays only its own hosted tool items.`,
        });
        input.push({ type: 'message', role: 'assistant', content: renderHostedToolPart(part) });
      }
      continue;
    }
    warnForeignMetadata(part, { provider: 'openai', format: 'The Responses API', at: part.type }, warnings);
    switch (part.type) {
      case 'text':
        for (const segment of splitAtServerItems(part)) {
          if (segment.type === 'text') input.push({ type: 'message', role: 'assistant', content: segment.text });
          // A provider-executed item is replayed as the API sent it (validated when it was decoded).
          else input.push(segment.item as unknown as ResponseInputItem);
        }
        break;
      case 'reasoning': {
        const item = convertReasoning(part, options, warnings, dropped);
        if (item !== undefined) input.push(item);
        break;
      }
      case 'tool-call':
        if (isMcpApprovalCall(part)) {
          input.push(toMcpApprovalRequestItem(part));
          break;
        }
        input.push({
          type: 'function_call',
          call_id: part.id,
          name: part.name,
          // Unparseable arguments are replayed exactly as the model sent them.
          arguments: part.argsText ?? JSON.stringify(part.args),
        });
        break;
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}

function convertReasoning(
  part: ReasoningPart,
  options: ResponsesInputOptions,
  warnings: Warning[],
  dropped: { foreign: boolean; unstored: boolean },
): ResponseInputItem | undefined {
  if (!isOpenAIReasoning(part)) {
    if (!dropped.foreign) {
      dropped.foreign = true;
      warnings.push({
        type: 'unsupported',
        feature: 'reasoning',
        message:
          'OpenAI only accepts reasoning it produced itself (with its encrypted content); reasoning from another provider in the history was not sent.',
      });
    }
    return undefined;
  }
  const { itemId, encryptedContent } = openAIReasoningIds(part);
  if (encryptedContent === undefined && (!options.store || itemId === undefined)) {
    if (!dropped.unstored) {
      dropped.unstored = true;
      warnings.push({
        type: 'unsupported',
        feature: 'reasoning.encryptedContent',
        message:
          'A reasoning item without encrypted content can only be replayed by id from a stored response; with `store: false` it was not sent.',
      });
    }
    return undefined;
  }
  return {
    type: 'reasoning',
    // The id is required; a stateless replay is matched by its encrypted content, not by id.
    id: itemId ?? '',
    summary: part.text === '' ? [] : [{ type: 'summary_text', text: part.text }],
    ...(encryptedContent === undefined ? {} : { encrypted_content: encryptedContent }),
  };
}

function convertToolMessage(
  message: ToolMessage,
  index: number,
  input: ResponseInputItem[],
  warnings: Warning[],
  approvalCalls: ReadonlySet<string>,
) {
  message.content.forEach((result, resultIndex) => {
    if (approvalCalls.has(result.toolCallId)) {
      // The decision on an approval request; a pending one is not sent (the request stands open).
      const item = toMcpApprovalResponseItem(result);
      if (item !== undefined) input.push(item);
      return;
    }
    const path = `messages[${index}].content[${resultIndex}].content`;
    const texts = result.content.filter((part) => part.type === 'text');
    let output: string | ResponseFunctionCallOutputItem[];
    if (texts.length === result.content.length && texts.length <= 1) {
      const text = texts[0]?.text ?? '';
      output = result.isError ? markOpenAIToolError(text) : text;
    } else {
      output = [];
      let marked = !result.isError;
      for (let partIndex = 0; partIndex < result.content.length; partIndex++) {
        const raw = result.content[partIndex] as ToolResultContentPart;
        // encodeRequest renders references with their tools (renderToolReferences); this is the bare fallback.
        const part: UserContentPart =
          raw.type === 'tool-reference' ? { type: 'text', text: toolReferenceText(raw.toolName) } : raw;
        if (!marked && part.type === 'text') {
          marked = true;
          output.push({ type: 'input_text', text: markOpenAIToolError(part.text) });
          continue;
        }
        const converted = convertToOpenAIResponsesContent(part, `${path}[${partIndex}]`, warnings);
        if (converted !== undefined) output.push(converted);
      }
      if (!marked) output.unshift({ type: 'input_text', text: markOpenAIToolError('') });
    }
    input.push({ type: 'function_call_output', call_id: result.toolCallId, output });
  });
}
