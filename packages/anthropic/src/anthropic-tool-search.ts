import type { JSONObject, Tool } from '@interlingua/core';

/** The tool search tool sent when the request defers tools and names none: BM25 over names, descriptions and arguments. */
export const ANTHROPIC_DEFAULT_TOOL_SEARCH: JSONObject = {
  type: 'tool_search_tool_bm25_20251119',
  name: 'tool_search_tool_bm25',
};

/**
 * The tool search tool a request needs: Anthropic loads a `defer_loading` tool only when its tool
 * search tool (`tool_search_tool_regex_20251119` or `tool_search_tool_bm25_20251119`) finds it,
 * and answers a request with deferred tools and no search tool with a 400. `undefined` when no
 * tool is deferred, the request's own native tools already hold a search tool (kept as given), or
 * `clientSearch`: the history's tool results hold `tool-reference` parts, the answers of a
 * client-side search ("custom tool search implementation": the API needs only the referenced
 * tools' definitions, with `defer_loading`).
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool#custom-tool-search-implementation
 */
export function anthropicToolSearchFor(
  tools: readonly Tool[],
  nativeTools: readonly JSONObject[],
  clientSearch = false,
): JSONObject | undefined {
  if (!tools.some((tool) => tool.deferLoading === true)) return undefined;
  if (nativeTools.some(isAnthropicToolSearchTool)) return undefined;
  // The client runs its own search (Claude Code's ToolSearch): its `tool_reference`s load the tools,
  // and the request goes as the client wrote it, without a server search tool it never offered.
  if (clientSearch) return undefined;
  return { ...ANTHROPIC_DEFAULT_TOOL_SEARCH };
}

/** Whether a native tool is one of Anthropic's tool search tools (any version). */
export function isAnthropicToolSearchTool(tool: JSONObject): boolean {
  return typeof tool.type === 'string' && tool.type.startsWith('tool_search_tool_');
}
