import type { Message, Tool } from '@interlingua/core';
import type { IndexedTools } from '../agent-options';
import type { AgentTool } from '../agent-tool';
import { searchDeferredTools } from './search-deferred-tools';
import type { ToolSearchMode } from './tool-search-mode';

/** The name of the agent's own tool search tool, offered where the provider has none. */
export const LOCAL_TOOL_SEARCH_NAME = 'search_tools';

const maxResults = 10;

/**
 * The local search tool over `deferred`: the model sends a query; the answer lists the tools
 * found (JSON `{ "tools": [{ name, description }] }`), and those are offered from the next step on.
 */
export function createLocalToolSearch(deferred: readonly Tool[]): AgentTool {
  return {
    name: LOCAL_TOOL_SEARCH_NAME,
    description: `Find tools by keyword. ${deferred.length} more tools are available but not loaded; search for what you need (e.g. "weather forecast"), and the tools found can be called from your next turn.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Keywords describing the tool you need.' },
        limit: { type: 'integer', minimum: 1, maximum: maxResults, description: 'How many tools at most (default 5).' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    execute: (input: never) => {
      const { query, limit } = input as { query: string; limit?: number };
      return JSON.stringify({ tools: searchDeferredTools(deferred, query, limit ?? 5) });
    },
  };
}

/**
 * The deferred tools already found: those a search of the local tool answered with, those a tool
 * result referenced (`tool-reference` parts), and any a call in the history used (a history moved
 * from a provider with its own tool search). Read from the history, so a resumed run or a
 * conversation keeps them.
 */
export function findLoadedTools(history: readonly Message[], deferred: ReadonlySet<string>): Set<string> {
  const loaded = new Set<string>();
  for (const message of history) {
    if (message.role === 'assistant') {
      for (const part of message.content)
        if (part.type === 'tool-call' && deferred.has(part.name)) loaded.add(part.name);
    } else if (message.role === 'tool') {
      for (const result of message.content) {
        if (result.isError) continue;
        // A tool reference (a client-side search's answer, e.g. from Anthropic) loads its tool too.
        for (const part of result.content)
          if (part.type === 'tool-reference' && deferred.has(part.toolName)) loaded.add(part.toolName);
        if (result.toolName !== LOCAL_TOOL_SEARCH_NAME) continue;
        for (const name of namesIn(result.content)) if (deferred.has(name)) loaded.add(name);
      }
    }
  }
  return loaded;
}

function namesIn(content: readonly { type: string; text?: string }[]): string[] {
  const names: string[] = [];
  for (const part of content) {
    if (part.type !== 'text' || part.text === undefined) continue;
    try {
      const parsed: unknown = JSON.parse(part.text);
      const tools = typeof parsed === 'object' && parsed !== null ? (parsed as { tools?: unknown }).tools : undefined;
      if (!Array.isArray(tools)) continue;
      for (const tool of tools) {
        if (typeof tool === 'object' && tool !== null && typeof (tool as { name?: unknown }).name === 'string') {
          names.push((tool as { name: string }).name);
        }
      }
    } catch {
      // Not a search answer: nothing found in it.
    }
  }
  return names;
}

/**
 * The tools of one model call. With the provider's search, every tool goes (deferred ones marked,
 * for the codec to map). With the local one, deferred tools stay back until found; the search tool
 * is offered while any remain, and every tool stays callable (a call by name runs as usual).
 */
export function offerTools(tools: IndexedTools, history: readonly Message[], mode: ToolSearchMode): IndexedTools {
  const deferred = tools.data.filter((tool) => tool.deferLoading === true);
  if (deferred.length === 0 || mode === 'provider') return tools;
  if (tools.byName.has(LOCAL_TOOL_SEARCH_NAME)) {
    // A tool of the user's own takes the name: no search can be offered, so nothing is held back.
    return { byName: tools.byName, data: tools.data.map(({ deferLoading: _deferred, ...plain }) => plain) };
  }
  const loaded = findLoadedTools(history, new Set(deferred.map((tool) => tool.name)));
  const hidden = deferred.filter((tool) => !loaded.has(tool.name));
  const data: Tool[] = [];
  for (const tool of tools.data) {
    if (tool.deferLoading !== true) data.push(tool);
    else if (loaded.has(tool.name)) {
      const { deferLoading: _deferred, ...plain } = tool;
      data.push(plain);
    }
  }
  const byName = new Map(tools.byName);
  const search = createLocalToolSearch(hidden.length > 0 ? hidden : deferred);
  byName.set(LOCAL_TOOL_SEARCH_NAME, search);
  if (hidden.length > 0) {
    data.push({ name: search.name, description: search.description, inputSchema: search.inputSchema });
  }
  return { byName, data };
}
