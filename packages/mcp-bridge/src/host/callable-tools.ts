import type { Warning } from '@interlingua/core';
import type { Tool as McpTool } from '@modelcontextprotocol/client';
import type { McpBridgeEvent } from './mcp-bridge-event';

/**
 * The tools of a listing the bridge can call: one that requires task-based execution is left
 * out, with an `unsupported` warning once per tool (`warned` remembers it across re-listings).
 */
export function callableTools(
  server: string,
  listed: readonly McpTool[],
  warned: Set<string>,
  emit: (event: McpBridgeEvent) => void,
): McpTool[] {
  const callable: McpTool[] = [];
  for (const tool of listed) {
    if (tool.execution?.taskSupport !== 'required') {
      callable.push(tool);
      continue;
    }
    if (warned.has(tool.name)) continue;
    warned.add(tool.name);
    const warning: Warning = {
      type: 'unsupported',
      feature: `${server}.${tool.name}`,
      message: `Tool \`${tool.name}\` of MCP server \`${server}\` requires task-based execution, which the bridge does not run; it is not offered.`,
    };
    emit({ type: 'warning', server, warning });
  }
  return callable;
}
