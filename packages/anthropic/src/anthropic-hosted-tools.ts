import type { HostedTool, HostedToolUserLocation, JSONObject, JSONValue, Warning } from '@interlingua/core';
import { setOwnProperty, warnUnsupportedHostedTool } from '@interlingua/core/adapter';

// The tool versions sent for each kind; a `type` in the hosted tool's `providerOptions.anthropic`
// (another version) wins.
const WIRE_TYPES = {
  'web-search': { type: 'web_search_20250305', name: 'web_search' },
  'web-fetch': { type: 'web_fetch_20250910', name: 'web_fetch' },
  'code-execution': { type: 'code_execution_20250825', name: 'code_execution' },
} as const;

/** What hosted tools add to an Anthropic request: server tools, MCP servers, a container. */
export type AnthropicHostedToolsBody = { tools: JSONObject[]; mcpServers: JSONObject[]; container?: string };

/**
 * Converts IR hosted tools to Anthropic server tools: web search → `web_search_20250305`
 * (`max_uses`, `allowed_domains`, `blocked_domains`, `user_location`), web fetch →
 * `web_fetch_20250910`, code execution → `code_execution_20250825` (a `container` id goes to the
 * body's `container`), tool search → `tool_search_tool_bm25_20251119` / `…_regex_…`, an MCP
 * connector → an `mcp_servers` entry (`authorization_token` from an `Authorization: Bearer`
 * header; send the `anthropic-beta: mcp-client-2025-04-04` header with the model's `headers`).
 * File search has no Anthropic counterpart: a warning, and no tool. Settings Anthropic has no field
 * for (`searchContextSize`, other headers, `fileIds`) are dropped with a warning.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-fetch-tool
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/code-execution-tool
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/mcp-connector
 */
export function prepareAnthropicHostedTools(
  entries: readonly { tool: HostedTool; index: number }[],
  warnings: Warning[],
): AnthropicHostedToolsBody {
  const out: AnthropicHostedToolsBody = { tools: [], mcpServers: [] };
  const drop = (index: number, setting: string) =>
    warnings.push({
      type: 'unsupported',
      feature: `tools[${index}].${setting}`,
      message: `Anthropic has no \`${setting}\` for this tool; it was left out.`,
    });
  for (const { tool, index } of entries) {
    const extra = tool.providerOptions?.anthropic ?? {};
    const wire: JSONObject = {};
    switch (tool.kind) {
      case 'web-search':
      case 'web-fetch': {
        Object.assign(wire, WIRE_TYPES[tool.kind]);
        if (tool.maxUses !== undefined) wire.max_uses = tool.maxUses;
        if (tool.allowedDomains !== undefined) wire.allowed_domains = tool.allowedDomains;
        if (tool.blockedDomains !== undefined) wire.blocked_domains = tool.blockedDomains;
        if (tool.kind === 'web-search') {
          if (tool.userLocation !== undefined) wire.user_location = { type: 'approximate', ...tool.userLocation };
          if (tool.searchContextSize !== undefined) drop(index, 'searchContextSize');
        }
        break;
      }
      case 'code-execution':
        Object.assign(wire, WIRE_TYPES['code-execution']);
        if (tool.container !== undefined) out.container = tool.container;
        if (tool.fileIds !== undefined) drop(index, 'fileIds');
        break;
      case 'tool-search': {
        const variant = tool.variant ?? 'bm25';
        Object.assign(wire, { type: `tool_search_tool_${variant}_20251119`, name: `tool_search_tool_${variant}` });
        break;
      }
      case 'mcp': {
        const server: JSONObject = { type: 'url', url: tool.serverUrl, name: tool.serverLabel };
        for (const [header, value] of Object.entries(tool.headers ?? {})) {
          const bearer = /^bearer\s+(.+)$/i.exec(value);
          if (header.toLowerCase() === 'authorization' && bearer?.[1] !== undefined)
            server.authorization_token = bearer[1];
          else drop(index, `headers.${header.slice(0, 64)}`);
        }
        if (tool.allowedTools !== undefined)
          server.tool_configuration = { enabled: true, allowed_tools: tool.allowedTools };
        if (tool.description !== undefined) drop(index, 'description');
        for (const [key, value] of Object.entries(extra)) setOwnProperty(server, key, value);
        out.mcpServers.push(server);
        continue;
      }
      case 'file-search':
        warnings.push(warnUnsupportedHostedTool(tool, index, 'Anthropic'));
        continue;
    }
    for (const [key, value] of Object.entries(extra)) setOwnProperty(wire, key, value);
    out.tools.push(wire);
  }
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

// Wire keys each kind maps to a neutral field; the others ride in `providerOptions.anthropic`.
const MAPPED = new Set(['type', 'name', 'max_uses', 'allowed_domains', 'blocked_domains', 'user_location']);

/**
 * The IR hosted tool for an Anthropic server tool of a request (the gateway direction), the inverse
 * of {@link prepareAnthropicHostedTools}; `undefined` for a tool that is not a hosted kind
 * (`bash_20250124`, `computer_…`, and the tool search tools, which the deferred-tools feature owns), which stays in `providerOptions.anthropic.tools`. A version
 * other than the one `encodeRequest` sends, and keys with no neutral field (`cache_control`,
 * `defer_loading`), go to the tool's `providerOptions.anthropic`, so an Anthropic backend gets
 * them back.
 */
export function decodeAnthropicHostedTool(tool: JSONObject): HostedTool | undefined {
  const type = typeof tool.type === 'string' ? tool.type : '';
  const kind = type.startsWith('web_search_')
    ? 'web-search'
    : type.startsWith('web_fetch_')
      ? 'web-fetch'
      : type.startsWith('code_execution_')
        ? 'code-execution'
        : undefined;
  if (kind === undefined) return undefined;
  const extra: JSONObject = {};
  for (const [key, value] of Object.entries(tool)) {
    if (!MAPPED.has(key) || (key === 'type' && !isDefaultType(kind, type))) setOwnProperty(extra, key, value);
  }
  const options = Object.keys(extra).length === 0 ? {} : { providerOptions: { anthropic: extra } };
  if (kind === 'code-execution') return { type: 'hosted-tool', kind, ...options };
  const maxUses =
    typeof tool.max_uses === 'number' && Number.isInteger(tool.max_uses) && tool.max_uses > 0
      ? tool.max_uses
      : undefined;
  const allowed = strings(tool.allowed_domains);
  const blocked = strings(tool.blocked_domains);
  const common = {
    ...(maxUses === undefined ? {} : { maxUses }),
    ...(allowed === undefined ? {} : { allowedDomains: allowed }),
    ...(blocked === undefined ? {} : { blockedDomains: blocked }),
  };
  if (kind === 'web-fetch') return { type: 'hosted-tool', kind, ...common, ...options };
  const location = readLocation(tool.user_location);
  return {
    type: 'hosted-tool',
    kind,
    ...common,
    ...(location === undefined ? {} : { userLocation: location }),
    ...options,
  };
}

function isDefaultType(kind: 'web-search' | 'web-fetch' | 'code-execution', type: string): boolean {
  return WIRE_TYPES[kind].type === type;
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

/** The IR MCP connector tools for a request's `mcp_servers` (the gateway direction). */
export function decodeAnthropicMcpServers(servers: unknown): HostedTool[] {
  if (!Array.isArray(servers)) return [];
  const out: HostedTool[] = [];
  for (const server of servers) {
    if (!isRecord(server) || typeof server.url !== 'string' || typeof server.name !== 'string') continue;
    if (server.url === '' || server.name === '') continue;
    const configuration = isRecord(server.tool_configuration) ? server.tool_configuration : {};
    const allowed = strings(configuration.allowed_tools);
    const token = typeof server.authorization_token === 'string' ? server.authorization_token : undefined;
    const extra: JSONObject = {};
    for (const [key, value] of Object.entries(server)) {
      if (!['type', 'url', 'name', 'authorization_token', 'tool_configuration'].includes(key))
        setOwnProperty(extra, key, value as JSONValue);
    }
    out.push({
      type: 'hosted-tool',
      kind: 'mcp',
      serverLabel: server.name,
      serverUrl: server.url,
      ...(allowed === undefined ? {} : { allowedTools: allowed }),
      ...(token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } }),
      ...(Object.keys(extra).length === 0 ? {} : { providerOptions: { anthropic: extra } }),
    });
  }
  return out;
}
