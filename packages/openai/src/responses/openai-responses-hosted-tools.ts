import type { HostedTool, HostedToolUserLocation, JSONObject, JSONValue, Warning } from '@interlingua/core';
import { setOwnProperty, warnUnsupportedHostedTool } from '@interlingua/core/adapter';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * Converts one IR hosted tool to a Responses tool: web search → `web_search` (`filters.
 * allowed_domains`, `user_location`, `search_context_size`), code execution →
 * `code_interpreter` (`container`: the id, or `{ type: 'auto', file_ids }`), file search →
 * `file_search` (`vector_store_ids`, `max_num_results`), an MCP connector → `mcp`
 * (`server_label`, `server_url`, `allowed_tools`, `headers`, `server_description`). Web fetch and
 * tool search have no Responses tool: a warning, and `undefined`. Settings the API has no field
 * for (`maxUses`, `blockedDomains`) are dropped with a warning. The tool's
 * `providerOptions.openai` is merged last (`require_approval`, another `type` such as
 * `web_search_preview`).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 * @see https://platform.openai.com/docs/guides/tools-web-search
 * @see https://platform.openai.com/docs/guides/tools-remote-mcp
 */
export function convertToOpenAIResponsesHostedTool(
  tool: HostedTool,
  index: number,
  warnings: Warning[],
): JSONObject | undefined {
  const drop = (setting: string) =>
    warnings.push({
      type: 'unsupported',
      feature: `tools[${index}].${setting}`,
      message: `The Responses API's ${tool.kind} tool has no \`${setting}\`; it was left out.`,
    });
  let wire: JSONObject;
  switch (tool.kind) {
    case 'web-search':
      wire = { type: 'web_search' };
      if (tool.allowedDomains !== undefined) wire.filters = { allowed_domains: tool.allowedDomains };
      if (tool.userLocation !== undefined) wire.user_location = { type: 'approximate', ...tool.userLocation };
      if (tool.searchContextSize !== undefined) wire.search_context_size = tool.searchContextSize;
      if (tool.maxUses !== undefined) drop('maxUses');
      if (tool.blockedDomains !== undefined) drop('blockedDomains');
      break;
    case 'code-execution':
      wire = {
        type: 'code_interpreter',
        container: tool.container ?? {
          type: 'auto',
          ...(tool.fileIds === undefined ? {} : { file_ids: tool.fileIds }),
        },
      };
      if (tool.container !== undefined && tool.fileIds !== undefined) drop('fileIds');
      break;
    case 'file-search':
      wire = { type: 'file_search', vector_store_ids: tool.vectorStoreIds };
      if (tool.maxResults !== undefined) wire.max_num_results = tool.maxResults;
      break;
    case 'mcp':
      wire = { type: 'mcp', server_label: tool.serverLabel, server_url: tool.serverUrl };
      if (tool.allowedTools !== undefined) wire.allowed_tools = tool.allowedTools;
      if (tool.headers !== undefined) wire.headers = tool.headers;
      if (tool.description !== undefined) wire.server_description = tool.description;
      break;
    default:
      warnings.push(warnUnsupportedHostedTool(tool, index, 'the OpenAI Responses API'));
      return undefined;
  }
  for (const [key, value] of Object.entries(tool.providerOptions?.openai ?? {})) setOwnProperty(wire, key, value);
  return wire;
}

const WEB_SEARCH_TYPES = new Set([
  'web_search',
  'web_search_preview',
  'web_search_2025_08_26',
  'web_search_preview_2025_03_11',
]);
// Keys each type maps to a neutral field; the others ride in the tool's `providerOptions.openai`.
const MAPPED: Record<string, Set<string>> = {
  web_search: new Set(['type', 'filters', 'user_location', 'search_context_size']),
  code_interpreter: new Set(['type', 'container']),
  file_search: new Set(['type', 'vector_store_ids', 'max_num_results']),
  mcp: new Set(['type', 'server_label', 'server_url', 'allowed_tools', 'headers', 'server_description']),
};

/**
 * The IR hosted tool for a Responses tool of a request (the gateway direction), the inverse of
 * {@link convertToOpenAIResponsesHostedTool}; `undefined` for a tool that is not a hosted kind the
 * IR has (`image_generation`, `computer_use_preview`, `connector`-only MCP tools), which stays in
 * `providerOptions.openai.tools`.
 */
export function decodeOpenAIResponsesHostedTool(tool: JSONObject): HostedTool | undefined {
  const type = typeof tool.type === 'string' ? tool.type : '';
  const family = WEB_SEARCH_TYPES.has(type) ? 'web_search' : type;
  const mapped = MAPPED[family];
  if (mapped === undefined || !Object.hasOwn(MAPPED, family)) return undefined;
  const extra: JSONObject = {};
  for (const [key, value] of Object.entries(tool)) {
    // A filter other than `allowed_domains` stays with the provider's data.
    const neutral =
      mapped.has(key) && !(key === 'type' && type !== family) && !(key === 'filters' && !isAllowedDomainsOnly(value));
    if (!neutral) setOwnProperty(extra, key, value as JSONValue);
  }
  const options = Object.keys(extra).length === 0 ? {} : { providerOptions: { openai: extra } };
  switch (family) {
    case 'web_search': {
      const allowed = isAllowedDomainsOnly(tool.filters)
        ? strings((tool.filters as JSONObject).allowed_domains)
        : undefined;
      const location = readLocation(tool.user_location);
      const size = tool.search_context_size;
      return {
        type: 'hosted-tool',
        kind: 'web-search',
        ...(allowed === undefined ? {} : { allowedDomains: allowed }),
        ...(location === undefined ? {} : { userLocation: location }),
        ...(size === 'low' || size === 'medium' || size === 'high' ? { searchContextSize: size } : {}),
        ...options,
      };
    }
    case 'code_interpreter': {
      const container = tool.container;
      const fileIds = isRecord(container) ? strings(container.file_ids) : undefined;
      return {
        type: 'hosted-tool',
        kind: 'code-execution',
        ...(typeof container === 'string' && container !== '' ? { container } : {}),
        ...(fileIds === undefined ? {} : { fileIds }),
        ...options,
      };
    }
    case 'file_search': {
      const ids = strings(tool.vector_store_ids);
      if (ids === undefined || ids.length === 0 || ids.includes('')) return undefined;
      const maxResults = positive(tool.max_num_results);
      return {
        type: 'hosted-tool',
        kind: 'file-search',
        vectorStoreIds: ids,
        ...(maxResults === undefined ? {} : { maxResults }),
        ...options,
      };
    }
    default: {
      const label = tool.server_label;
      const url = tool.server_url;
      // A connector (`connector_id`) has no URL: it stays OpenAI's.
      if (typeof label !== 'string' || label === '' || typeof url !== 'string' || url === '') return undefined;
      const allowed = strings(tool.allowed_tools);
      const headers =
        isRecord(tool.headers) && Object.values(tool.headers).every((value) => typeof value === 'string')
          ? (tool.headers as Record<string, string>)
          : undefined;
      const description = typeof tool.server_description === 'string' ? tool.server_description : undefined;
      if (tool.allowed_tools !== undefined && allowed === undefined)
        setOwnProperty(extra, 'allowed_tools', tool.allowed_tools);
      return {
        type: 'hosted-tool',
        kind: 'mcp',
        serverLabel: label,
        serverUrl: url,
        ...(allowed === undefined ? {} : { allowedTools: allowed }),
        ...(headers === undefined ? {} : { headers }),
        ...(description === undefined ? {} : { description }),
        ...(Object.keys(extra).length === 0 ? {} : { providerOptions: { openai: extra } }),
      };
    }
  }
}

function isAllowedDomainsOnly(filters: unknown): boolean {
  return isRecord(filters) && Object.keys(filters).length === 1 && strings(filters.allowed_domains) !== undefined;
}

function readLocation(value: unknown): HostedToolUserLocation | undefined {
  if (!isRecord(value)) return undefined;
  const location: HostedToolUserLocation = {};
  for (const key of ['city', 'region', 'country', 'timezone'] as const) {
    const entry = value[key];
    if (typeof entry === 'string') location[key] = entry;
  }
  return location;
}
