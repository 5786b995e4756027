import type {
  AssistantContentPart,
  AssistantMessage,
  FilePart,
  Message,
  ReasoningPart,
  ToolMessage,
  UserContentPart,
  Warning,
} from '@interlingua/core';
import { InvalidRequestError } from '@interlingua/core';
import { toolReferenceText, warnForeignMetadata } from '@interlingua/core/adapter';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionMessageFunctionToolCall,
} from 'openai/resources/chat/completions';
import {
  convertToOpenAIContent,
  convertToOpenAIContentPart,
  type OpenAIContentFormat,
  openAIDataUrl,
} from './convert-to-openai-content';
import type { OpenAIChatMessage } from './openai-api';
import { markOpenAIToolError } from './openai-tool-error-text';
import { convertToOpenAIToolCall, splitOpenAIAssistantContent } from './split-openai-assistant-content';

/**
 * The text that introduces the images and files of tool results, in the user message sent
 * right after the tool messages (Chat Completions tool messages carry text only).
 */
export function openAIToolAttachmentsText(toolCallId: string, toolName: string): string {
  return `Attachments of the tool result for call ${toolCallId} (${toolName}):`;
}

/**
 * Converts the IR system prompt and history to Chat Completions `messages`.
 *
 * The system prompt becomes the first message with `systemRole`. Each tool result becomes its
 * own `role: tool` message in call order; `isError` is written into the text (see
 * `OPENAI_TOOL_ERROR_PREFIX`); images and files of results go into one user message right
 * after the tool messages, with a warning. Reasoning parts have no place on OpenAI's wire and
 * are dropped with a warning, unless `sendReasoningContent` (DeepSeek and other servers with a
 * thinking mode): then their text goes back as the assistant message's `reasoning_content`, and a
 * tool-calling turn without any reasoning (from another provider) is sent with a warning that
 * the server may refuse it. Unparseable call arguments are replayed verbatim from `argsText`.
 * Another provider's `providerMetadata` on an assistant part (a Gemini `thoughtSignature`,
 * Anthropic server-tool blocks, …) has no place either and is left out with a warning.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
export function convertToOpenAIMessages(
  system: string | undefined,
  messages: readonly Message[],
  systemRole: 'system' | 'developer',
  options: { sendReasoningContent?: boolean } = {},
): { messages: OpenAIChatMessage[]; warnings: Warning[] } {
  const out: OpenAIChatMessage[] = [];
  const warnings: Warning[] = [];
  if (system !== undefined) out.push({ role: systemRole, content: system });
  let reasoningDropped = false;

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    switch (message.role) {
      case 'user':
        out.push({
          role: 'user',
          content: convertToOpenAIContent(message.content, `messages[${index}].content`, warnings, CHAT_CONTENT_FORMAT),
        });
        break;
      case 'assistant': {
        const plain = options.sendReasoningContent === true ? undefined : plainAssistant(message.content);
        if (plain !== undefined) {
          out.push(plain);
          break;
        }
        const converted = convertAssistant(message, index, options.sendReasoningContent ?? false, warnings);
        if (converted.droppedReasoning && !reasoningDropped) {
          reasoningDropped = true;
          warnings.push({
            type: 'unsupported',
            feature: 'reasoning',
            message: 'Chat Completions takes no reasoning input; reasoning parts of the history were not sent.',
          });
        }
        out.push(converted.message);
        break;
      }
      case 'tool':
        convertToolMessage(message, index, out, warnings);
        break;
      default: {
        const exhaustive: never = message;
        throw new InvalidRequestError({
          message: `messages[${index}].role: expected 'user', 'assistant' or 'tool', got ${JSON.stringify(exhaustive)}.`,
        });
      }
    }
  }
  return { messages: out, warnings };
}

// How Chat Completions writes user content parts: `image_url`, `input_audio` (WAV, MP3) and `file`.
const CHAT_CONTENT_FORMAT: OpenAIContentFormat<ChatCompletionContentPart> = {
  text: (text) => ({ type: 'text', text }),
  image: (part, url) => {
    const detail = part.providerMetadata?.openai?.detail;
    return {
      type: 'image_url',
      image_url: detail === 'auto' || detail === 'low' || detail === 'high' ? { url, detail } : { url },
    };
  },
  file: convertFile,
};

function convertFile(part: FilePart, path: string, warnings: Warning[]): ChatCompletionContentPart | undefined {
  if (part.source.type === 'url') {
    warnings.push({
      type: 'unsupported',
      feature: path,
      message: `Chat Completions takes files inline or by file id, not by URL; the file at ${part.source.url} was not sent.`,
    });
    return undefined;
  }
  const audioFormat =
    part.mediaType === 'audio/wav' ? 'wav' : /^audio\/(mpeg|mp3)$/.test(part.mediaType) ? 'mp3' : undefined;
  if (audioFormat !== undefined)
    return { type: 'input_audio', input_audio: { data: part.source.data, format: audioFormat } };
  return {
    type: 'file',
    file: {
      file_data: openAIDataUrl(part.mediaType, part.source.data),
      ...(part.filename === undefined ? {} : { filename: part.filename }),
    },
  };
}

// The usual assistant turn, an answer or a calling turn: at most one text part, calls, and no
// metadata or reasoning. It needs no sorting into fields; anything else (or `undefined`) takes
// the general path. Not for `sendReasoningContent`, which warns about calls without reasoning.
function plainAssistant(content: readonly AssistantContentPart[]): OpenAIChatMessage | undefined {
  let text: string | undefined;
  let calls: ChatCompletionMessageFunctionToolCall[] | undefined;
  for (const part of content) {
    if (part.providerMetadata !== undefined) return undefined;
    if (part.type === 'text') {
      if (text !== undefined) return undefined;
      text = part.text;
    } else if (part.type === 'tool-call') {
      calls ??= [];
      calls.push(convertToOpenAIToolCall(part));
    } else return undefined;
  }
  if (calls === undefined) return { role: 'assistant', content: text ?? '' };
  return { role: 'assistant', content: text ?? null, tool_calls: calls };
}

function convertAssistant(
  message: AssistantMessage,
  index: number,
  sendReasoning: boolean,
  warnings: Warning[],
): { message: OpenAIChatMessage; droppedReasoning: boolean } {
  for (const part of message.content) {
    // Only metadata can hold what Chat Completions has no place for.
    if (part.providerMetadata === undefined) continue;
    warnForeignMetadata(part, { provider: 'openai', format: 'Chat Completions', at: part.type }, warnings);
    // Items the Responses API ran itself (web searches, …) cannot be replayed to Chat Completions.
    if (part.type === 'text' && Array.isArray(part.providerMetadata.openai?.serverItems)) {
      warnings.push({
        type: 'unsupported',
        feature: 'text.providerMetadata.openai.serverItems',
        message:
          'Chat Completions cannot replay items the Responses API ran itself (web searches, code interpreter calls, …); they were not sent.',
      });
    }
  }
  const { texts, refusal, toolCalls, reasoning } = splitOpenAIAssistantContent(message.content);
  const reasoningContent = sendReasoning
    ? toReasoningContent(reasoning, index, toolCalls.length > 0, warnings)
    : undefined;
  const first = texts[0];
  const content: string | ChatCompletionContentPartText[] | null =
    texts.length === 1 && first !== undefined
      ? first.text
      : texts.length > 1
        ? texts.map((part) => ({ type: 'text' as const, text: part.text }))
        : toolCalls.length > 0 || refusal !== undefined
          ? null
          : '';
  // Keys set one by one, in the order the API reference lists them (no spread objects per message).
  const converted: ChatCompletionAssistantMessageParam & { reasoning_content?: string } = {
    role: 'assistant',
    content,
  };
  if (refusal !== undefined) converted.refusal = refusal;
  if (reasoningContent !== undefined) converted.reasoning_content = reasoningContent;
  if (toolCalls.length > 0) converted.tool_calls = toolCalls;
  return { message: converted, droppedReasoning: !sendReasoning && reasoning.length > 0 };
}

// The text of a turn's reasoning as `reasoning_content`. What only another provider can read
// (a redacted block, a signature) is not sent, and a calling turn without reasoning is sent as
// is: the server may refuse it, so each is a warning.
function toReasoningContent(
  reasoning: readonly ReasoningPart[],
  index: number,
  hasCalls: boolean,
  warnings: Warning[],
): string | undefined {
  const text = reasoning.map((part) => part.text).join('');
  if (reasoning.some((part) => part.redacted !== undefined || part.signature !== undefined)) {
    warnings.push({
      type: 'unsupported',
      feature: `messages[${index}].reasoning_content`,
      message:
        "`reasoning_content` carries reasoning text only; another provider's signature or redacted thinking in this turn was not sent.",
    });
  }
  if (text !== '') return text;
  if (hasCalls) {
    warnings.push({
      type: 'degraded',
      feature: `messages[${index}].reasoning_content`,
      message:
        'This endpoint wants the reasoning of a tool-calling turn back (`reasoning_content`), but the turn has none (it came from another model, or was stored without it); the server may refuse the request.',
    });
  }
  return undefined;
}

function convertToolMessage(message: ToolMessage, index: number, out: OpenAIChatMessage[], warnings: Warning[]): void {
  let attachments: ChatCompletionContentPart[] | undefined;
  for (let resultIndex = 0; resultIndex < message.content.length; resultIndex++) {
    const result = message.content[resultIndex];
    if (result === undefined) continue;
    const only = result.content[0];
    if (result.content.length === 1 && only?.type === 'text') {
      // One text part (the usual result): no arrays to sort the parts into.
      out.push({
        role: 'tool',
        tool_call_id: result.toolCallId,
        content: result.isError ? markOpenAIToolError(only.text) : only.text,
      });
      continue;
    }
    const texts: string[] = [];
    const others: UserContentPart[] = [];
    for (const part of result.content) {
      if (part.type === 'text') texts.push(part.text);
      // encodeRequest renders references with their tools (renderToolReferences); this is the bare fallback.
      else if (part.type === 'tool-reference') texts.push(toolReferenceText(part.toolName));
      else others.push(part);
    }
    if (result.isError) texts[0] = markOpenAIToolError(texts[0] ?? '');
    out.push({
      role: 'tool',
      tool_call_id: result.toolCallId,
      content: texts.length <= 1 ? (texts[0] ?? '') : texts.map((text) => ({ type: 'text' as const, text })),
    });
    if (others.length > 0) {
      const path = `messages[${index}].content[${resultIndex}]`;
      attachments ??= [];
      attachments.push({ type: 'text', text: openAIToolAttachmentsText(result.toolCallId, result.toolName) });
      for (let partIndex = 0; partIndex < others.length; partIndex++) {
        const converted = convertToOpenAIContentPart(
          others[partIndex] as UserContentPart,
          `${path}.content`,
          warnings,
          CHAT_CONTENT_FORMAT,
        );
        if (converted !== undefined) attachments.push(converted);
      }
      warnings.push({
        type: 'degraded',
        feature: `${path}.content`,
        message:
          'Chat Completions tool messages carry text only; the images and files of this result were sent in a user message right after the tool messages.',
      });
    }
  }
  if (attachments !== undefined) out.push({ role: 'user', content: attachments });
}
