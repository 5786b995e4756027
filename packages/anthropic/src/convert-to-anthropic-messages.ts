import {
  type CacheBreakpoint,
  type FilePart,
  type ImagePart,
  InvalidRequestError,
  type Message,
  type ProviderMetadata,
  type TextPart,
  type ToolResult,
  type Warning,
} from '@interlingua/core';
import { groupProviderTurns } from '@interlingua/core/adapter';
import type {
  AnthropicAssistantBlockParam,
  AnthropicCacheControl,
  AnthropicDocumentBlockParam,
  AnthropicImageBlockParam,
  AnthropicMessageParam,
  AnthropicTextBlockParam,
  AnthropicToolReferenceBlockParam,
  AnthropicToolResultBlockParam,
  AnthropicUserBlockParam,
} from './anthropic-api';
import { toAnthropicCacheControl } from './anthropic-cache-control';
import { convertToAnthropicAssistantContent } from './convert-to-anthropic-assistant-content';
import { convertToAnthropicToolUseId } from './convert-to-anthropic-tool-use-id';

/**
 * Converts the IR history to Anthropic `messages`. Tool messages become `tool_result` blocks in a
 * `user` message (`is_error: true` for errors); every result of a turn goes in ONE user message,
 * results first, and user content that follows joins that same message. Consecutive messages of
 * one role are merged, so the request always alternates. A part's `cacheBreakpoint` (or the older
 * `providerMetadata.anthropic.cache_control`) becomes that block's `cache_control`.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-tool-use-and-tool-result-content-blocks
 */
export function convertToAnthropicMessages(messages: readonly Message[], warnings: Warning[]): AnthropicMessageParam[] {
  return groupProviderTurns<AnthropicUserBlockParam, AnthropicAssistantBlockParam>(messages, {
    convertUser: (message, index) => {
      const blocks: AnthropicUserBlockParam[] = [];
      for (const part of message.content) {
        const block = convertUserPart(part, index, undefined, warnings);
        if (block !== undefined) blocks.push(block);
      }
      return blocks;
    },
    convertTool: (message, index) => message.content.map((result) => convertToolResult(result, index, warnings)),
    // Empty turns are left out (the API rejects them; nothing was lost but empty text).
    convertAssistant: (message) =>
      convertToAnthropicAssistantContent(message.content, { requireSignature: true, warnings }),
    // "tool_result blocks must come FIRST in the content array": text after them, else a 400.
    toolResultsFirst: true,
    // A user message of empty text only is sent as it is, for the API to refuse, not dropped.
    keepEmptyUserTurns: true,
  });
}

// Sets `block.cache_control` from the part's breakpoint (after the block's other keys, in place:
// no spread of a fresh object per block).
function withCacheControl<T extends { cache_control?: AnthropicCacheControl }>(
  block: T,
  part: { cacheBreakpoint?: CacheBreakpoint; providerMetadata?: ProviderMetadata },
): T {
  if (part.cacheBreakpoint === undefined && part.providerMetadata === undefined) return block;
  const value = toAnthropicCacheControl(part);
  if (value !== undefined) block.cache_control = value;
  return block;
}

// Where a part sits, for messages: built only when one is needed.
function pathOf(index: number, toolCallId: string | undefined): string {
  return toolCallId === undefined ? `messages[${index}]` : `messages[${index}].results(${toolCallId})`;
}

function convertUserPart(
  part: TextPart | ImagePart | FilePart,
  index: number,
  toolCallId: string | undefined,
  warnings: Warning[],
): AnthropicTextBlockParam | AnthropicImageBlockParam | AnthropicDocumentBlockParam | undefined {
  switch (part.type) {
    case 'text':
      // The API rejects empty text blocks.
      if (part.text === '') return undefined;
      return withCacheControl<AnthropicTextBlockParam>({ type: 'text', text: part.text }, part);
    case 'image': {
      if (part.source.type === 'url') {
        return withCacheControl<AnthropicImageBlockParam>(
          { type: 'image', source: { type: 'url', url: part.source.url } },
          part,
        );
      }
      if (part.mediaType === undefined) {
        throw new InvalidRequestError({
          message: `Expected ${pathOf(index, toolCallId)} image with base64 data to have a mediaType (image/jpeg, image/png, image/gif or image/webp), got none.`,
        });
      }
      return withCacheControl<AnthropicImageBlockParam>(
        { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.source.data } },
        part,
      );
    }
    case 'file': {
      const title = part.filename === undefined ? {} : { title: part.filename };
      if (part.mediaType === 'application/pdf') {
        const source =
          part.source.type === 'url'
            ? { type: 'url' as const, url: part.source.url }
            : { type: 'base64' as const, media_type: 'application/pdf', data: part.source.data };
        return withCacheControl<AnthropicDocumentBlockParam>({ type: 'document', source, ...title }, part);
      }
      if (part.mediaType === 'text/plain' && part.source.type === 'base64') {
        const data = Buffer.from(part.source.data, 'base64').toString('utf8');
        return withCacheControl<AnthropicDocumentBlockParam>(
          { type: 'document', source: { type: 'text', media_type: 'text/plain', data }, ...title },
          part,
        );
      }
      warnings.push({
        type: 'unsupported',
        feature: `${pathOf(index, toolCallId)}.file`,
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
  const first = result.content[0];
  if (
    result.content.length === 1 &&
    first?.type === 'text' &&
    first.providerMetadata === undefined &&
    first.cacheBreakpoint === undefined
  ) {
    // One plain text part (the usual result): sent as a string, no blocks built to be dropped.
    const converted: AnthropicToolResultBlockParam = {
      type: 'tool_result',
      tool_use_id: convertToAnthropicToolUseId(result.toolCallId),
    };
    // The API rejects empty text blocks, so an empty text is no content.
    if (first.text !== '') converted.content = first.text;
    if (result.isError) converted.is_error = true;
    return withCacheControl(converted, result);
  }
  const blocks: Exclude<AnthropicToolResultBlockParam['content'], string | undefined> = [];
  for (const part of result.content) {
    // A client-side tool search's answer: the API expands the reference into the tool's definition.
    const block =
      part.type === 'tool-reference'
        ? withCacheControl<AnthropicToolReferenceBlockParam>({ type: 'tool_reference', tool_name: part.toolName }, part)
        : convertUserPart(part, index, result.toolCallId, warnings);
    if (block !== undefined) blocks.push(block);
  }
  const only = blocks[0];
  // Rewritten exactly as its call's `tool_use.id` (the warning is given there).
  const converted: AnthropicToolResultBlockParam = {
    type: 'tool_result',
    tool_use_id: convertToAnthropicToolUseId(result.toolCallId),
  };
  // A lone plain text result goes as a string, the form the API reference shows.
  if (blocks.length > 0) {
    converted.content =
      blocks.length === 1 && only?.type === 'text' && only.cache_control === undefined ? only.text : blocks;
  }
  if (result.isError) converted.is_error = true;
  return withCacheControl(converted, result);
}
