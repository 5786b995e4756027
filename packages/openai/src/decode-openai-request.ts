import {
  type AssistantContentPart,
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  type HostedTool,
  InvalidRequestError,
  type JSONObject,
  type Message,
  type ReasoningEffort,
  type ResponseFormat,
  type Tool,
  type ToolChoice,
  type ToolResult,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { parseWireRequest, setOwnProperty } from '@interlingua/core/adapter';
import { openAIToolAttachmentsText } from './convert-to-openai-messages';
import { toToolCall } from './decode-openai-response';
import { type OpenAIMessage, type OpenAIResponseFormat, type OpenAIUserPart, openaiRequestSchema } from './openai-api';
import { decodeOpenAIChatWebSearch } from './openai-chat-hosted-tools';
import { readOpenAIPromptCache } from './openai-prompt-cache';
import { isOpenAIRequest } from './openai-request-guard';
import { unmarkOpenAIToolError } from './openai-tool-error-text';

// Body keys mapped to IR fields; every other key goes to `providerOptions.openai` verbatim.
const MAPPED_KEYS = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'max_completion_tokens',
  'max_tokens',
  'temperature',
  'top_p',
  'stop',
  'stream',
  'stream_options',
  'response_format',
  'web_search_options',
]);
const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/**
 * Decodes a Chat Completions request body into an IR request (the gateway direction).
 *
 * `system` / `developer` messages become `system` (joined by a blank line; one that is not
 * at the start is moved there with a warning). Consecutive `tool` messages become one IR
 * tool message, with names looked up from the calls and `isError` recovered from the text
 * marker; the attachments message `encodeRequest` adds after tool messages goes back into
 * those results; an assistant message's `reasoning_content` (DeepSeek's thinking text) becomes its
 * first, reasoning part. Keys the IR has no field for (`parallel_tool_calls`, `seed`, …) go to
 * `providerOptions.openai`, so `encodeRequest` sends them again.
 *
 * Throws `InvalidRequestError` naming the path when the body is not a Chat Completions request:
 * nested deeper than `MAX_JSON_DEPTH`, a function whose `parameters` are not an object schema,
 * an out-of-range setting, a tool message that answers no earlier call.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
export function decodeOpenAIRequest(body: unknown): CodecResult<DecodedRequest> {
  const wire = parseWireRequest(openaiRequestSchema, body, 'a Chat Completions request body', isOpenAIRequest);
  const warnings: Warning[] = [];
  const systems: string[] = [];
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();

  for (let index = 0; index < wire.messages.length; index++) {
    const message = wire.messages[index] as OpenAIMessage;
    switch (message.role) {
      case 'system':
      case 'developer':
        if (messages.length > 0) {
          warnings.push({
            type: 'degraded',
            feature: `messages[${index}]`,
            message: 'The IR has one system prompt; a system message after the first turn was moved into it.',
          });
        }
        systems.push(joinText(message.content));
        break;
      case 'user': {
        const content = convertUserContent(message.content, index, warnings);
        const last = messages.at(-1);
        // The user message `encodeRequest` adds after tool messages goes back into their results.
        if (last?.role !== 'tool' || !reattachToolAttachments(last.content, content)) {
          messages.push({ role: 'user', content });
        }
        break;
      }
      case 'assistant': {
        const content: AssistantContentPart[] = [];
        // A compatible server's thinking text sent back (DeepSeek); it came before the answer.
        if (message.reasoning_content) content.push({ type: 'reasoning', text: message.reasoning_content });
        if (typeof message.content === 'string') {
          // An empty string is how an assistant turn with only calls (or nothing) is sent.
          if (message.content !== '') content.push({ type: 'text', text: message.content });
        } else {
          for (const part of message.content ?? []) {
            content.push(
              part.type === 'text'
                ? { type: 'text', text: part.text }
                : { type: 'text', text: part.refusal, providerMetadata: { openai: { refusal: true } } },
            );
          }
        }
        if (message.refusal) {
          content.push({ type: 'text', text: message.refusal, providerMetadata: { openai: { refusal: true } } });
        }
        for (const call of message.tool_calls ?? []) {
          if (call.type === 'function') {
            toolNames.set(call.id, call.function.name);
            content.push(toToolCall(call.id, call.function.name, call.function.arguments));
          } else {
            warnings.push(unsupportedCustom(`messages[${index}].tool_calls`, call.custom.name));
          }
        }
        messages.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const texts =
          typeof message.content === 'string' ? [message.content] : message.content.map((part) => part.text);
        const { text, isError } = unmarkOpenAIToolError(texts[0] ?? '');
        const toolName = toolNames.get(message.tool_call_id);
        if (toolName === undefined) {
          // The API answers such a body with a 400 too: a result must follow its call.
          throw new InvalidRequestError({
            message: `Expected a Chat Completions request body: messages[${index}].tool_call_id: Expected the id of a tool call of an earlier assistant message, got ${JSON.stringify(message.tool_call_id.slice(0, 100))}.`,
          });
        }
        const result: ToolResult = {
          type: 'tool-result',
          toolCallId: message.tool_call_id,
          toolName,
          content: [text, ...texts.slice(1)].map((part) => ({ type: 'text' as const, text: part })),
          isError,
        };
        const last = messages.at(-1);
        if (last?.role === 'tool') last.content.push(result);
        else messages.push({ role: 'tool', content: [result] });
        break;
      }
      case 'function':
        warnings.push({
          type: 'unsupported',
          feature: `messages[${index}]`,
          message: 'Deprecated `function` messages are not supported; use `tool` messages. It was left out.',
        });
        break;
      default: {
        const exhaustive: never = message;
        throw new InvalidRequestError({ message: `Unknown message ${JSON.stringify(exhaustive)}` });
      }
    }
  }

  const request: ChatRequest = { messages };
  if (systems.length > 0) request.system = systems.join('\n\n');
  const tools: (Tool | HostedTool)[] = [];
  for (const tool of wire.tools ?? []) {
    if (tool.type === 'function') {
      const parameters = tool.function.parameters;
      tools.push({
        name: tool.function.name,
        description: tool.function.description ?? '',
        // `type` may be left out of `parameters`; the IR states it.
        inputSchema:
          parameters === null || parameters === undefined
            ? { type: 'object', properties: {} }
            : { ...parameters, type: 'object' },
      });
    } else warnings.push(unsupportedCustom('tools', tool.custom.name));
  }
  const webSearch = decodeOpenAIChatWebSearch((body as { web_search_options?: unknown }).web_search_options);
  if (webSearch !== undefined) tools.push(webSearch);
  if (tools.length > 0) request.tools = tools;
  const toolChoice = convertToolChoice(wire.tool_choice, warnings);
  if (toolChoice !== undefined) request.toolChoice = toolChoice;
  const maxTokens = wire.max_completion_tokens ?? wire.max_tokens;
  if (typeof maxTokens === 'number') request.maxOutputTokens = maxTokens;
  if (typeof wire.temperature === 'number') request.temperature = wire.temperature;
  if (typeof wire.top_p === 'number') request.topP = wire.top_p;
  if (wire.stop !== null && wire.stop !== undefined) {
    request.stopSequences = typeof wire.stop === 'string' ? [wire.stop] : wire.stop;
  }
  const effort = wire.reasoning_effort;
  const mapEffort = typeof effort === 'string' && EFFORTS.has(effort);
  if (mapEffort) request.reasoning = { effort: effort as ReasoningEffort };
  const format = wire.response_format;
  if (format !== null && format !== undefined) request.responseFormat = convertResponseFormat(format);
  // From the body itself, not the parsed copy: the schema drops keys such as `__proto__`.
  const rest: JSONObject = {};
  for (const [key, value] of Object.entries(body as JSONObject)) {
    if (!MAPPED_KEYS.has(key) && !(mapEffort && key === 'reasoning_effort')) setOwnProperty(rest, key, value);
  }
  readOpenAIPromptCache(rest, request);
  if (Object.keys(rest).length > 0) request.providerOptions = { openai: rest };
  return { value: { request, model: wire.model, stream: wire.stream === true }, warnings };
}

/**
 * When `content` is exactly the attachments message of `openAIToolAttachmentsText` markers
 * for these results, appends each group to its result and returns true; otherwise changes nothing.
 */
function reattachToolAttachments(results: ToolResult[], content: UserContentPart[]): boolean {
  const groups: { result: ToolResult; parts: UserContentPart[] }[] = [];
  // Whole marker strings, looked up (no regex over the client's text: nothing to backtrack on).
  const markers = new Map<string, ToolResult>();
  for (const result of results) {
    const marker = openAIToolAttachmentsText(result.toolCallId, result.toolName);
    if (!markers.has(marker)) markers.set(marker, result);
  }
  for (const part of content) {
    const result = part.type === 'text' ? markers.get(part.text) : undefined;
    if (result !== undefined) {
      groups.push({ result, parts: [] });
    } else if (part.type === 'text' && isAttachmentsMarker(part.text)) {
      return false; // the marker of a result that is not among these
    } else {
      const group = groups.at(-1);
      if (group === undefined) return false;
      group.parts.push(part);
    }
  }
  if (groups.length === 0 || groups.some((group) => group.parts.length === 0)) return false;
  for (const group of groups) group.result.content.push(...group.parts);
  return true;
}

function isAttachmentsMarker(text: string): boolean {
  const empty = openAIToolAttachmentsText('', '');
  return text.startsWith(empty.slice(0, empty.indexOf(' ('))) && text.endsWith('):');
}

function convertResponseFormat(format: OpenAIResponseFormat): ResponseFormat {
  switch (format.type) {
    case 'text':
      return { type: 'text' };
    case 'json_object':
      return { type: 'json' };
    case 'json_schema': {
      const { name, description, schema, strict } = format.json_schema;
      return {
        type: 'json',
        ...(schema === null || schema === undefined ? {} : { schema }),
        name,
        ...(typeof description === 'string' ? { description } : {}),
        ...(typeof strict === 'boolean' ? { strict } : {}),
      };
    }
    default: {
      const exhaustive: never = format;
      throw new InvalidRequestError({ message: `Unknown response_format ${JSON.stringify(exhaustive)}` });
    }
  }
}

function joinText(content: string | { text: string }[]): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

function unsupportedCustom(feature: string, name: string): Warning {
  return {
    type: 'unsupported',
    feature,
    message: `Custom (free-form) tool "${name}" has no IR equivalent; it was left out.`,
  };
}

function convertToolChoice(choice: unknown, warnings: Warning[]): ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  const named = choice as { type?: unknown; function?: { name?: unknown } };
  if (named.type === 'function' && typeof named.function?.name === 'string' && named.function.name !== '') {
    return { type: 'tool', name: named.function.name };
  }
  warnings.push({
    type: 'unsupported',
    feature: 'tool_choice',
    message: `Expected tool_choice "auto", "none", "required" or a named function, got ${JSON.stringify(choice)}; it was left out.`,
  });
  return undefined;
}

function convertUserContent(content: string | OpenAIUserPart[], index: number, warnings: Warning[]): UserContentPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  const parts: UserContentPart[] = [];
  for (const part of content) {
    switch (part.type) {
      case 'text':
        parts.push({ type: 'text', text: part.text });
        break;
      case 'image_url': {
        const match = /^data:([^;,]+);base64,(.*)$/s.exec(part.image_url.url);
        const detail = part.image_url.detail;
        parts.push({
          type: 'image',
          ...(match === null
            ? { source: { type: 'url', url: part.image_url.url } }
            : { source: { type: 'base64', data: match[2] ?? '' }, mediaType: match[1] ?? 'image/png' }),
          ...(detail === undefined ? {} : { providerMetadata: { openai: { detail } } }),
        });
        break;
      }
      case 'input_audio':
        parts.push({
          type: 'file',
          source: { type: 'base64', data: part.input_audio.data },
          mediaType: part.input_audio.format === 'mp3' ? 'audio/mpeg' : `audio/${part.input_audio.format}`,
        });
        break;
      case 'file': {
        const match = /^data:([^;,]+);base64,(.*)$/s.exec(part.file.file_data ?? '');
        if (match === null) {
          warnings.push({
            type: 'unsupported',
            feature: `messages[${index}].content`,
            message: 'A file given by `file_id` (not inline) has no IR equivalent; it was left out.',
          });
          break;
        }
        parts.push({
          type: 'file',
          source: { type: 'base64', data: match[2] ?? '' },
          mediaType: match[1] ?? 'application/octet-stream',
          ...(part.file.filename === undefined ? {} : { filename: part.file.filename }),
        });
        break;
      }
      default: {
        const exhaustive: never = part;
        throw new InvalidRequestError({ message: `Unknown user content part ${JSON.stringify(exhaustive)}` });
      }
    }
  }
  return parts;
}
