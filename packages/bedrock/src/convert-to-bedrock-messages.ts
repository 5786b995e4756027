import { InvalidRequestError, type Message, type ToolResult, type Warning } from '@interlingua/core';
import type { BedrockContentBlock, BedrockMessage, BedrockToolResultContent } from './bedrock-api';
import { toBedrockToolUseId } from './bedrock-tool-use';
import { convertAssistantContentToBedrock } from './convert-assistant-content-to-bedrock';
import { convertUserContentToBedrock, type DocumentCount, readCachePoint } from './convert-user-content-to-bedrock';

type Draft =
  | { role: 'user'; results: BedrockContentBlock[]; other: BedrockContentBlock[] }
  | { role: 'assistant'; blocks: BedrockContentBlock[] };

/**
 * Converts the IR history to Converse `messages`. A tool message becomes `toolResult` blocks in
 * a `user` message (`status: 'error'` for errors); every result of a turn goes in ONE user
 * message, results first, and user content that follows joins it. Consecutive messages of one
 * role are merged, so the conversation alternates as Converse requires.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html
 */
export function convertToBedrockMessages(messages: readonly Message[], warnings: Warning[]): BedrockMessage[] {
  const drafts: Draft[] = [];
  const documents: DocumentCount = { count: 0 };

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    switch (message.role) {
      case 'user': {
        const draft = userDraft(drafts);
        const path = `messages[${index}]`;
        for (const part of message.content)
          append(draft.other, convertUserContentToBedrock(part, path, documents, warnings));
        break;
      }
      case 'tool': {
        const draft = userDraft(drafts);
        const path = `messages[${index}]`;
        for (const result of message.content)
          append(draft.results, convertToolResult(result, path, documents, warnings));
        break;
      }
      case 'assistant': {
        const blocks = convertAssistantContentToBedrock(message.content, { requireSignature: true, warnings });
        if (blocks.length === 0) break; // Converse rejects an empty turn; only empty text was in it.
        const last = drafts.at(-1);
        if (last?.role === 'assistant') append(last.blocks, blocks);
        else drafts.push({ role: 'assistant', blocks });
        break;
      }
      default: {
        const exhaustive: never = message;
        throw new InvalidRequestError({ message: `Unknown message role in ${JSON.stringify(exhaustive)}.` });
      }
    }
  }

  const out: BedrockMessage[] = new Array(drafts.length);
  for (let index = 0; index < drafts.length; index++) {
    const draft = drafts[index] as Draft;
    if (draft.role === 'assistant') out[index] = { role: 'assistant', content: draft.blocks };
    // Results first; the content of a turn with only one kind is its array as is.
    else if (draft.other.length === 0) out[index] = { role: 'user', content: draft.results };
    else if (draft.results.length === 0) out[index] = { role: 'user', content: draft.other };
    else out[index] = { role: 'user', content: [...draft.results, ...draft.other] };
  }
  return out;
}

// The user turn last in `drafts`, or a new one (tool results and user content share a turn).
function userDraft(drafts: Draft[]): Extract<Draft, { role: 'user' }> {
  const last = drafts.at(-1);
  if (last?.role === 'user') return last;
  const draft: Draft = { role: 'user', results: [], other: [] };
  drafts.push(draft);
  return draft;
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
  for (const part of result.content) {
    for (const block of convertUserContentToBedrock(part, `${path}.results(${result.toolCallId})`, documents, warnings))
      if (!('cachePoint' in block)) content.push(block as BedrockToolResultContent);
  }
  // `content` is required; a result without any readable content says so.
  if (content.length === 0) content.push({ text: result.isError ? 'Error' : '(no output)' });
  const blocks: BedrockContentBlock[] = [
    {
      toolResult: {
        toolUseId: toBedrockToolUseId(result.toolCallId),
        content,
        ...(result.isError ? { status: 'error' as const } : {}),
      },
    },
  ];
  const cachePoint = readCachePoint(result.providerMetadata);
  if (cachePoint !== undefined) blocks.push({ cachePoint });
  return blocks;
}
