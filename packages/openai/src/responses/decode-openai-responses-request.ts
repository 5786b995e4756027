import {
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  InvalidRequestError,
  type JSONObject,
  type JSONValue,
  parseWireRequest,
  setOwnProperty,
  type Tool,
  type ToolChoice,
  type Warning,
} from '@interlingua/core';
import { convertOpenAIResponsesInputItems } from './convert-openai-responses-input-items';
import { responsesFunctionToolSchema, responsesRequestSchema } from './openai-responses-request-schemas';
import { parseRequestItemAt } from './parse-responses-item';
import { readOpenAIResponsesSettings } from './prepare-openai-responses-settings';

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
 * `convertOpenAIResponsesInputItems`; a plain string is one user turn), `function` tools (other
 * tools, hosted ones such as `web_search`, are kept in `providerOptions.openai.tools` with a
 * warning: only an OpenAI Responses model runs them), `tool_choice`, `max_output_tokens`,
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

  const tools: Tool[] = [];
  const hosted: JSONObject[] = [];
  (wire.tools ?? []).forEach((entry, index) => {
    const original = raw.tools?.[index] as JSONObject;
    if (entry.type !== 'function') {
      hosted.push(original);
      warnings.push({
        type: 'other',
        feature: `tools[${index}]`,
        message: `A "${entry.type}" tool runs on OpenAI's side; it is kept in providerOptions.openai.tools and only an OpenAI Responses model can use it.`,
      });
      return;
    }
    const tool = parseRequestItemAt(responsesFunctionToolSchema, original, ['tools', index]);
    const parameters = tool.parameters;
    tools.push({
      name: tool.name,
      description: tool.description ?? '',
      // `type` may be left out of `parameters`; the IR states it.
      inputSchema:
        parameters === null || parameters === undefined
          ? { type: 'object', properties: {} }
          : { ...parameters, type: 'object' },
    });
  });
  if (tools.length > 0) request.tools = tools;
  const toolChoice = convertToolChoice(wire.tool_choice, warnings);
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
  if (wire.store === true) rest.store = true;
  const include = (wire.include ?? []).filter((entry) => entry !== ENCRYPTED_REASONING);
  if (include.length > 0) rest.include = include;
  if (Object.keys(rest).length > 0) request.providerOptions = { openai: rest };
  return { value: { request, model: wire.model ?? undefined, stream: wire.stream === true }, warnings };
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
