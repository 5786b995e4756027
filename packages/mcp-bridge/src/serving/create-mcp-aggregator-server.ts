import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type Implementation,
  ListToolsRequestSchema,
  McpError,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpBridge } from '../host/mcp-bridge';
import { McpToolCallError } from '../host/mcp-tool-call-error';
import type { McpServedTool } from './mcp-served-tool';
import { pageOfTools } from './page-of-tools';

/** The tools of one `tools/list` page. */
export const DEFAULT_TOOLS_PAGE_SIZE = 100;

/** Options of {@link createMcpAggregatorServer}. */
export type McpAggregatorServerOptions = {
  /** Tools of the host's own, listed after the bridge's (see `createAgentTool`). */
  tools?: readonly McpServedTool[];
  /** Tools per `tools/list` page. Default {@link DEFAULT_TOOLS_PAGE_SIZE}. */
  pageSize?: number;
  /** The `serverInfo` of the handshake. Default `{ name: 'interlingua', version: '0.1.0' }`. */
  serverInfo?: Implementation;
  /** Bound on each forwarded call, in milliseconds. Default: the bridge's `callTimeout`. */
  callTimeout?: number;
};

/** An aggregator's MCP server and the function that detaches it from the bridge. */
export type McpAggregatorServer = { server: Server; dispose: () => void };

// A failure with no tool result: a client gets the reason as an error result, as the agent would.
function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * One MCP server serving every tool of a bridge under its `server__tool` name, plus `tools` of the
 * host's own: `tools/list` (paginated, `nextCursor`), `tools/call` forwarded with the upstream
 * result untouched (`isError`, every content type, `structuredContent`, `_meta`), progress passed
 * through to a client that asked for it, cancellation passed on, and
 * `notifications/tools/list_changed` whenever an upstream server's tools change or it dies or comes
 * back. A dead upstream server, a timeout or a lost connection is an error result, never a crash;
 * an unknown tool name is the JSON-RPC error `-32602`, an upstream JSON-RPC error keeps its code.
 * Connect the server to any transport (stdio, `startMcpHttpServer`); one per client connection.
 */
export function createMcpAggregatorServer(
  bridge: McpBridge,
  options: McpAggregatorServerOptions = {},
): McpAggregatorServer {
  const own = new Map((options.tools ?? []).map((tool) => [tool.definition.name, tool]));
  const pageSize = options.pageSize ?? DEFAULT_TOOLS_PAGE_SIZE;
  const server = new Server(options.serverInfo ?? { name: 'interlingua', version: '0.1.0' }, {
    capabilities: { tools: { listChanged: true } },
  });
  const listAll = async (): Promise<McpTool[]> => [
    // The bridge lists with the SDK's v2 client; this server still serves with the 1.x types.
    ...((await bridge.toolDefinitions()) as McpTool[]),
    ...[...own.values()].map((tool) => tool.definition),
  ];
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const { tools, nextCursor } = pageOfTools(await listAll(), request.params?.cursor, pageSize);
    return nextCursor === undefined ? { tools } : { tools, nextCursor };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const progressToken = request.params._meta?.progressToken;
    const sendProgress =
      progressToken === undefined
        ? undefined
        : (progress: { progress: number; total?: number | undefined; message?: string | undefined }) =>
            // Only the numbers and the message: upstream's own progress token must not replace the client's.
            extra.sendNotification({
              method: 'notifications/progress',
              params: {
                progressToken,
                progress: progress.progress,
                ...(progress.total === undefined ? {} : { total: progress.total }),
                ...(progress.message === undefined ? {} : { message: progress.message }),
              },
            });
    const served = own.get(name);
    if (served !== undefined) {
      try {
        return await served.call(args, { signal: extra.signal, sendProgress });
      } catch (error) {
        return errorResult(`Tool \`${name}\` failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    try {
      return (await bridge.forwardToolCall(name, args, {
        signal: extra.signal,
        ...(options.callTimeout === undefined ? {} : { timeout: options.callTimeout }),
        ...(sendProgress === undefined
          ? {}
          : { onProgress: (progress) => void sendProgress(progress).catch(() => {}) }),
      })) as CallToolResult;
    } catch (error) {
      if (!McpToolCallError.isInstance(error)) throw error;
      if (error.reason === 'no-such-tool') throw new McpError(ErrorCode.InvalidParams, error.message);
      if (error.reason === 'rpc-error' && error.rpcCode !== undefined) throw new McpError(error.rpcCode, error.message);
      return errorResult(error.message);
    }
  });
  const unsubscribe = bridge.subscribe((event) => {
    const changed =
      event.type === 'tools-changed' ||
      event.type === 'server-error' ||
      event.type === 'server-disconnected' ||
      event.type === 'server-restarted';
    // Before the handshake there is no one to tell; a closed transport refuses quietly.
    if (changed && server.transport !== undefined) server.sendToolListChanged().catch(() => {});
  });
  return { server, dispose: unsubscribe };
}
