import { ErrorCode, McpError, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

const PREFIX = 'interlingua-tools:';

/**
 * One `tools/list` page: `pageSize` tools from the cursor's offset, and the cursor of the next
 * page when there is one. A cursor this server did not hand out is the JSON-RPC error `-32602`.
 */
export function pageOfTools(
  tools: readonly McpTool[],
  cursor: string | undefined,
  pageSize: number,
): { tools: McpTool[]; nextCursor: string | undefined } {
  let offset = 0;
  if (cursor !== undefined) {
    const parsed = cursor.startsWith(PREFIX) ? Number(cursor.slice(PREFIX.length)) : Number.NaN;
    if (!Number.isInteger(parsed) || parsed < 0) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Expected a cursor from an earlier tools/list page, got ${JSON.stringify(cursor)}.`,
      );
    }
    offset = parsed;
  }
  const end = offset + pageSize;
  return { tools: tools.slice(offset, end), nextCursor: end < tools.length ? `${PREFIX}${end}` : undefined };
}
