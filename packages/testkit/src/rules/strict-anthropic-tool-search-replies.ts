import { json, type RecordedRequest, type Reply } from '../provider-server';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

const isSearchTool = (tool: Json) => typeof tool.type === 'string' && tool.type.startsWith('tool_search_tool_');

/**
 * A route reply (`Route.reply`) that answers with `replies` in turn, but first checks each
 * Messages body's deferred tools the way the Anthropic API does, answering with the API's 400
 * (`invalid_request_error`) when it breaks a rule:
 *
 * - a tool with `defer_loading: true` and no tool search tool (`tool_search_tool_regex_…` /
 *   `tool_search_tool_bm25_…`) in `tools`, unless a `tool_result` of the client holds `tool_reference`s
 *   (a client-side search loads the tools; Claude Code sends such requests): nothing could ever load it;
 * - every tool deferred: at least one tool (the search tool at least) must be loaded up front;
 * - the tool search tool itself deferred;
 * - a `tool_reference` (in a `tool_result` or `tool_search_tool_result`) naming no tool of the request
 *   (`tool_reference_unresolved`).
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 */
export function strictAnthropicToolSearchReplies(replies: readonly Reply[]): (request: RecordedRequest) => Reply {
  if (replies.length === 0) throw new Error('strictAnthropicToolSearchReplies needs at least one reply.');
  let index = 0;
  return (request) => {
    const problem = findToolSearchProblem(request.body);
    if (problem !== undefined) {
      return json({ type: 'error', error: { type: 'invalid_request_error', message: problem } }, { status: 400 });
    }
    const reply = replies[Math.min(index, replies.length - 1)] as Reply;
    index++;
    return reply;
  };
}

function findToolSearchProblem(body: unknown): string | undefined {
  const root = isObject(body) ? body : {};
  const tools = list(root.tools);
  const deferred = tools.filter((tool) => tool.defer_loading === true);
  // A client that runs its own search answers with `tool_reference`s in its tool results (the API's
  // "custom tool search implementation", Claude Code's ToolSearch): no search tool is needed then.
  const clientSearch = list(root.messages).some((message) =>
    list(message.content).some((block) => block.type === 'tool_result' && referencedTools(block).length > 0),
  );
  if (deferred.length > 0 && !tools.some(isSearchTool) && !clientSearch) {
    return `tools.${tools.indexOf(deferred[0] as Json)}.defer_loading: deferred tools require a tool search tool (tool_search_tool_regex or tool_search_tool_bm25) in tools.`;
  }
  if (tools.length > 0 && deferred.length === tools.length) {
    return 'tools: at least one tool must have defer_loading=false; all tools cannot be deferred.';
  }
  const searchIndex = tools.findIndex((tool) => isSearchTool(tool) && tool.defer_loading === true);
  if (searchIndex >= 0) return `tools.${searchIndex}.defer_loading: the tool search tool cannot be deferred.`;
  const names = new Set(tools.flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])));
  for (const message of list(root.messages)) {
    for (const block of list(message.content)) {
      for (const name of referencedTools(block)) {
        if (!names.has(name))
          return `tool_reference_unresolved: tool_reference "${name}" names no tool of the request.`;
      }
    }
  }
  return undefined;
}

function referencedTools(block: Json): string[] {
  const content = block.content;
  const references = [...list(content), ...(isObject(content) ? list(content.tool_references) : [])].filter(
    (entry) => entry.type === 'tool_reference',
  );
  return references.flatMap((entry) => (typeof entry.tool_name === 'string' ? [entry.tool_name] : []));
}
