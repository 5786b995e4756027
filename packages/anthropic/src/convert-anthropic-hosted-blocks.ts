import type {
  HostedToolCall,
  HostedToolKind,
  HostedToolResult,
  HostedToolSource,
  JSONObject,
  JSONValue,
  Warning,
} from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import type { AnthropicServerBlock } from './anthropic-api';

// `server_tool_use.name` → the neutral kind.
const CALL_KINDS: Record<string, HostedToolKind> = {
  web_search: 'web-search',
  web_fetch: 'web-fetch',
  code_execution: 'code-execution',
  bash_code_execution: 'code-execution',
  text_editor_code_execution: 'code-execution',
};

// Result block type → the neutral kind.
const RESULT_KINDS: Record<string, HostedToolKind> = {
  web_search_tool_result: 'web-search',
  web_fetch_tool_result: 'web-fetch',
  code_execution_tool_result: 'code-execution',
  bash_code_execution_tool_result: 'code-execution',
  text_editor_code_execution_tool_result: 'code-execution',
  mcp_tool_result: 'mcp',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The IR part for a server-run block of an Anthropic answer: `server_tool_use` and `mcp_tool_use`
 * become a {@link HostedToolCall}, `web_search_tool_result`, `web_fetch_tool_result`,
 * `code_execution_tool_result` (and the bash / text-editor variants)
 * and `mcp_tool_result` a {@link HostedToolResult}, with the readable form (query, code, stdout,
 * sources) beside the block itself in `providerMetadata.anthropic.block` (the encrypted search
 * results the API requires on replay). Any other block gives `undefined`: it stays a server
 * block on the text part, as before.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/code-execution-tool
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/mcp-connector
 */
export function decodeAnthropicHostedBlock(block: AnthropicServerBlock): HostedToolCall | HostedToolResult | undefined {
  const metadata = { anthropic: { block: block as unknown as JSONObject } };
  if (block.type === 'server_tool_use' || block.type === 'mcp_tool_use') {
    const id = text(block.id);
    const name = text(block.name);
    if (id === undefined || id === '' || name === undefined || name === '') return undefined;
    const input: JSONObject = isRecord(block.input) ? (block.input as JSONObject) : {};
    if (block.type === 'mcp_tool_use') {
      const server = text(block.server_name) ?? '';
      return {
        type: 'hosted-tool-call',
        id,
        kind: 'mcp',
        name,
        input: { server, tool: name, arguments: input },
        providerMetadata: metadata,
      };
    }
    // Tool search blocks stay server blocks on the text: the deferred-tools feature replays them so.
    const callKind = Object.hasOwn(CALL_KINDS, name) ? CALL_KINDS[name] : undefined;
    if (callKind === undefined) return undefined;
    return {
      type: 'hosted-tool-call',
      id,
      kind: callKind,
      name,
      input,
      providerMetadata: metadata,
    };
  }
  const kind = Object.hasOwn(RESULT_KINDS, block.type) ? RESULT_KINDS[block.type] : undefined;
  const callId = text(block.tool_use_id);
  if (kind === undefined || callId === undefined || callId === '') return undefined;
  const result: HostedToolResult = {
    type: 'hosted-tool-result',
    callId,
    kind,
    name: block.type.replace(/_tool_result$/, ''),
    ...readResultContent(block),
    providerMetadata: metadata,
  };
  return result;
}

function readResultContent(block: AnthropicServerBlock): Pick<HostedToolResult, 'output' | 'sources' | 'isError'> {
  const content = block.content;
  if (block.type === 'mcp_tool_result') {
    const output =
      typeof content === 'string'
        ? content
        : Array.isArray(content)
          ? content.map((item) => (isRecord(item) ? (text(item.text) ?? '') : '')).join('')
          : '';
    return { output, ...(block.is_error === true ? { isError: true } : {}) };
  }
  if (Array.isArray(content)) {
    // web_search_tool_result: the pages found.
    const sources: HostedToolSource[] = [];
    for (const item of content) {
      if (!isRecord(item)) continue;
      const url = text(item.url);
      const title = text(item.title);
      sources.push({ ...(url === undefined ? {} : { url }), ...(title === undefined ? {} : { title }) });
    }
    return { sources };
  }
  if (!isRecord(content)) return {};
  const errorCode = text(content.error_code);
  if (errorCode !== undefined) return { output: errorCode, isError: true };
  if (content.type === 'web_fetch_result') {
    const url = text(content.url);
    const document = isRecord(content.content) ? content.content : {};
    const title = text(document.title);
    const source = isRecord(document.source) ? document.source : {};
    const body = source.type === 'text' ? text(source.data) : undefined;
    return {
      sources: [{ ...(url === undefined ? {} : { url }), ...(title === undefined ? {} : { title }) }],
      ...(body === undefined ? {} : { output: body }),
    };
  }
  if (Array.isArray(content.tool_references)) {
    const names = content.tool_references.map((item) => (isRecord(item) ? (text(item.tool_name) ?? '') : ''));
    return { output: names.filter((name) => name !== '').join(', ') };
  }
  const stdout = text(content.stdout);
  const stderr = text(content.stderr);
  if (stdout === undefined && stderr === undefined) return {};
  return { output: [stdout ?? '', stderr ? `stderr: ${stderr}` : ''].filter((line) => line !== '').join('\n') };
}

const CALL_BLOCKS = new Set(['server_tool_use', 'mcp_tool_use']);

/**
 * The Anthropic block that replays a hosted part: the block it was decoded from, when it came from
 * Anthropic (its `providerMetadata.anthropic.block` of the right type and id). A part from another
 * provider (an OpenAI `web_search_call`, a Gemini grounding) cannot be replayed as a server block,
 * whose results the API checks: it becomes a text block with its readable form, with a warning.
 */
export function convertToAnthropicHostedBlock(
  part: HostedToolCall | HostedToolResult,
  warnings: Warning[],
): AnthropicServerBlock | { type: 'text'; text: string } {
  const block = part.providerMetadata?.anthropic?.block;
  if (isRecord(block) && typeof block.type === 'string') {
    const own =
      part.type === 'hosted-tool-call'
        ? CALL_BLOCKS.has(block.type) && block.id === part.id
        : Object.hasOwn(RESULT_KINDS, block.type) && block.tool_use_id === part.callId;
    if (own) return block as AnthropicServerBlock;
  }
  warnings.push({
    type: 'degraded',
    feature: part.type,
    message: `A ${part.kind} ${part.type === 'hosted-tool-call' ? 'call' : 'result'} from another provider was sent as text: Anthropic replays only its own server tool blocks.`,
  });
  return { type: 'text', text: renderHostedToolPart(part) };
}

/** JSON of a block's input, for a stream's `input_json_delta`. */
export function hostedBlockInputJSON(block: AnthropicServerBlock): string {
  return JSON.stringify((block.input ?? {}) as JSONValue);
}
