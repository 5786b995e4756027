import {
  type FilePart,
  type ImagePart,
  InvalidRequestError,
  type Message,
  type ProviderMetadata,
  type TextPart,
  type ToolResult,
  type Warning,
} from '@interlingua/core';
import type {
  AnthropicAssistantBlockParam,
  AnthropicCacheControl,
  AnthropicDocumentBlockParam,
  AnthropicImageBlockParam,
  AnthropicMessageParam,
  AnthropicTextBlockParam,
  AnthropicToolResultBlockParam,
  AnthropicUserBlockParam,
} from './anthropic-api';
import { toAnthropicToolUseId } from './anthropic-tool-use-id';
import { convertAssistantContentToAnthropic } from './convert-assistant-content-to-anthropic';

type Draft =
  | { role: 'user'; results: AnthropicToolResultBlockParam[]; other: AnthropicUserBlockParam[] }
  | { role: 'assistant'; blocks: AnthropicAssistantBlockParam[] };

/**
 * Converts the IR history to Anthropic `messages`. Tool messages become `tool_result` blocks in a
 * `user` message (`is_error: true` for errors); every result of a turn goes in ONE user message,
 * results first, and user content that follows joins that same message. Consecutive messages of
 * one role are merged, so the request always alternates. `providerMetadata.anthropic.cache_control`
 * on a user part or tool result becomes that block's `cache_control`.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-tool-use-and-tool-result-content-blocks
 */
export function convertToAnthropicMessages(messages: readonly Message[], warnings: Warning[]): AnthropicMessageParam[] {
  const drafts: Draft[] = [];
  const userDraft = () => {
    const last = drafts.at(-1);
    if (last?.role === 'user') return last;
    const draft: Draft = { role: 'user', results: [], other: [] };
    drafts.push(draft);
    return draft;
  };

  messages.forEach((message, index) => {
    switch (message.role) {
      case 'user': {
        const draft = userDraft();
        for (const part of message.content) {
          const block = convertUserPart(part, `messages[${index}]`, warnings);
          if (block !== undefined) draft.other.push(block);
        }
        break;
      }
      case 'tool': {
        const draft = userDraft();
        for (const result of message.content) draft.results.push(convertToolResult(result, index, warnings));
        break;
      }
      case 'assistant': {
        const blocks = convertAssistantContentToAnthropic(message.content, { requireSignature: true, warnings });
        if (blocks.length === 0) break; // The API rejects empty turns; nothing was lost but empty text.
        const last = drafts.at(-1);
        if (last?.role === 'assistant') last.blocks.push(...blocks);
        else drafts.push({ role: 'assistant', blocks });
        break;
      }
      default: {
        const exhaustive: never = message;
        throw new InvalidRequestError({ message: `Unknown message role in ${JSON.stringify(exhaustive)}.` });
      }
    }
  });

  return drafts.map((draft) =>
    draft.role === 'user'
      ? { role: 'user', content: [...draft.results, ...draft.other] }
      : { role: 'assistant', content: draft.blocks },
  );
}

function cacheControlOf(metadata: ProviderMetadata | undefined): { cache_control?: AnthropicCacheControl } {
  const value = metadata?.anthropic?.cache_control;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value.type !== 'ephemeral') return {};
  return { cache_control: value as AnthropicCacheControl };
}

function convertUserPart(
  part: TextPart | ImagePart | FilePart,
  path: string,
  warnings: Warning[],
): AnthropicTextBlockParam | AnthropicImageBlockParam | AnthropicDocumentBlockParam | undefined {
  switch (part.type) {
    case 'text':
      // The API rejects empty text blocks.
      if (part.text === '') return undefined;
      return { type: 'text', text: part.text, ...cacheControlOf(part.providerMetadata) };
    case 'image': {
      if (part.source.type === 'url') {
        return {
          type: 'image',
          source: { type: 'url', url: part.source.url },
          ...cacheControlOf(part.providerMetadata),
        };
      }
      if (part.mediaType === undefined) {
        throw new InvalidRequestError({
          message: `Expected ${path} image with base64 data to have a mediaType (image/jpeg, image/png, image/gif or image/webp), got none.`,
        });
      }
      return {
        type: 'image',
        source: { type: 'base64', media_type: part.mediaType, data: part.source.data },
        ...cacheControlOf(part.providerMetadata),
      };
    }
    case 'file': {
      const title = part.filename === undefined ? {} : { title: part.filename };
      if (part.mediaType === 'application/pdf') {
        const source =
          part.source.type === 'url'
            ? { type: 'url' as const, url: part.source.url }
            : { type: 'base64' as const, media_type: 'application/pdf', data: part.source.data };
        return { type: 'document', source, ...title, ...cacheControlOf(part.providerMetadata) };
      }
      if (part.mediaType === 'text/plain' && part.source.type === 'base64') {
        const data = Buffer.from(part.source.data, 'base64').toString('utf8');
        return {
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data },
          ...title,
          ...cacheControlOf(part.providerMetadata),
        };
      }
      warnings.push({
        type: 'unsupported',
        feature: `${path}.file`,
        message: `Replaced the ${part.mediaType} file by a text note: Anthropic documents accept application/pdf and text/plain only.`,
      });
      // A note, so the model is not left reading an empty tool result (an MCP audio clip, say).
      return { type: 'text', text: unreadableFileNote(part.mediaType, part.filename) };
    }
    default: {
      const exhaustive: never = part;
      throw new InvalidRequestError({ message: `Unknown user part ${JSON.stringify(exhaustive)}.` });
    }
  }
}

function unreadableFileNote(mediaType: string, filename: string | undefined): string {
  const name = filename === undefined ? '' : ` "${filename}"`;
  return `[${mediaType} file${name} left out: this model cannot read that file type.]`;
}

function convertToolResult(result: ToolResult, index: number, warnings: Warning[]): AnthropicToolResultBlockParam {
  const path = `messages[${index}].results(${result.toolCallId})`;
  const blocks: Exclude<AnthropicToolResultBlockParam['content'], string | undefined> = [];
  for (const part of result.content) {
    const block = convertUserPart(part, path, warnings);
    if (block !== undefined) blocks.push(block);
  }
  const only = blocks[0];
  // A lone plain text result goes as a string, the form the API reference shows.
  const content = blocks.length === 1 && only?.type === 'text' && only.cache_control === undefined ? only.text : blocks;
  return {
    type: 'tool_result',
    // Rewritten exactly as its call's `tool_use.id` (the warning is given there).
    tool_use_id: toAnthropicToolUseId(result.toolCallId),
    ...(blocks.length === 0 ? {} : { content }),
    ...(result.isError ? { is_error: true } : {}),
    ...cacheControlOf(result.providerMetadata),
  };
}
