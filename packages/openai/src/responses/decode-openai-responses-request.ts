import {
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  type HostedTool,
  InvalidRequestError,
  type JSONObject,
  type JSONValue,
  type Tool,
  type ToolChoice,
  type Warning,
} from '@interlingua/core';
import { parseWireRequest, setOwnProperty } from '@interlingua/core/adapter';
import { readOpenAIPromptCache } from '../openai-prompt-cache';
import { convertOpenAIResponsesInputItems } from './convert-openai-responses-input-items';
import { decodeOpenAIResponsesHostedTool } from './openai-responses-hosted-tools';
import { responsesFunctionToolSchema, responsesRequestSchema } from './openai-responses-request-schemas';
import { parseRequestItemAt } from './parse-responses-item';
import { readOpenAIResponsesSettings } from './prepare-openai-responses-settings';
import { flattenNamespacedName } from './responses-tool-namespaces';

// Body keys mapped to IR fields (or dropped as stream framing); every other key goes to
// `providerOptions.openai` verbatim.
const MAPPED_KEYS = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'max_output_tokens',
  'temperature',
  'top_p',
  'stream',
  'stream_options',
  'store',
  'include',
  'previous_response_id',
  'conversation',
]);
const ENCRYPTED_REASONING = 'reasoning.encrypted_content';

/**
 * Decodes a Responses API request body into an IR request (the gateway direction):
 * `instructions` and `system` / `developer` messages → `system`, `input` → the history (see
 * `convertOpenAIResponsesInputItems`; a plain string is one user turn), `function` tools and the
 * functions of `namespace` tools (as `<namespace>__<name>`, see `flattenNamespacedName`), the
 * hosted tools the IR has (`web_search`, `code_interpreter`, `file_search`, `mcp`: IR hosted
 * tools, see `decodeOpenAIResponsesHostedTool`; any other, such as `image_generation`, is kept in
 * `providerOptions.openai.tools` with a warning: only an OpenAI Responses model runs it), `tool_choice`, `max_output_tokens`,
 * `temperature`, `top_p`. The stateless defaults `store: false` and
 * `include: ['reasoning.encrypted_content']` are what `encodeRequest` sends anyway and are not
 * kept; `store: true` and other `include` values go to `providerOptions.openai`, as do the keys
 * the IR has no field for (`reasoning`, `text`, `parallel_tool_calls`, `metadata`, …), so
 * `encodeRequest` sends them again.
 *
 * Throws `InvalidRequestError` when the body is not a Responses request, and for
 * `previous_response_id` or `conversation`: they refer to state stored by OpenAI, which a
 * stateless IR cannot express (send the whole history in `input` instead).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create
 */
export function decodeOpenAIResponsesRequest(body: unknown): CodecResult<DecodedRequest> {
  const wire = parseWireRequest(responsesRequestSchema, body, 'a Responses API request body');
  for (const key of ['previous_response_id', 'conversation'] as const) {
    if (wire[key] !== undefined && wire[key] !== null) {
      throw new InvalidRequestError({
        message: `Expected the whole conversation in \`input\`, got \`${key}\`: this endpoint is stateless and keeps no responses, so it cannot continue a stored one. Send the earlier items (with \`store: false\` and \`include: ["reasoning.encrypted_content"]\` for reasoning) instead.`,
      });
    }
  }
  const warnings: Warning[] = [];
  // The body itself (valid JSON, checked above), not the parsed copy: the schema drops keys such as `__proto__`.
  const raw = body as { input?: string | unknown[]; tools?: JSONObject[] };
  const { systems, messages } = convertOpenAIResponsesInputItems(
    typeof wire.input === 'string' ? wire.input : ((raw.input as unknown[] | undefined) ?? []),
    warnings,
  );
  const request: ChatRequest = { messages };
  const system = [...(wire.instructions ? [wire.instructions] : []), ...systems];
  if (system.length > 0) request.system = system.join('\n\n');

  const tools: (Tool | HostedTool)[] = [];
  const hosted: JSONObject[] = [];
  (wire.tools ?? []).forEach((entry, index) => {
    const original = raw.tools?.[index] as JSONObject;
    if (entry.type === 'namespace') {
      tools.push(...decodeNamespaceTool(original, index, warnings));
      return;
    }
    if (entry.type !== 'function') {
      const neutral = decodeOpenAIResponsesHostedTool(original);
      if (neutral !== undefined) {
        tools.push(neutral);
        return;
      }
      hosted.push(original);
      warnings.push({
        type: 'other',
        feature: `tools[${index}]`,
        message: `A "${entry.type}" tool runs on OpenAI's side; it is kept in providerOptions.openai.tools and only an OpenAI Responses model can use it.`,
      });
      return;
    }
    tools.push(decodeFunctionTool(original, ['tools', index]));
  });
  if (tools.length > 0) request.tools = tools;
  // A choice of a hosted tool (`{ type: 'web_search' }`) stays with the hosted tools: a backend that
  // cannot run it refuses the request rather than answer without the tool it requires.
  const hostedChoice = hostedToolChoice((body as { tool_choice?: unknown }).tool_choice);
  const toolChoice = hostedChoice === undefined ? convertToolChoice(wire.tool_choice, warnings) : undefined;
  if (toolChoice !== undefined) request.toolChoice = toolChoice;
  if (typeof wire.max_output_tokens === 'number') request.maxOutputTokens = wire.max_output_tokens;
  if (typeof wire.temperature === 'number') request.temperature = wire.temperature;
  if (typeof wire.top_p === 'number') request.topP = wire.top_p;

  // `reasoning` and `text.format` become IR fields when they say only what the IR can say.
  const settings = readOpenAIResponsesSettings(body as { reasoning?: unknown; text?: unknown });
  if (settings.reasoning !== undefined) request.reasoning = settings.reasoning;
  if (settings.responseFormat !== undefined) request.responseFormat = settings.responseFormat;
  const rest: JSONObject = {};
  for (const [key, value] of Object.entries(body as JSONObject)) {
    if (!MAPPED_KEYS.has(key) && !settings.consumed.has(key as 'reasoning' | 'text'))
      setOwnProperty(rest, key, value as JSONValue);
  }
  if (hosted.length > 0) rest.tools = hosted;
  if (hostedChoice !== undefined) rest.tool_choice = hostedChoice;
  if (wire.store === true) rest.store = true;
  const include = (wire.include ?? []).filter((entry) => entry !== ENCRYPTED_REASONING);
  if (include.length > 0) rest.include = include;
  readOpenAIPromptCache(rest, request);
  if (Object.keys(rest).length > 0) request.providerOptions = { openai: rest };
  return { value: { request, model: wire.model ?? undefined, stream: wire.stream === true }, warnings };
}

function decodeFunctionTool(original: unknown, path: (string | number)[], name?: (name: string) => string): Tool {
  const tool = parseRequestItemAt(responsesFunctionToolSchema, original, path);
  const parameters = tool.parameters;
  return {
    name: name?.(tool.name) ?? tool.name,
    description: tool.description ?? '',
    // `type` may be left out of `parameters`; the IR states it.
    inputSchema:
      parameters === null || parameters === undefined
        ? { type: 'object', properties: {} }
        : { ...parameters, type: 'object' },
  };
}

// A `namespace` tool groups functions the client runs (Codex's `multi_agent_v1`): each becomes an
// ordinary IR tool named `<namespace>__<function>`, so every backend can call it.
function decodeNamespaceTool(original: JSONObject, index: number, warnings: Warning[]): Tool[] {
  const namespace = original.name;
  const inner = original.tools;
  if (typeof namespace !== 'string' || namespace === '' || !Array.isArray(inner)) {
    throw new InvalidRequestError({
      message: `Expected a Responses API request body: tools[${index}]: Expected a namespace tool with a \`name\` and an array of \`tools\`, got ${describe(original).slice(0, 200)}.`,
    });
  }
  const tools: Tool[] = [];
  inner.forEach((entry, position) => {
    const type = typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry.type : undefined;
    if (type !== 'function') {
      warnings.push({
        type: 'unsupported',
        feature: `tools[${index}].tools[${position}]`,
        message: `A "${String(type).slice(0, 64)}" tool of namespace "${namespace.slice(0, 64)}" has no IR equivalent (only functions do); it was left out.`,
      });
      return;
    }
    tools.push(
      decodeFunctionTool(entry, ['tools', index, 'tools', position], (name) => flattenNamespacedName(namespace, name)),
    );
  });
  return tools;
}

// The `tool_choice` types that name a tool the client runs; every other object names a hosted tool.
const CLIENT_TOOL_CHOICES = new Set(['function', 'custom', 'allowed_tools']);

function hostedToolChoice(choice: unknown): JSONObject | undefined {
  if (typeof choice !== 'object' || choice === null || Array.isArray(choice)) return undefined;
  const type = (choice as { type?: unknown }).type;
  return typeof type === 'string' && !CLIENT_TOOL_CHOICES.has(type) ? (choice as JSONObject) : undefined;
}

function convertToolChoice(choice: unknown, warnings: Warning[]): ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (typeof choice === 'object') {
    const named = choice as { type?: unknown; name?: unknown };
    if (named.type === 'function' && typeof named.name === 'string' && named.name !== '')
      return { type: 'tool', name: named.name };
  }
  warnings.push({
    type: 'unsupported',
    feature: 'tool_choice',
    message: `Expected tool_choice "auto", "none", "required" or a named function, got ${describe(choice)}; it was left out.`,
  });
  return undefined;
}

// Hostile input may not stringify (a cycle, a BigInt): the type then stands in for the value.
function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}
