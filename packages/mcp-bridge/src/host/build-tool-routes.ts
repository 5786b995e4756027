import { type ExecutableTool, InvalidSettingError, type JSONSchema } from '@interlingua/core';
import type { Tool as McpTool } from '@modelcontextprotocol/client';
import { toolIsDeferred, toolNeedsApproval } from '../config/mcp-tool-policy';
import { exposeToolName } from './expose-tool-name';
import type { McpServerConnection } from './mcp-server-connection';

/** Where an exposed name goes: the connection, the server's tool, and the executable built for it. */
export type ToolRoute = { connection: McpServerConnection; tool: McpTool; executable: ExecutableTool };

/**
 * The routing map of every live server's tools by exposed name. An executable whose tool did not
 * change is kept (so callers holding it keep a stable object). Throws an `InvalidSettingError`
 * when two tools would get the same exposed name.
 */
export function buildToolRoutes(
  connections: readonly McpServerConnection[],
  previous: ReadonlyMap<string, ToolRoute>,
  execute: (name: string) => ExecutableTool['execute'],
): Map<string, ToolRoute> {
  const routes = new Map<string, ToolRoute>();
  for (const connection of connections) {
    if (connection.state === 'failed' || connection.state === 'closed') continue;
    for (const tool of connection.tools) {
      const name = exposeToolName(connection.name, tool.name);
      const taken = routes.get(name);
      if (taken !== undefined) {
        throw new InvalidSettingError({
          message: `MCP tools \`${taken.tool.name}\` of \`${taken.connection.name}\` and \`${tool.name}\` of \`${connection.name}\` would both be exposed as \`${name}\`; rename one of the servers in the config.`,
        });
      }
      const kept = previous.get(name);
      const executable: ExecutableTool =
        kept !== undefined && kept.tool === tool
          ? kept.executable
          : {
              name,
              description: tool.description ?? tool.title ?? `Tool ${tool.name} of MCP server ${connection.name}.`,
              inputSchema: tool.inputSchema as JSONSchema,
              execute: execute(name),
              // The config's `approval` and `deferLoading` for this server's tool.
              ...(toolNeedsApproval(connection.config.toolPolicy, tool.name) ? { needsApproval: true } : {}),
              ...(toolIsDeferred(connection.config.toolPolicy, tool.name) ? { deferLoading: true } : {}),
            };
      routes.set(name, { connection, tool, executable });
    }
  }
  return routes;
}
