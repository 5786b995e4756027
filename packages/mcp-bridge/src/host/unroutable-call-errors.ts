import { redactError } from '@interlingua/core/adapter';
import type { Tool as McpTool } from '@modelcontextprotocol/client';
import { mcpServerSecrets } from '../config/mcp-server-secrets';
import { exposeToolName } from './expose-tool-name';
import type { McpServerConnection } from './mcp-server-connection';
import { McpToolCallError } from './mcp-tool-call-error';

/** A tool of a server that failed: its route is gone, but the answer should say why. */
export function findWithdrawnTool(
  connections: readonly McpServerConnection[],
  name: string,
): { connection: McpServerConnection; tool: McpTool } | undefined {
  for (const connection of connections) {
    if (connection.state !== 'failed') continue;
    const tool = connection.tools.find((candidate) => exposeToolName(connection.name, candidate.name) === name);
    if (tool !== undefined) return { connection, tool };
  }
  return undefined;
}

/**
 * The error of a call to a tool whose server is not connected, with the server's own error as
 * cause; the server's URL token and header values are redacted from both.
 */
export function serverUnavailableError(connection: McpServerConnection, tool: McpTool): McpToolCallError {
  const reason = connection.error === undefined ? connection.state : connection.error.message;
  const error = new McpToolCallError({
    server: connection.name,
    tool: tool.name,
    reason: 'server-unavailable',
    message: `Tool \`${tool.name}\` could not be called: MCP server \`${connection.name}\` is not available (${reason}).`,
    cause: connection.error,
  });
  return redactError(error, mcpServerSecrets(connection.config));
}

/** The error of a call to a name the bridge does not expose, listing the names it does. */
export function noSuchToolError(name: string, exposed: Iterable<string>): McpToolCallError {
  return new McpToolCallError({
    server: '',
    tool: name,
    reason: 'no-such-tool',
    message: `No MCP tool is exposed as \`${name}\`; expected one of ${[...exposed].join(', ') || '(none)'}.`,
  });
}
