import type { ToolOutput, UserContentPart } from '@interlingua/core';
import type { CompatibilityCallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import { convertMcpContent } from './convert-mcp-content';

function collectLeaves(value: unknown, leaves: string[]): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object') {
    for (const item of Object.values(value)) collectLeaves(item, leaves);
    return;
  }
  leaves.push(String(value));
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `${block.data}\n${block.mimeType}`;
    case 'resource':
      return 'text' in block.resource
        ? `${block.resource.uri}\n${block.resource.text}`
        : `${block.resource.uri}\n${block.resource.blob}`;
    case 'resource_link':
      return `${block.uri}\n${block.name}`;
    default: {
      const unexpected: never = block;
      return JSON.stringify(unexpected);
    }
  }
}

// Servers often mirror structuredContent in their content (server-filesystem: `{ content: text }`,
// the spec's serialized JSON, media blocks): it is already there when every value in it is.
function contentCarries(structured: unknown, blocks: readonly ContentBlock[]): boolean {
  if (blocks.length === 0) return false;
  const leaves: string[] = [];
  collectLeaves(structured, leaves);
  const haystack = blocks.map(blockText).join('\n');
  return leaves.every((leaf) => haystack.includes(leaf));
}

/**
 * Converts a `tools/call` result into a core `ToolOutput`: content blocks through
 * {@link convertMcpContent}; `structuredContent` appended as JSON text unless the content already
 * carries every value in it (servers mirror it as JSON, as prose or as media blocks); a legacy `toolResult` as JSON text; `isError: true` kept, so the model sees the
 * server's own failure text and can retry. An empty result becomes one empty text part.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content
 */
export function convertCallToolResult(result: CompatibilityCallToolResult): ToolOutput {
  const blocks = (Array.isArray(result.content) ? result.content : []) as ContentBlock[];
  const content: UserContentPart[] = convertMcpContent(blocks);
  const structured = result.structuredContent;
  if (structured !== undefined && !contentCarries(structured, blocks)) {
    content.push({ type: 'text', text: JSON.stringify(structured) });
  }
  if (!Array.isArray(result.content) && 'toolResult' in result) {
    content.push({ type: 'text', text: JSON.stringify(result.toolResult) });
  }
  if (content.length === 0) content.push({ type: 'text', text: '' });
  return { type: 'tool-output', content, ...(result.isError === true ? { isError: true } : {}) };
}
