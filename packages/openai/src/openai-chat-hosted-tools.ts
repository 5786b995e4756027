import { type HostedTool, isHostedTool, type JSONObject, type Tool, type Warning } from '@interlingua/core';
import { warnUnsupportedHostedTool } from '@interlingua/core/adapter';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a Chat Completions model searches the web itself (`gpt-4o-search-preview`, `gpt-5-search-api`, …). */
export function isOpenAISearchModel(model: string): boolean {
  return /(^|[-/])search([-_]|$)/.test(model);
}

/**
 * Maps a request's hosted tools onto Chat Completions, which has one: web search, as
 * `web_search_options` (`search_context_size`, `user_location`), on a search model only. Every
 * other hosted tool, and web search on any other model, is left out with a warning, as are
 * settings `web_search_options` has no field for (`maxUses`, domain lists).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-web_search_options
 * @see https://platform.openai.com/docs/guides/tools-web-search?api-mode=chat
 */
export function prepareOpenAIChatHostedTools(
  tools: readonly (Tool | HostedTool)[] | undefined,
  model: string,
  warnings: Warning[],
): { webSearchOptions?: JSONObject } {
  let webSearchOptions: JSONObject | undefined;
  (tools ?? []).forEach((tool, index) => {
    if (!isHostedTool(tool)) return;
    if (tool.kind !== 'web-search') {
      warnings.push(warnUnsupportedHostedTool(tool, index, 'OpenAI Chat Completions'));
      return;
    }
    if (!isOpenAISearchModel(model)) {
      warnings.push(
        warnUnsupportedHostedTool(
          tool,
          index,
          'OpenAI Chat Completions',
          `only search models such as gpt-5-search-api search the web there, not "${model.slice(0, 64)}"`,
        ),
      );
      return;
    }
    webSearchOptions = {};
    if (tool.searchContextSize !== undefined) webSearchOptions.search_context_size = tool.searchContextSize;
    if (tool.userLocation !== undefined)
      webSearchOptions.user_location = { type: 'approximate', approximate: { ...tool.userLocation } };
    for (const setting of ['maxUses', 'allowedDomains', 'blockedDomains'] as const) {
      if (tool[setting] === undefined) continue;
      warnings.push({
        type: 'unsupported',
        feature: `tools[${index}].${setting}`,
        message: `Chat Completions' web_search_options has no \`${setting}\`; it was left out.`,
      });
    }
  });
  return webSearchOptions === undefined ? {} : { webSearchOptions };
}

/** The IR web search tool for a request's `web_search_options` (the gateway direction). */
export function decodeOpenAIChatWebSearch(options: unknown): HostedTool | undefined {
  if (!isRecord(options)) return undefined;
  const size = options.search_context_size;
  const location = isRecord(options.user_location) ? options.user_location.approximate : undefined;
  const userLocation: Record<string, string> = {};
  if (isRecord(location)) {
    for (const key of ['city', 'region', 'country', 'timezone'] as const) {
      if (typeof location[key] === 'string') userLocation[key] = location[key];
    }
  }
  return {
    type: 'hosted-tool',
    kind: 'web-search',
    ...(size === 'low' || size === 'medium' || size === 'high' ? { searchContextSize: size } : {}),
    ...(isRecord(location) ? { userLocation } : {}),
  };
}
