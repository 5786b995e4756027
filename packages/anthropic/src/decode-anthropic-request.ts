import {
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  InvalidRequestError,
  type JSONObject,
  type Message,
  type ProviderMetadata,
  parseWireRequest,
  type Tool,
  type ToolChoice,
  type ToolResult,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import {
  type AnthropicDecodedRequestBody,
  anthropicMessagesRequestSchema,
  anthropicToolParamSchema,
} from './anthropic-api';
import { convertAnthropicContent } from './convert-anthropic-content';

type UserBlock = Exclude<
  Extract<AnthropicDecodedRequestBody['messages'][number], { role: 'user' }>['content'],
  string
>[number];

const knownKeys = new Set([
  'model',
  'max_tokens',
  'messages',
  'system',
  'tools',
  'tool_choice',
  'temperature',
  'top_p',
  'stop_sequences',
  'stream',
]);

/**
 * Decodes a Messages API request body into an IR request (the gateway direction), the inverse
 * of `encodeRequest`: `tool_result` blocks of a user message become one tool message (tool names
 * looked up from the `tool_use` blocks before them), the rest of that user message follows as a
 * user message; `max_tokens` becomes `maxOutputTokens`; system `cache_control`,
 * `disable_parallel_tool_use` and non-custom tools (server tools) go to `providerOptions.anthropic`,
 * as does every body key the IR has no field for. Throws `InvalidRequestError` on a body that is
 * not a Messages request.
 *
 * @see https://docs.anthropic.com/en/api/messages
 */
export function decodeAnthropicRequest(body: unknown): CodecResult<DecodedRequest> {
  const wire = parseWireRequest(anthropicMessagesRequestSchema, body, 'an Anthropic Messages request body');
  const warnings: Warning[] = [];
  const anthropicOptions: JSONObject = {};
  for (const [key, value] of Object.entries(wire)) {
    if (!knownKeys.has(key)) anthropicOptions[key] = value as JSONObject[string];
  }

  const request: ChatRequest = { messages: decodeMessages(wire.messages, warnings) };
  if (typeof wire.system === 'string') request.system = wire.system;
  else if (wire.system !== undefined) {
    request.system = wire.system.map((block) => block.text).join('\n');
    const cacheControl = wire.system.find((block) => block.cache_control)?.cache_control;
    if (cacheControl) anthropicOptions.cache_control = toJSONObject(cacheControl);
    if (wire.system.length > 1) {
      warnings.push({
        type: 'degraded',
        feature: 'system',
        message: `Joined ${wire.system.length} system text blocks with newlines into one system prompt.`,
      });
    }
  }

  const tools: Tool[] = [];
  const nativeTools: JSONObject[] = [];
  for (const tool of wire.tools ?? []) {
    const custom = anthropicToolParamSchema.safeParse(tool);
    if (custom.success) {
      tools.push({
        name: custom.data.name,
        description: custom.data.description ?? '',
        inputSchema: custom.data.input_schema as JSONObject,
      });
    } else nativeTools.push(tool as JSONObject);
  }
  if (tools.length > 0) request.tools = tools;
  if (nativeTools.length > 0) anthropicOptions.tools = nativeTools;

  const choice = wire.tool_choice;
  if (choice !== undefined) {
    if ('disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use !== undefined)
      anthropicOptions.disable_parallel_tool_use = choice.disable_parallel_tool_use;
    const toolChoice: ToolChoice =
      choice.type === 'tool'
        ? { type: 'tool', name: choice.name }
        : choice.type === 'any'
          ? 'required'
          : choice.type === 'none'
            ? 'none'
            : 'auto';
    // `auto` with only a parallel flag is how encodeRequest spells "no choice, no parallel calls".
    if (
      !(
        toolChoice === 'auto' &&
        'disable_parallel_tool_use' in choice &&
        choice.disable_parallel_tool_use !== undefined
      )
    )
      request.toolChoice = toolChoice;
  }
  request.maxOutputTokens = wire.max_tokens;
  if (wire.temperature !== undefined) request.temperature = wire.temperature;
  if (wire.top_p !== undefined) request.topP = wire.top_p;
  if (wire.stop_sequences !== undefined) request.stopSequences = wire.stop_sequences;
  if (Object.keys(anthropicOptions).length > 0) request.providerOptions = { anthropic: anthropicOptions };

  return { value: { request, model: wire.model, stream: wire.stream === true }, warnings };
}

function decodeMessages(messages: AnthropicDecodedRequestBody['messages'], warnings: Warning[]): Message[] {
  const out: Message[] = [];
  const toolNames = new Map<string, string>();
  messages.forEach((message, index) => {
    if (message.role === 'assistant') {
      const content =
        typeof message.content === 'string'
          ? convertAnthropicContent([{ type: 'text', text: message.content }])
          : convertAnthropicContent(message.content);
      for (const part of content) if (part.type === 'tool-call') toolNames.set(part.id, part.name);
      out.push({ role: 'assistant', content });
      return;
    }
    if (typeof message.content === 'string') {
      out.push({ role: 'user', content: [{ type: 'text', text: message.content }] });
      return;
    }
    const results: ToolResult[] = [];
    const user: UserContentPart[] = [];
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        const toolName = toolNames.get(block.tool_use_id);
        if (toolName === undefined) {
          warnings.push({
            type: 'other',
            feature: `messages[${index}].tool_result`,
            message: `No tool_use block with id "${block.tool_use_id}" precedes this result; its toolName is empty.`,
          });
        }
        const content =
          block.content === undefined
            ? []
            : typeof block.content === 'string'
              ? [{ type: 'text' as const, text: block.content }]
              : block.content.map(decodeUserBlock);
        results.push({
          type: 'tool-result',
          toolCallId: block.tool_use_id,
          toolName: toolName ?? '',
          content,
          isError: block.is_error === true,
          ...cacheMetadata(block.cache_control),
        });
      } else user.push(decodeUserBlock(block));
    }
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (user.length > 0) out.push({ role: 'user', content: user });
  });
  return out;
}

function cacheMetadata(cacheControl: unknown): { providerMetadata?: ProviderMetadata } {
  if (typeof cacheControl !== 'object' || cacheControl === null) return {};
  return { providerMetadata: { anthropic: { cache_control: toJSONObject(cacheControl) } } };
}

function toJSONObject(value: object): JSONObject {
  const out: JSONObject = {};
  for (const [key, entry] of Object.entries(value)) if (entry !== undefined) out[key] = entry as JSONObject[string];
  return out;
}

function decodeUserBlock(block: Exclude<UserBlock, { type: 'tool_result' }>): UserContentPart {
  const metadata = cacheMetadata(block.cache_control);
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text, ...metadata };
    case 'image':
      if (block.source.type === 'url')
        return { type: 'image', source: { type: 'url', url: block.source.url }, ...metadata };
      return {
        type: 'image',
        source: { type: 'base64', data: block.source.data },
        mediaType: block.source.media_type,
        ...metadata,
      };
    case 'document': {
      const title = typeof block.title === 'string' ? { filename: block.title } : {};
      if (block.source.type === 'url')
        return {
          type: 'file',
          source: { type: 'url', url: block.source.url },
          mediaType: 'application/pdf',
          ...title,
          ...metadata,
        };
      if (block.source.type === 'text') {
        const data = Buffer.from(block.source.data, 'utf8').toString('base64');
        return { type: 'file', source: { type: 'base64', data }, mediaType: 'text/plain', ...title, ...metadata };
      }
      return {
        type: 'file',
        source: { type: 'base64', data: block.source.data },
        mediaType: block.source.media_type,
        ...title,
        ...metadata,
      };
    }
    default: {
      const exhaustive: never = block;
      throw new InvalidRequestError({ message: `Unknown user block ${JSON.stringify(exhaustive)}.` });
    }
  }
}
