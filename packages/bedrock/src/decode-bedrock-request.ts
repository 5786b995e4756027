import {
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  type JSONObject,
  type Message,
  parseChatRequest,
  type TextPart,
  type Tool,
  type ToolResult,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { parseWireRequest } from '@interlingua/core/adapter';
import { fromBedrockCachePoint } from './bedrock-cache-point';
import { type BedrockConverseRequestIn, bedrockConverseRequestSchema } from './bedrock-request-wire';
import { attachCachePoint, decodeBedrockAssistantContent, decodeBedrockUserBlock } from './decode-bedrock-content';
import { decodeBedrockSettings } from './decode-bedrock-settings';

const KNOWN_KEYS = new Set(['modelId', 'messages', 'system', 'inferenceConfig', 'toolConfig']);

/**
 * Decodes a Converse request (the gateway direction; `modelId` beside the body, as the SDK's
 * input names it — a gateway puts the path's model id there) into an IR request, the inverse of
 * `encodeRequest`: the `toolResult` blocks of a user message become one tool message (tool names
 * looked up from the `toolUse` blocks before them; `status: 'error'` → `isError`), the rest of
 * that message a user message; system text blocks join into `system`; `inferenceConfig` to the
 * sampling settings; `{ any: {} }` to `required`. Each cache point becomes the `cacheBreakpoint`
 * of the system part, content part or tool before it (several system blocks, or one with a cache
 * point, are kept as `systemParts`); every key the IR has no field for goes to
 * `providerOptions.bedrock`. Throws `InvalidRequestError` on a body that is not a Converse request, or that decodes to
 * a request the IR does not allow (a tool schema that is not an object, a bad tool name).
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_RequestSyntax
 */
export function decodeBedrockRequest(body: unknown): CodecResult<DecodedRequest> {
  const wire = parseWireRequest(bedrockConverseRequestSchema, body, 'a Bedrock Converse request');
  const warnings: Warning[] = [];
  const bedrockOptions: JSONObject = {};
  for (const [key, value] of Object.entries(wire)) {
    if (!KNOWN_KEYS.has(key)) bedrockOptions[key] = value as JSONObject[string];
  }
  const request: ChatRequest = { messages: decodeMessages(wire.messages, warnings) };

  const parts: TextPart[] = [];
  for (const [index, block] of (wire.system ?? []).entries()) {
    if (block.text !== undefined) parts.push({ type: 'text', text: block.text });
    else if (block.cachePoint !== undefined)
      attachCachePoint(parts.at(-1), block.cachePoint, `system[${index}]`, warnings);
    else
      warnings.push({
        type: 'unsupported',
        feature: 'system',
        message: `Skipped a system ${Object.keys(block)[0]} block.`,
      });
  }
  if (parts.length > 0) request.system = parts.map((part) => part.text).join('\n');
  // Several blocks, or a cache point: the blocks are kept as system parts (their texts joined are `system`).
  if (parts.length > 1 || parts.some((part) => part.cacheBreakpoint !== undefined)) request.systemParts = parts;

  const tools: Tool[] = [];
  for (const tool of wire.toolConfig?.tools ?? []) {
    if (tool.toolSpec !== undefined)
      tools.push({
        name: tool.toolSpec.name,
        description: tool.toolSpec.description ?? '',
        inputSchema: tool.toolSpec.inputSchema.json as JSONObject,
      });
    else if (tool.cachePoint !== undefined) {
      const last = tools.at(-1);
      if (last === undefined)
        warnings.push({
          type: 'other',
          feature: 'toolConfig.tools',
          message: 'Skipped a cachePoint that follows no tool.',
        });
      else last.cacheBreakpoint = fromBedrockCachePoint(tool.cachePoint);
    } else
      warnings.push({
        type: 'unsupported',
        feature: 'toolConfig.tools',
        message: `Skipped a ${Object.keys(tool)[0]} tool.`,
      });
  }
  if (tools.length > 0) request.tools = tools;
  const choice = wire.toolConfig?.toolChoice;
  if (choice !== undefined)
    request.toolChoice =
      'tool' in choice ? { type: 'tool', name: choice.tool.name } : 'any' in choice ? 'required' : 'auto';

  const config = wire.inferenceConfig;
  if (config?.maxTokens !== undefined) request.maxOutputTokens = config.maxTokens;
  if (config?.temperature !== undefined) request.temperature = config.temperature;
  if (config?.topP !== undefined) request.topP = config.topP;
  if (config?.stopSequences !== undefined) request.stopSequences = config.stopSequences;
  decodeBedrockSettings(bedrockOptions, request);
  if (Object.keys(bedrockOptions).length > 0) request.providerOptions = { bedrock: bedrockOptions };
  // The wire schema checks the shape; the IR schema what the IR demands beyond it (tool names, object schemas).
  return { value: { request: parseChatRequest(request), model: wire.modelId, stream: false }, warnings };
}

function decodeMessages(messages: BedrockConverseRequestIn['messages'], warnings: Warning[]): Message[] {
  const out: Message[] = [];
  const toolNames = new Map<string, string>();
  messages.forEach((message, index) => {
    const path = `messages[${index}].content`;
    if (message.role === 'assistant') {
      const content = decodeBedrockAssistantContent(message.content, path, warnings);
      for (const part of content) if (part.type === 'tool-call') toolNames.set(part.id, part.name);
      out.push({ role: 'assistant', content });
      return;
    }
    const results: ToolResult[] = [];
    const user: UserContentPart[] = [];
    let last: ToolResult | UserContentPart | undefined;
    message.content.forEach((block, blockIndex) => {
      const at = `${path}[${blockIndex}]`;
      if (block.toolResult !== undefined) {
        const { toolUseId, content, status } = block.toolResult;
        const toolName = toolNames.get(toolUseId);
        if (toolName === undefined)
          warnings.push({
            type: 'other',
            feature: `${at}.toolResult`,
            message: `No toolUse block with id "${toolUseId}" precedes this result; its toolName is empty.`,
          });
        const parts = content.flatMap((entry, entryIndex) => {
          const part = decodeBedrockUserBlock(entry, `${at}.toolResult.content[${entryIndex}]`, warnings);
          return part === undefined ? [] : [part];
        });
        last = {
          type: 'tool-result',
          toolCallId: toolUseId,
          toolName: toolName ?? '',
          content: parts,
          isError: status === 'error',
        };
        results.push(last);
      } else if (block.cachePoint !== undefined) attachCachePoint(last, block.cachePoint, at, warnings);
      else {
        const part = decodeBedrockUserBlock(block, at, warnings);
        if (part !== undefined) {
          user.push(part);
          last = part;
        }
      }
    });
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (user.length > 0) out.push({ role: 'user', content: user });
  });
  return out;
}
