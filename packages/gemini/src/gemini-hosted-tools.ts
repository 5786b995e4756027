import type { HostedTool, JSONObject, Warning } from '@interlingua/core';
import { setOwnProperty, warnUnsupportedHostedTool } from '@interlingua/core/adapter';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/**
 * Converts IR hosted tools to Gemini tool entries, one each: web search → `{ googleSearch }`
 * (`blockedDomains` → `excludeDomains`), web fetch → `{ urlContext }`, code execution →
 * `{ codeExecution }`, file search → `{ fileSearch: { fileSearchStoreNames, topK } }`, an MCP
 * connector → `{ mcpServers: [{ name, streamableHttpTransport: { url, headers } }] }` (Gemini
 * API only, not Vertex AI). Tool search has no Gemini tool: a warning, and no entry; so do
 * settings Gemini has no field for (`maxUses`, `allowedDomains`, `userLocation`, a container).
 *
 * @see https://ai.google.dev/gemini-api/docs/google-search
 * @see https://ai.google.dev/gemini-api/docs/code-execution
 * @see https://ai.google.dev/gemini-api/docs/url-context
 * @see https://ai.google.dev/api/caching#Tool
 */
export function prepareGeminiHostedTools(
  entries: readonly { tool: HostedTool; index: number }[],
  warnings: Warning[],
): JSONObject[] {
  const out: JSONObject[] = [];
  const mcpServers: JSONObject[] = [];
  for (const { tool, index } of entries) {
    const drop = (setting: string) =>
      warnings.push({
        type: 'unsupported',
        feature: `tools[${index}].${setting}`,
        message: `Gemini's ${tool.kind} tool has no \`${setting}\`; it was left out.`,
      });
    const extra = tool.providerOptions?.gemini ?? {};
    const settings: JSONObject = {};
    let key: string;
    switch (tool.kind) {
      case 'web-search':
        key = 'googleSearch';
        if (tool.blockedDomains !== undefined) settings.excludeDomains = tool.blockedDomains;
        for (const setting of ['maxUses', 'allowedDomains', 'userLocation', 'searchContextSize'] as const)
          if (tool[setting] !== undefined) drop(setting);
        break;
      case 'web-fetch':
        key = 'urlContext';
        for (const setting of ['maxUses', 'allowedDomains', 'blockedDomains'] as const)
          if (tool[setting] !== undefined) drop(setting);
        break;
      case 'code-execution':
        key = 'codeExecution';
        if (tool.container !== undefined) drop('container');
        if (tool.fileIds !== undefined) drop('fileIds');
        break;
      case 'file-search':
        key = 'fileSearch';
        settings.fileSearchStoreNames = tool.vectorStoreIds;
        if (tool.maxResults !== undefined) settings.topK = tool.maxResults;
        break;
      case 'mcp': {
        const transport: JSONObject = { url: tool.serverUrl };
        if (tool.headers !== undefined) transport.headers = tool.headers;
        if (tool.allowedTools !== undefined) drop('allowedTools');
        if (tool.description !== undefined) drop('description');
        const server: JSONObject = { name: tool.serverLabel, streamableHttpTransport: transport };
        for (const [name, value] of Object.entries(extra)) setOwnProperty(server, name, value);
        mcpServers.push(server);
        continue;
      }
      default:
        warnings.push(warnUnsupportedHostedTool(tool, index, 'Gemini'));
        continue;
    }
    for (const [name, value] of Object.entries(extra)) setOwnProperty(settings, name, value);
    out.push({ [key]: settings });
  }
  if (mcpServers.length > 0) out.push({ mcpServers });
  return out;
}

/**
 * The IR hosted tools of one Gemini `tools` entry (the gateway direction), the inverse of
 * {@link prepareGeminiHostedTools}: `googleSearch`, `urlContext`, `codeExecution`, `fileSearch`,
 * `mcpServers`. Keys of the entry that are none of these are returned in `unknown`, for the caller
 * to warn about.
 */
export function decodeGeminiHostedTools(entry: unknown): { tools: HostedTool[]; unknown: string[] } {
  const tools: HostedTool[] = [];
  const unknown: string[] = [];
  if (!isRecord(entry)) return { tools, unknown };
  for (const [key, value] of Object.entries(entry)) {
    const settings = isRecord(value) ? value : {};
    const extra = (mapped: string[]) => {
      const rest: JSONObject = {};
      for (const [name, item] of Object.entries(settings))
        if (!mapped.includes(name)) setOwnProperty(rest, name, item as JSONObject[string]);
      return Object.keys(rest).length === 0 ? {} : { providerOptions: { gemini: rest } };
    };
    switch (key) {
      case 'functionDeclarations':
        break;
      case 'googleSearch': {
        const blocked = strings(settings.excludeDomains);
        tools.push({
          type: 'hosted-tool',
          kind: 'web-search',
          ...(blocked === undefined ? {} : { blockedDomains: blocked }),
          ...extra(blocked === undefined ? [] : ['excludeDomains']),
        });
        break;
      }
      case 'urlContext':
        tools.push({ type: 'hosted-tool', kind: 'web-fetch', ...extra([]) });
        break;
      case 'codeExecution':
        tools.push({ type: 'hosted-tool', kind: 'code-execution', ...extra([]) });
        break;
      case 'fileSearch': {
        const names = strings(settings.fileSearchStoreNames);
        if (names === undefined || names.length === 0 || names.includes('')) {
          unknown.push(key);
          break;
        }
        const topK = settings.topK;
        const maxResults = typeof topK === 'number' && Number.isInteger(topK) && topK > 0 ? topK : undefined;
        tools.push({
          type: 'hosted-tool',
          kind: 'file-search',
          vectorStoreIds: names,
          ...(maxResults === undefined ? {} : { maxResults }),
          ...extra(['fileSearchStoreNames', ...(maxResults === undefined ? [] : ['topK'])]),
        });
        break;
      }
      case 'mcpServers':
        for (const server of Array.isArray(value) ? value : []) {
          const transport =
            isRecord(server) && isRecord(server.streamableHttpTransport) ? server.streamableHttpTransport : {};
          const name = isRecord(server) ? server.name : undefined;
          if (typeof name !== 'string' || name === '' || typeof transport.url !== 'string' || transport.url === '') {
            unknown.push('mcpServers');
            continue;
          }
          const headers =
            isRecord(transport.headers) && Object.values(transport.headers).every((item) => typeof item === 'string')
              ? (transport.headers as Record<string, string>)
              : undefined;
          tools.push({
            type: 'hosted-tool',
            kind: 'mcp',
            serverLabel: name,
            serverUrl: transport.url,
            ...(headers === undefined ? {} : { headers }),
          });
        }
        break;
      default:
        unknown.push(key);
    }
  }
  return { tools, unknown };
}
