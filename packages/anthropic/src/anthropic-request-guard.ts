import type { WireGuard } from '@interlingua/core/adapter';
import { isWireArrayOf, isWireNumber, isWireRecord } from '@interlingua/core/adapter';
import type { AnthropicDecodedRequestBody } from './anthropic-api';

// A hand-written check run before `anthropicMessagesRequestSchema` (the gateway's hot path, issue
// 33): `true` only for the common shape of a Messages request — text, tool use and tool result
// blocks, custom tools, the usual settings — and only when every nested object holds exactly the
// keys the schema keeps, so that the schema's output would equal the body (`z.object` strips
// unknown keys: a body with any is left to the schema). Anything else — images, documents,
// thinking, cache_control, server tools, `thinking` / `output_config`, a `null` where the API
// wants a value left out, any doubt — is `false`, and the schema decides and names the bad field.
// `anthropic-request-guard.test.ts` checks both on fuzzed bodies.

// The API's rule for tool names, which is also the IR's (as `anthropicToolParamSchema`'s).
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

// The top-level keys the schema checks; any other stays as it is (a loose object).
const REQUEST_CHECKS: Record<string, (value: unknown) => boolean> = {
  model: (value) => typeof value === 'string',
  max_tokens: (value) => Number.isSafeInteger(value) && (value as number) > 0,
  messages: (value) => isWireArrayOf(value, isMessage),
  system: (value) => value === undefined || isTextContent(value),
  tools: (value) => value === undefined || isWireArrayOf(value, isCustomTool),
  tool_choice: (value) => value === undefined || isToolChoice(value),
  temperature: (value) => value === undefined || (isWireNumber(value) && value >= 0),
  top_p: (value) => value === undefined || (isWireNumber(value) && value >= 0 && value <= 1),
  stop_sequences: (value) => value === undefined || isWireArrayOf(value, (item) => typeof item === 'string'),
  stream: (value) => value === undefined || typeof value === 'boolean',
  thinking: (value) => value === undefined,
  output_config: (value) => value === undefined,
};

/** Whether a body is a common Messages request the schema would return unchanged (see above). */
export const isAnthropicRequest: WireGuard<AnthropicDecodedRequestBody> = (
  value,
): value is AnthropicDecodedRequestBody => {
  if (!isWireRecord(value) || Object.hasOwn(value, '__proto__')) return false;
  for (const key in REQUEST_CHECKS) {
    const check = REQUEST_CHECKS[key] as (value: unknown) => boolean;
    if (!check(Object.hasOwn(value, key) ? value[key] : undefined)) return false;
  }
  return true;
};

// Exactly these own keys, each allowed.
function hasOnlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key of Object.keys(value)) if (!allowed.has(key)) return false;
  return true;
}

const TEXT_KEYS = new Set(['type', 'text']);
function isTextBlock(value: unknown): boolean {
  return (
    isWireRecord(value) && value.type === 'text' && typeof value.text === 'string' && hasOnlyKeys(value, TEXT_KEYS)
  );
}

function isTextContent(value: unknown): boolean {
  return typeof value === 'string' || isWireArrayOf(value, isTextBlock);
}

const RESULT_KEYS = new Set(['type', 'tool_use_id', 'content', 'is_error']);
function isUserBlock(value: unknown): boolean {
  if (!isWireRecord(value)) return false;
  if (value.type === 'text') return isTextBlock(value);
  return (
    value.type === 'tool_result' &&
    typeof value.tool_use_id === 'string' &&
    value.tool_use_id !== '' &&
    (value.content === undefined || isTextContent(value.content)) &&
    (value.is_error === undefined || value.is_error === null || typeof value.is_error === 'boolean') &&
    hasOnlyKeys(value, RESULT_KEYS)
  );
}

const TOOL_USE_KEYS = new Set(['type', 'id', 'name', 'input']);
function isAssistantBlock(value: unknown): boolean {
  if (!isWireRecord(value)) return false;
  if (value.type === 'text') return isTextBlock(value);
  // `input` is any JSON value (the body's JSON check bounded it); the decoder asks for an object.
  return (
    value.type === 'tool_use' &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    typeof value.name === 'string' &&
    value.name !== '' &&
    Object.hasOwn(value, 'input') &&
    value.input !== undefined &&
    hasOnlyKeys(value, TOOL_USE_KEYS)
  );
}

const MESSAGE_KEYS = new Set(['role', 'content']);
function isMessage(value: unknown): boolean {
  if (!isWireRecord(value) || !hasOnlyKeys(value, MESSAGE_KEYS)) return false;
  if (typeof value.content === 'string') return value.role === 'user' || value.role === 'assistant';
  if (value.role === 'user') return isWireArrayOf(value.content, isUserBlock);
  if (value.role === 'assistant') return isWireArrayOf(value.content, isAssistantBlock);
  return false;
}

const TOOL_KEYS = new Set(['name', 'description', 'input_schema']);
function isCustomTool(value: unknown): boolean {
  if (!isWireRecord(value) || typeof value.name !== 'string' || !TOOL_NAME.test(value.name)) return false;
  const schema = value.input_schema;
  return (
    isWireRecord(schema) &&
    Object.getPrototypeOf(schema) === Object.prototype &&
    (!Object.hasOwn(schema, 'type') || schema.type === 'object') &&
    (value.description === undefined || typeof value.description === 'string') &&
    hasOnlyKeys(value, TOOL_KEYS)
  );
}

const AUTO_KEYS = new Set(['type', 'disable_parallel_tool_use']);
const NAMED_KEYS = new Set(['type', 'name', 'disable_parallel_tool_use']);
const NONE_KEYS = new Set(['type']);
function isToolChoice(value: unknown): boolean {
  if (!isWireRecord(value)) return false;
  const parallel = value.disable_parallel_tool_use;
  if (!(parallel === undefined || typeof parallel === 'boolean')) return false;
  if (value.type === 'auto' || value.type === 'any') return hasOnlyKeys(value, AUTO_KEYS);
  if (value.type === 'tool')
    return typeof value.name === 'string' && value.name !== '' && hasOnlyKeys(value, NAMED_KEYS);
  return value.type === 'none' && hasOnlyKeys(value, NONE_KEYS);
}
