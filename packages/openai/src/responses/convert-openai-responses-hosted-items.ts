import type { HostedToolCall, HostedToolResult, HostedToolSource, JSONObject, JSONValue } from '@interlingua/core';

/** The Responses output item types that are hosted tools' calls (with their results inside). */
export const RESPONSES_HOSTED_ITEM_TYPES = new Set([
  'web_search_call',
  'code_interpreter_call',
  'file_search_call',
  'mcp_call',
  'mcp_list_tools',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The IR parts of a hosted tool's Responses item: a call and, once it has one, its result. The
 * call carries the item whole in `providerMetadata.openai.item` (replayed as it came to OpenAI);
 * the result is marked `providerMetadata.openai.inItem` (it is part of that item). The readable
 * form: `web_search_call` → `{ query }` (or the action: `open_page`'s `url`, `find`'s `pattern`)
 * and the action's `sources`; `code_interpreter_call` → `{ code }` and its `logs` outputs;
 * `file_search_call` → `{ queries }` and its `results`; `mcp_call` → `{ server, tool, arguments }`
 * and its `output` or `error`; `mcp_list_tools` → `{ server }` and the tool names. `undefined` for
 * any other item.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output
 */
export function decodeResponsesHostedItem(
  item: JSONObject,
): [HostedToolCall] | [HostedToolCall, HostedToolResult] | undefined {
  if (typeof item.type !== 'string' || !RESPONSES_HOSTED_ITEM_TYPES.has(item.type)) return undefined;
  const id = text(item.id);
  if (id === undefined || id === '') return undefined;
  const status = text(item.status);
  const failed = status === 'failed' || status === 'incomplete';
  const inItem = { openai: { inItem: true } };
  const call = (kind: HostedToolCall['kind'], name: string, input: JSONObject): HostedToolCall => ({
    type: 'hosted-tool-call',
    id,
    kind,
    name,
    input,
    providerMetadata: { openai: { item } },
  });
  const result = (
    kind: HostedToolResult['kind'],
    name: string,
    fields: Pick<HostedToolResult, 'output' | 'sources' | 'isError'>,
  ): HostedToolResult => ({
    type: 'hosted-tool-result',
    callId: id,
    kind,
    name,
    ...fields,
    ...(failed ? { isError: true } : {}),
    providerMetadata: inItem,
  });
  switch (item.type) {
    case 'web_search_call': {
      const action = isRecord(item.action) ? item.action : {};
      const input: JSONObject = {};
      for (const key of ['query', 'url', 'pattern'] as const) {
        const value = text(action[key]);
        if (value !== undefined) input[key] = value;
      }
      if (Array.isArray(action.queries)) input.queries = action.queries.filter((query) => typeof query === 'string');
      const sources: HostedToolSource[] = [];
      for (const source of Array.isArray(action.sources) ? action.sources : []) {
        const url = isRecord(source) ? text(source.url) : undefined;
        if (url !== undefined) sources.push({ url });
      }
      const done = status === 'completed' || failed;
      return done
        ? [call('web-search', 'web_search', input), result('web-search', 'web_search', { sources })]
        : [call('web-search', 'web_search', input)];
    }
    case 'code_interpreter_call': {
      const code = text(item.code) ?? '';
      const logs: string[] = [];
      for (const output of Array.isArray(item.outputs) ? item.outputs : []) {
        if (isRecord(output) && output.type === 'logs' && typeof output.logs === 'string') logs.push(output.logs);
        else if (isRecord(output) && output.type === 'image' && typeof output.url === 'string')
          logs.push(`[image] ${output.url}`);
      }
      const parts: [HostedToolCall, HostedToolResult] = [
        call('code-execution', 'code_interpreter', { code }),
        result('code-execution', 'code_interpreter', { output: logs.join('\n') }),
      ];
      return Array.isArray(item.outputs) || failed ? parts : [parts[0]];
    }
    case 'file_search_call': {
      const queries = Array.isArray(item.queries) ? item.queries.filter((query) => typeof query === 'string') : [];
      const sources: HostedToolSource[] = [];
      for (const hit of Array.isArray(item.results) ? item.results : []) {
        if (!isRecord(hit)) continue;
        const fileId = text(hit.file_id);
        const title = text(hit.filename);
        const excerpt = text(hit.text);
        sources.push({
          ...(fileId === undefined ? {} : { fileId }),
          ...(title === undefined ? {} : { title }),
          ...(excerpt === undefined ? {} : { text: excerpt }),
        });
      }
      const first = call('file-search', 'file_search', { queries });
      return Array.isArray(item.results) || failed
        ? [first, result('file-search', 'file_search', { sources })]
        : [first];
    }
    case 'mcp_call': {
      const server = text(item.server_label) ?? '';
      const tool = text(item.name) ?? '';
      const argumentsText = text(item.arguments) ?? '';
      const first = call('mcp', tool === '' ? 'mcp_call' : tool, {
        server,
        tool,
        arguments: parseArguments(argumentsText),
      });
      const error = isRecord(item.error) ? JSON.stringify(item.error) : text(item.error);
      const output = text(item.output);
      if (error !== undefined && error !== '')
        return [first, result('mcp', first.name, { output: error, isError: true })];
      return output === undefined && !failed ? [first] : [first, result('mcp', first.name, { output: output ?? '' })];
    }
    default: {
      // mcp_list_tools: the server's tools, listed by the provider before it calls one.
      const server = text(item.server_label) ?? '';
      const names = (Array.isArray(item.tools) ? item.tools : []).flatMap((tool) =>
        isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [],
      );
      const error = text(item.error);
      return [
        call('mcp', 'mcp_list_tools', { server }),
        result('mcp', 'mcp_list_tools', error ? { output: error, isError: true } : { output: names.join(', ') }),
      ];
    }
  }
}

function parseArguments(textValue: string): JSONValue {
  try {
    const parsed: unknown = JSON.parse(textValue);
    return isRecord(parsed) ? (parsed as JSONObject) : textValue;
  } catch {
    return textValue;
  }
}

/** Whether a result is already inside its call's replayed item (an OpenAI result). */
export function isResultInItem(result: HostedToolResult): boolean {
  return result.providerMetadata?.openai?.inItem === true;
}

/** The item an OpenAI call was decoded from, when it is one (type and id agree). */
export function readOwnHostedItem(call: HostedToolCall): JSONObject | undefined {
  const item = call.providerMetadata?.openai?.item;
  if (!isRecord(item) || typeof item.type !== 'string' || !RESPONSES_HOSTED_ITEM_TYPES.has(item.type)) return undefined;
  return item.id === call.id ? (item as JSONObject) : undefined;
}

/**
 * The Responses output item for a hosted call and its result when they came from another provider
 * (an Anthropic `server_tool_use` + `web_search_tool_result`, Gemini code execution): web search →
 * `web_search_call` with `action.query` and `action.sources`, a fetch → `web_search_call` with an
 * `open_page` action, code execution → `code_interpreter_call` with `logs`, file search →
 * `file_search_call`, an MCP call → `mcp_call`. `undefined` for a tool search, which has no item.
 */
export function buildResponsesHostedItem(
  call: HostedToolCall,
  result: HostedToolResult | undefined,
): JSONObject | undefined {
  const own = readOwnHostedItem(call);
  if (own !== undefined) return own;
  const status = result === undefined ? 'in_progress' : result.isError === true ? 'failed' : 'completed';
  const input = call.input;
  switch (call.kind) {
    case 'web-search': {
      const query = text(input.query) ?? (Array.isArray(input.queries) ? input.queries.join(' ') : '');
      const sources = (result?.sources ?? []).flatMap((source) =>
        source.url === undefined ? [] : [{ type: 'url', url: source.url }],
      );
      return { id: call.id, type: 'web_search_call', status, action: { type: 'search', query, sources } };
    }
    case 'web-fetch':
      return {
        id: call.id,
        type: 'web_search_call',
        status,
        action: { type: 'open_page', url: text(input.url) ?? '' },
      };
    case 'code-execution':
      return {
        id: call.id,
        type: 'code_interpreter_call',
        status,
        code: text(input.code) ?? text(input.command) ?? JSON.stringify(input),
        container_id: '',
        outputs: result?.output === undefined ? [] : [{ type: 'logs', logs: result.output }],
      };
    case 'file-search':
      return {
        id: call.id,
        type: 'file_search_call',
        status,
        queries: Array.isArray(input.queries) ? input.queries : [],
        results: (result?.sources ?? []).map((source) => ({
          file_id: source.fileId ?? '',
          filename: source.title ?? '',
          text: source.text ?? '',
        })),
      };
    case 'mcp':
      return {
        id: call.id,
        type: 'mcp_call',
        server_label: text(input.server) ?? '',
        name: text(input.tool) ?? call.name,
        arguments: JSON.stringify(input.arguments ?? {}),
        ...(result?.isError === true ? { error: result.output ?? 'error' } : { output: result?.output ?? null }),
        status,
      };
    default:
      return undefined;
  }
}
