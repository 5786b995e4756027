import type { HostedTool } from '../ir/hosted-tool';
import type { Tool } from '../ir/tool';

/**
 * Whether an entry of `ChatRequest.tools` is one the provider runs (`type: 'hosted-tool'`)
 * rather than a function the caller runs.
 */
export function isHostedTool(tool: Tool | HostedTool): tool is HostedTool {
  return (tool as { type?: unknown }).type === 'hosted-tool';
}

/** The function tools of a request's tool list, in order: what a caller runs. */
export function functionToolsOf(tools: readonly (Tool | HostedTool)[] | undefined): Tool[] {
  const out: Tool[] = [];
  for (const tool of tools ?? []) if (!isHostedTool(tool)) out.push(tool);
  return out;
}
