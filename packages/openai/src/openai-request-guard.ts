import type { WireGuard } from '@interlingua/core/adapter';
import { isNullishNumber, isNullishString, isWireArrayOf, isWireRecord } from '@interlingua/core/adapter';
import type { OpenAIRequest } from './openai-api';

// A hand-written check run before `openaiRequestSchema` (the gateway's hot path, issue 33): `true`
// only for the common shape of a Chat Completions request — text messages, function calls and
// tools, the usual settings — and only when every nested object holds exactly the keys the schema
// keeps, so that the schema's output would equal the body (`z.object` strips unknown keys: a
// body with any is left to the schema). Anything else — images, audio, files, custom tools,
// `response_format` with a schema, `function` messages, any doubt — is `false`, and the schema
// decides and names the bad field. `openai-request-guard.test.ts` checks both on fuzzed bodies.

// The API's rule for function names, which is also the IR's (as `openaiRequestSchema`'s).
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const TOOL_CHOICES = new Set(['auto', 'none', 'required']);

// The top-level keys the schema checks; any other stays as it is (a loose object).
const REQUEST_CHECKS: Record<string, (value: unknown) => boolean> = {
  model: (value) => typeof value === 'string',
  messages: (value) => isWireArrayOf(value, isMessage),
  tools: (value) => value === undefined || value === null || isWireArrayOf(value, isFunctionTool),
  tool_choice: isToolChoice,
  max_completion_tokens: isNullishPositiveInteger,
  max_tokens: isNullishPositiveInteger,
  temperature: (value) => isNullishNumber(value) && !((value as number) < 0),
  top_p: (value) => isNullishNumber(value) && !((value as number) < 0) && !((value as number) > 1),
  stop: (value) => isNullishString(value) || isWireArrayOf(value, (item) => typeof item === 'string'),
  stream: (value) => value === undefined || value === null || typeof value === 'boolean',
  reasoning_effort: isNullishString,
  response_format: (value) => value === undefined || value === null || isPlainResponseFormat(value),
};

/** Whether a body is a common Chat Completions request the schema would return unchanged (see above). */
export const isOpenAIRequest: WireGuard<OpenAIRequest> = (value): value is OpenAIRequest => {
  if (!isWireRecord(value) || !Object.hasOwn(value, 'model') || !Object.hasOwn(value, 'messages')) return false;
  // The schema's loose object leaves out an own `__proto__` key: such a body is its to copy.
  if (Object.hasOwn(value, '__proto__')) return false;
  for (const key in REQUEST_CHECKS) {
    const check = REQUEST_CHECKS[key] as (value: unknown) => boolean;
    if (!check(Object.hasOwn(value, key) ? value[key] : undefined)) return false;
  }
  return true;
};

// Exactly these own keys (inherited ones are not walked: JSON bodies have none), each allowed.
function hasOnlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key of Object.keys(value)) if (!allowed.has(key)) return false;
  return true;
}

const TEXT_PART_KEYS = new Set(['type', 'text']);
function isTextPart(value: unknown): boolean {
  return (
    isWireRecord(value) && value.type === 'text' && typeof value.text === 'string' && hasOnlyKeys(value, TEXT_PART_KEYS)
  );
}

function isTextContent(value: unknown): boolean {
  return typeof value === 'string' || isWireArrayOf(value, isTextPart);
}

const CONTENT_KEYS = new Set(['role', 'content']);
const TOOL_MESSAGE_KEYS = new Set(['role', 'content', 'tool_call_id']);
const ASSISTANT_KEYS = new Set(['role', 'content', 'refusal', 'reasoning_content', 'tool_calls']);
function isMessage(value: unknown): boolean {
  if (!isWireRecord(value)) return false;
  switch (value.role) {
    case 'system':
    case 'developer':
    case 'user':
      return isTextContent(value.content) && hasOnlyKeys(value, CONTENT_KEYS);
    case 'tool':
      return (
        isTextContent(value.content) &&
        typeof value.tool_call_id === 'string' &&
        value.tool_call_id !== '' &&
        hasOnlyKeys(value, TOOL_MESSAGE_KEYS)
      );
    case 'assistant':
      return (
        (value.content === undefined || value.content === null || isTextContent(value.content)) &&
        isNullishString(value.refusal) &&
        isNullishString(value.reasoning_content) &&
        (value.tool_calls === undefined || value.tool_calls === null || isWireArrayOf(value.tool_calls, isToolCall)) &&
        hasOnlyKeys(value, ASSISTANT_KEYS)
      );
    default:
      return false;
  }
}

const TOOL_CALL_KEYS = new Set(['id', 'type', 'function']);
const CALLED_FUNCTION_KEYS = new Set(['name', 'arguments']);
function isToolCall(value: unknown): boolean {
  if (!isWireRecord(value) || value.type !== 'function' || typeof value.id !== 'string' || value.id === '')
    return false;
  const called = value.function;
  return (
    isWireRecord(called) &&
    typeof called.name === 'string' &&
    called.name !== '' &&
    typeof called.arguments === 'string' &&
    hasOnlyKeys(called, CALLED_FUNCTION_KEYS) &&
    hasOnlyKeys(value, TOOL_CALL_KEYS)
  );
}

const TOOL_KEYS = new Set(['type', 'function']);
const FUNCTION_KEYS = new Set(['name', 'description', 'parameters', 'strict']);
function isFunctionTool(value: unknown): boolean {
  if (!isWireRecord(value) || value.type !== 'function' || !hasOnlyKeys(value, TOOL_KEYS)) return false;
  const declared = value.function;
  if (!isWireRecord(declared) || typeof declared.name !== 'string' || !TOOL_NAME.test(declared.name)) return false;
  const parameters = declared.parameters;
  // An object schema: a plain object (the body's JSON check already bounded it) whose `type`, if any, is "object".
  const objectSchema =
    parameters === undefined ||
    parameters === null ||
    (isWireRecord(parameters) &&
      Object.getPrototypeOf(parameters) === Object.prototype &&
      (!Object.hasOwn(parameters, 'type') || parameters.type === 'object'));
  return (
    objectSchema &&
    isNullishString(declared.description) &&
    (declared.strict === undefined || declared.strict === null || typeof declared.strict === 'boolean') &&
    hasOnlyKeys(declared, FUNCTION_KEYS)
  );
}

const NAMED_CHOICE_KEYS = new Set(['type', 'function']);
const NAME_KEYS = new Set(['name']);
function isToolChoice(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return TOOL_CHOICES.has(value);
  if (!isWireRecord(value) || value.type !== 'function' || !hasOnlyKeys(value, NAMED_CHOICE_KEYS)) return false;
  const named = value.function;
  return isWireRecord(named) && typeof named.name === 'string' && named.name !== '' && hasOnlyKeys(named, NAME_KEYS);
}

const FORMAT_KEYS = new Set(['type']);
function isPlainResponseFormat(value: unknown): boolean {
  return (
    isWireRecord(value) && (value.type === 'text' || value.type === 'json_object') && hasOnlyKeys(value, FORMAT_KEYS)
  );
}

function isNullishPositiveInteger(value: unknown): boolean {
  return value === undefined || value === null || (Number.isSafeInteger(value) && (value as number) > 0);
}
