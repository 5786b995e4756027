import type { Message, ToolResult, Warning } from '@interlingua/core';
import { groupProviderTurns, toolReferenceText } from '@interlingua/core/adapter';
import type { BedrockCachePoint, BedrockContentBlock, BedrockMessage, BedrockToolResultContent } from './bedrock-api';
import { readCachePoint } from './bedrock-cache-point';
import { convertToBedrockToolUseId } from './bedrock-tool-use';
import { convertToBedrockAssistantContent } from './convert-to-bedrock-assistant-content';
import { convertToBedrockUserContent, type DocumentCount } from './convert-to-bedrock-user-content';

/**
 * Converts the IR history to Converse `messages`. A tool message becomes `toolResult` blocks in
 * a `user` message (`status: 'error'` for errors); every result of a turn goes in ONE user
 * message, results first, and user content that follows joins it. Consecutive messages of one
 * role are merged, so the conversation alternates as Converse requires.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html
 */
export function convertToBedrockMessages(messages: readonly Message[], warnings: Warning[]): BedrockMessage[] {
  const documents: DocumentCount = { count: 0 };
  return groupProviderTurns<BedrockContentBlock, BedrockContentBlock>(messages, {
    convertUser: (message, index) => {
      const path = `messages[${index}]`;
      const blocks: BedrockContentBlock[] = [];
      for (const part of message.content) append(blocks, convertToBedrockUserContent(part, path, documents, warnings));
      return blocks;
    },
    convertTool: (message, index) => {
      const path = `messages[${index}]`;
      const blocks: BedrockContentBlock[] = [];
      for (const result of message.content) append(blocks, convertToolResult(result, path, documents, warnings));
      return blocks;
    },
    // Converse rejects an empty turn; only empty text was in it.
    convertAssistant: (message) =>
      convertToBedrockAssistantContent(message.content, { requireSignature: true, warnings }),
    // Claude on Converse takes the Messages API's rule: tool results before any text of their turn.
    toolResultsFirst: true,
    // A user message of empty text only is sent as it is, for Converse to refuse, not dropped.
    keepEmptyUserTurns: true,
  });
}

// Appends without a spread (no arguments list as long as the blocks).
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

function convertToolResult(
  result: ToolResult,
  path: string,
  documents: DocumentCount,
  warnings: Warning[],
): BedrockContentBlock[] {
  const content: BedrockToolResultContent[] = [];
  for (const raw of result.content) {
    // encodeRequest renders references with their tools (renderToolReferences); this is the bare fallback.
    const part = raw.type === 'tool-reference' ? { type: 'text' as const, text: toolReferenceText(raw.toolName) } : raw;
    for (const block of convertToBedrockUserContent(part, `${path}.results(${result.toolCallId})`, documents, warnings))
      if (!('cachePoint' in block)) content.push(block as BedrockToolResultContent);
  }
  // `content` is required; a result without any readable content says so.
  if (content.length === 0) content.push({ text: result.isError ? 'Error' : '(no output)' });
  const blocks: BedrockContentBlock[] = [
    {
      toolResult: {
        toolUseId: convertToBedrockToolUseId(result.toolCallId),
        content,
        ...(result.isError ? { status: 'error' as const } : {}),
      },
    },
  ];
  // Converse has no cachePoint inside a toolResult: a breakpoint on a part of it goes after the
  // result, which caches that part too (and the rest of the result).
  const cachePoint = readCachePoint(result) ?? firstCachePoint(result.content);
  if (cachePoint !== undefined) blocks.push({ cachePoint });
  return blocks;
}

function firstCachePoint(parts: ToolResult['content']): BedrockCachePoint | undefined {
  for (const part of parts) {
    const cachePoint = readCachePoint(part);
    if (cachePoint !== undefined) return cachePoint;
  }
  return undefined;
}
