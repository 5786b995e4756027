import type { ToolOutput, UserContentPart } from '@interlingua/core';
import type { CompatibilityCallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { convertMcpContent } from './convert-mcp-content';

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

// server-filesystem's read_media_file mirrors its audio/image blocks in structuredContent: appending
// that as text would send the same base64 twice, so a mirror of the binary content is not repeated.
function mirrorsBinaryContent(json: string, blocks: readonly ContentBlock[]): boolean {
  return blocks.some((block) => {
    const data = block.type === 'image' || block.type === 'audio' ? block.data : undefined;
    const blob = block.type === 'resource' && 'blob' in block.resource ? block.resource.blob : undefined;
    const binary = data ?? blob;
    return typeof binary === 'string' && binary.length > 0 && json.includes(binary);
  });
}

/**
 * Converts a `tools/call` result into a core `ToolOutput`: content blocks through
 * {@link convertMcpContent}; `structuredContent` appended as JSON text when no text block already
 * carries it (and it does not merely mirror the binary blocks); a legacy `toolResult` as JSON text; `isError: true` kept, so the model sees the
 * server's own failure text and can retry. An empty result becomes one empty text part.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content
 */
export function convertCallToolResult(result: CompatibilityCallToolResult): ToolOutput {
  const blocks = (Array.isArray(result.content) ? result.content : []) as ContentBlock[];
  const content: UserContentPart[] = convertMcpContent(blocks);
  const structured = result.structuredContent;
  if (structured !== undefined && !blocks.some((block) => block.type === 'text' && sameJson(block.text, structured))) {
    const json = JSON.stringify(structured);
    if (!mirrorsBinaryContent(json, blocks)) content.push({ type: 'text', text: json });
  }
  if (!Array.isArray(result.content) && 'toolResult' in result) {
    content.push({ type: 'text', text: JSON.stringify(result.toolResult) });
  }
  if (content.length === 0) content.push({ type: 'text', text: '' });
  return { type: 'tool-output', content, ...(result.isError === true ? { isError: true } : {}) };
}
