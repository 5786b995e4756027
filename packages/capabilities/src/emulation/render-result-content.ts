import type { ToolResult, UserContentPart } from '@interlingua/core';
import { toolReferenceText } from '@interlingua/core/adapter';

/**
 * A tool result's content as text for a prompt, plus the non-text parts (images, files) that
 * ride along after it as parts of the same user turn.
 */
export function renderResultContent(result: ToolResult): { text: string; attachments: UserContentPart[] } {
  const lines: string[] = [];
  const attachments: UserContentPart[] = [];
  for (const part of result.content) {
    switch (part.type) {
      case 'text':
        lines.push(part.text);
        break;
      case 'image':
        lines.push(`[image ${attachments.length + 1}, attached below]`);
        attachments.push(part);
        break;
      case 'file':
        lines.push(`[file ${part.filename ?? part.mediaType}, attached below]`);
        attachments.push(part);
        break;
      case 'tool-reference':
        lines.push(toolReferenceText(part.toolName));
        break;
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown tool result part ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  const text = lines.join('\n');
  return { text: result.isError ? `Error: ${text}` : text, attachments };
}
