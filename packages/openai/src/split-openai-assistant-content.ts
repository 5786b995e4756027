import type { AssistantContentPart, ReasoningPart, TextPart, ToolCall } from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import type { ChatCompletionMessageFunctionToolCall } from 'openai/resources/chat/completions';

/** An assistant turn sorted into the fields a Chat Completions assistant message has. */
export type OpenAIAssistantFields = {
  /** Plain text parts, in order. */
  texts: TextPart[];
  /** Refusal text (parts marked `providerMetadata.openai.refusal`), joined. */
  refusal: string | undefined;
  /** Calls, with `argsText` verbatim when the arguments did not parse. */
  toolCalls: ChatCompletionMessageFunctionToolCall[];
  /** The turn's reasoning parts: OpenAI takes none back; compatible servers take their text as `reasoning_content`. */
  reasoning: ReasoningPart[];
};

/** True for a text part that carries a model refusal rather than an answer. */
export function isOpenAIRefusal(part: TextPart): boolean {
  return part.providerMetadata?.openai?.refusal === true;
}

/**
 * Sorts assistant parts into text, refusal, tool calls and reasoning: shared by the request
 * direction (replaying history) and the response direction (the gateway), so both write a
 * call the same way.
 */
export function splitOpenAIAssistantContent(content: readonly AssistantContentPart[]): OpenAIAssistantFields {
  const fields: OpenAIAssistantFields = { texts: [], refusal: undefined, toolCalls: [], reasoning: [] };
  for (const part of content) {
    switch (part.type) {
      case 'text':
        if (isOpenAIRefusal(part)) fields.refusal = (fields.refusal ?? '') + part.text;
        else fields.texts.push(part);
        break;
      case 'reasoning':
        fields.reasoning.push(part);
        break;
      case 'tool-call':
        fields.toolCalls.push(convertToOpenAIToolCall(part));
        break;
      case 'hosted-tool-call':
      case 'hosted-tool-result':
        // Chat Completions has no item for a provider-run tool: its readable form goes as text.
        fields.texts.push({ type: 'text', text: `${renderHostedToolPart(part)}\n` });
        break;
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  return fields;
}

/** An IR call as a Chat Completions `tool_calls` entry; unparseable arguments are replayed exactly as the model sent them. */
export function convertToOpenAIToolCall(part: ToolCall): ChatCompletionMessageFunctionToolCall {
  return {
    id: part.id,
    type: 'function',
    function: { name: part.name, arguments: part.argsText ?? JSON.stringify(part.args) },
  };
}
