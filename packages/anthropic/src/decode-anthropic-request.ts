import {
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  type HostedTool,
  InvalidRequestError,
  type JSONObject,
  type Message,
  type Tool,
  type ToolChoice,
  type ToolResult,
  type ToolResultContentPart,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { parseWireRequest, setOwnProperty } from '@interlingua/core/adapter';
import type { z } from 'zod';
import {
  type AnthropicDecodedRequestBody,
  anthropicMessagesRequestSchema,
  type anthropicToolParamSchema,
} from './anthropic-api';
import { fromAnthropicCacheControl } from './anthropic-cache-control';
import { decodeAnthropicHostedTool, decodeAnthropicMcpServers } from './anthropic-hosted-tools';
import { isAnthropicRequest } from './anthropic-request-guard';
import { convertAnthropicContent } from './convert-anthropic-content';

type UserBlock = Exclude<
  Extract<AnthropicDecodedRequestBody['messages'][number], { role: 'user' }>['content'],
  string
>[number];

const EXPECTED = 'an Anthropic Messages request body';

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
 * looked up from the `tool_use` blocks before them; a `tool_reference` in one, a client-side tool
 * search's answer, becomes a `tool-reference` part), the rest of that user message follows as a
 * user message; `max_tokens` becomes `maxOutputTokens`; several system blocks are joined by
 * newlines into `system` and kept as `systemParts` (so a backend with system blocks gets every
 * block and cache breakpoint back); every `cache_control` (system, content blocks, tool results,
 * tools) becomes a neutral `cacheBreakpoint`, `eager_input_streaming` `toolArgumentStreaming`;
 * `thinking` becomes `reasoning.budgetTokens` (0 when disabled), `output_config.format`
 * `responseFormat`; `disable_parallel_tool_use` and non-custom tools (server tools) go to `providerOptions.anthropic`,
 * as does every body key the IR has no field for. Throws `InvalidRequestError` naming the path
 * on a body that is not a Messages request: nested deeper than `MAX_JSON_DEPTH`, a custom tool
 * whose `input_schema` is not an object schema, an out-of-range setting, a `tool_result` that
 * answers no earlier `tool_use`.
 *
 * @see https://docs.anthropic.com/en/api/messages
 */
export function decodeAnthropicRequest(body: unknown): CodecResult<DecodedRequest> {
  const wire = parseWireRequest(anthropicMessagesRequestSchema, body, EXPECTED, isAnthropicRequest);
  const warnings: Warning[] = [];
  const anthropicOptions: JSONObject = {};
  // From the body itself, not the parsed copy: the schema drops keys such as `__proto__`.
  for (const [key, value] of Object.entries(body as JSONObject)) {
    if (!knownKeys.has(key)) setOwnProperty(anthropicOptions, key, value);
  }

  const request: ChatRequest = { messages: decodeMessages(wire.messages) };
  if (typeof wire.system === 'string') request.system = wire.system;
  else if (wire.system !== undefined) {
    request.system = wire.system.map((block) => block.text).join('\n');
    // Several blocks, or a breakpoint: the blocks themselves, each with its breakpoint, are kept
    // as system parts (their texts joined are `system`), for Anthropic and Bedrock backends.
    if (wire.system.length > 1 || wire.system.some((block) => block.cache_control))
      request.systemParts = wire.system.map((block) => ({
        type: 'text',
        text: block.text,
        ...fromAnthropicCacheControl(block.cache_control),
      }));
  }

  const tools: (Tool | HostedTool)[] = [];
  const nativeTools: JSONObject[] = [];
  let eager = 0;
  for (const tool of wire.tools ?? []) {
    if (isCustomTool(tool)) {
      tools.push({
        name: tool.name,
        description: tool.description ?? '',
        // `type` may be left out of `input_schema`; the IR states it.
        inputSchema: { ...tool.input_schema, type: 'object' },
        ...fromAnthropicCacheControl(tool.cache_control),
        ...(tool.defer_loading === true ? { deferLoading: true } : {}),
      });
      if (tool.eager_input_streaming === true) eager += 1;
    } else {
      const hosted = decodeAnthropicHostedTool(tool as JSONObject);
      if (hosted === undefined) nativeTools.push(tool as JSONObject);
      else tools.push(hosted);
    }
  }
  // MCP connector servers are hosted tools of the IR.
  const mcpServers = decodeAnthropicMcpServers(anthropicOptions.mcp_servers);
  if (mcpServers.length > 0 && mcpServers.length === (anthropicOptions.mcp_servers as unknown[]).length) {
    tools.push(...mcpServers);
    delete anthropicOptions.mcp_servers;
  }
  if (tools.length > 0) request.tools = tools;
  if (eager > 0) {
    request.toolArgumentStreaming = true;
    if (eager < tools.length)
      warnings.push({
        type: 'degraded',
        feature: 'tools.eager_input_streaming',
        message: `${eager} of ${tools.length} tools asked for fine-grained streaming (eager_input_streaming); the IR's toolArgumentStreaming turns it on for every tool of the request.`,
      });
  }
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
  const thinking = wire.thinking;
  if (thinking?.type === 'enabled' && typeof thinking.budget_tokens === 'number') {
    request.reasoning = { budgetTokens: thinking.budget_tokens };
    delete anthropicOptions.thinking;
  } else if (thinking?.type === 'disabled') {
    request.reasoning = { budgetTokens: 0 };
    delete anthropicOptions.thinking;
  }
  const outputFormat = wire.output_config?.format;
  if (outputFormat !== null && outputFormat !== undefined) {
    request.responseFormat = { type: 'json', schema: outputFormat.schema };
    const { format: _format, ...otherOutput } = anthropicOptions.output_config as JSONObject;
    if (Object.keys(otherOutput).length > 0) anthropicOptions.output_config = otherOutput;
    else delete anthropicOptions.output_config;
  }
  if (Object.keys(anthropicOptions).length > 0) request.providerOptions = { anthropic: anthropicOptions };

  return { value: { request, model: wire.model, stream: wire.stream === true }, warnings };
}

function decodeMessages(messages: AnthropicDecodedRequestBody['messages']): Message[] {
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
    for (const [position, block] of message.content.entries()) {
      if (block.type === 'tool_result') {
        const toolName = toolNames.get(block.tool_use_id);
        if (toolName === undefined) {
          // The API answers such a body with a 400 too: a result must follow its tool_use.
          throw new InvalidRequestError({
            message: `Expected ${EXPECTED}: messages[${index}].content[${position}].tool_use_id: Expected the id of a tool_use block of an earlier assistant message, got ${JSON.stringify(block.tool_use_id.slice(0, 100))}.`,
          });
        }
        const content: ToolResultContentPart[] =
          block.content === undefined
            ? []
            : typeof block.content === 'string'
              ? [{ type: 'text' as const, text: block.content }]
              : block.content.map((part) =>
                  part.type === 'tool_reference'
                    ? {
                        type: 'tool-reference' as const,
                        toolName: part.tool_name,
                        ...fromAnthropicCacheControl(part.cache_control),
                      }
                    : decodeUserBlock(part),
                );
        results.push({
          type: 'tool-result',
          toolCallId: block.tool_use_id,
          toolName,
          content,
          isError: block.is_error === true,
          ...fromAnthropicCacheControl(block.cache_control),
        });
      } else user.push(decodeUserBlock(block));
    }
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (user.length > 0) out.push({ role: 'user', content: user });
  });
  return out;
}

// The request schema already told the two kinds apart: a server tool has a `type` other than "custom".
function isCustomTool(
  tool: NonNullable<AnthropicDecodedRequestBody['tools']>[number],
): tool is z.infer<typeof anthropicToolParamSchema> {
  return typeof tool.type !== 'string' || tool.type === 'custom';
}

function decodeUserBlock(block: Exclude<UserBlock, { type: 'tool_result' }>): UserContentPart {
  const metadata = fromAnthropicCacheControl(block.cache_control);
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
