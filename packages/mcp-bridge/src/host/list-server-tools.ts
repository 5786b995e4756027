import type { LoggingLevel, Tool as McpTool, ServerCapabilities } from '@modelcontextprotocol/client';
import type { McpClientConnection } from '../transports/connect-mcp-client';
import { eraMeta } from './era-meta';
import { listAllPages } from './list-all-pages';
import { listModernTools } from './list-modern-tools';

/**
 * Every tool of a connected server, in the server's order, in the era it was reached in: a
 * 2026-07-28 list (with its `ttlMs` cache hint) or the legacy pages, both behind the bridge's
 * cursor guard. A server without the tools capability has none.
 */
export async function listServerTools(
  live: McpClientConnection,
  options: { server: string; logLevel: LoggingLevel | undefined; timeout: number; maxPages: number },
): Promise<{ tools: McpTool[]; ttlMs: number | undefined }> {
  let ttlMs: number | undefined;
  const capabilities: ServerCapabilities | undefined = live.client.getServerCapabilities();
  const what = `MCP server \`${options.server}\` tools/list`;
  if (capabilities?.tools === undefined) return { tools: [], ttlMs };
  if (live.era === 'modern') {
    const tools = await listModernTools(live.client, {
      what,
      meta: eraMeta(live.era, options.logLevel, undefined),
      timeout: options.timeout,
      maxPages: options.maxPages,
      onTtl: (hint) => {
        ttlMs = hint;
      },
    });
    return { tools, ttlMs };
  }
  const tools = await listAllPages(
    what,
    async (cursor) => {
      const request = { timeout: options.timeout };
      // The first page by itself: the SDK's listTools() without a cursor walks every page on its
      // own, past the bridge's cursor guard.
      const page =
        cursor === undefined
          ? await live.client.request({ method: 'tools/list' }, request)
          : await live.client.listTools({ cursor }, request);
      return { items: page.tools, nextCursor: page.nextCursor };
    },
    options.maxPages,
  );
  return { tools, ttlMs };
}
