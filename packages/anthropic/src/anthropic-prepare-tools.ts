import type { JSONObject, Tool, ToolChoice, Warning } from '@interlingua/core';
import type { AnthropicToolChoice, AnthropicToolParam } from './anthropic-api';
import { toAnthropicCacheControl } from './anthropic-cache-control';
import { anthropicToolSearchFor } from './anthropic-tool-search';

/**
 * Converts IR tools and tool choice to Anthropic `tools` and `tool_choice`.
 *
 * Tools become `{ name, description, input_schema }`, with `cache_control` for a tool's
 * `cacheBreakpoint` and `eager_input_streaming` (fine-grained tool streaming) when asked; `nativeTools` (from
 * `providerOptions.anthropic.tools`, e.g. `{ type: 'web_search_20250305', name: 'web_search' }`)
 * are appended verbatim. A deferred tool (`deferLoading`) gets `defer_loading: true`, and the
 * request then carries Anthropic's tool search tool (see `anthropicToolSearchFor`). `toolChoice` maps `auto → auto`, `required → any`,
 * `{ type: 'tool', name } → tool`, `none → none`; `disableParallelToolUse` becomes
 * `disable_parallel_tool_use` (on `auto` when no choice was given). A choice without tools
 * is dropped with a warning: the API rejects it.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#forcing-tool-use
 */
export function prepareAnthropicTools(options: {
  tools: readonly Tool[] | undefined;
  toolChoice: ToolChoice | undefined;
  disableParallelToolUse: boolean | undefined;
  nativeTools: readonly JSONObject[];
  /** `eager_input_streaming: true` on every custom tool (the request's `toolArgumentStreaming`). */
  eagerInputStreaming?: boolean;
  /** The history holds a client-side tool search's `tool-reference`s: no server search tool is added. */
  clientToolSearch?: boolean;
  warnings: Warning[];
}): { tools?: (AnthropicToolParam | JSONObject)[]; tool_choice?: AnthropicToolChoice } {
  const tools: (AnthropicToolParam | JSONObject)[] = [];
  for (const tool of options.tools ?? []) {
    // Keys in the API reference's order; an empty description is left out.
    const param: AnthropicToolParam =
      tool.description === ''
        ? { name: tool.name, input_schema: tool.inputSchema }
        : { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
    if (options.eagerInputStreaming === true) param.eager_input_streaming = true;
    const cacheControl = toAnthropicCacheControl(tool);
    if (cacheControl !== undefined) param.cache_control = cacheControl;
    if (tool.deferLoading === true) param.defer_loading = true;
    tools.push(param);
  }
  for (const tool of options.nativeTools) tools.push(tool);
  const toolSearch = anthropicToolSearchFor(options.tools ?? [], options.nativeTools, options.clientToolSearch);
  if (toolSearch !== undefined) tools.push(toolSearch);
  if (tools.length === 0) {
    if (options.toolChoice !== undefined && options.toolChoice !== 'none' && options.toolChoice !== 'auto') {
      options.warnings.push({
        type: 'unsupported',
        feature: 'toolChoice',
        message: 'Dropped toolChoice: the request has no tools, and Anthropic rejects a tool_choice without tools.',
      });
    }
    return {};
  }
  const parallel =
    options.disableParallelToolUse === undefined ? {} : { disable_parallel_tool_use: options.disableParallelToolUse };
  const choice = options.toolChoice;
  let toolChoice: AnthropicToolChoice | undefined;
  if (choice === undefined)
    toolChoice = options.disableParallelToolUse === undefined ? undefined : { type: 'auto', ...parallel };
  else if (choice === 'auto') toolChoice = { type: 'auto', ...parallel };
  else if (choice === 'required') toolChoice = { type: 'any', ...parallel };
  else if (choice === 'none') toolChoice = { type: 'none' };
  else toolChoice = { type: 'tool', name: choice.name, ...parallel };
  return { tools, ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }) };
}
