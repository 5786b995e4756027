import { type JSONObject, parseToolArguments, type ToolCall } from '@interlingua/core';

/**
 * The key of the `toolUse.input` object that carries a call's unparseable argument text on
 * replay: `{ "_unparsed_arguments": "<raw text>" }` (the API requires `input` to be an object).
 */
export const BEDROCK_UNPARSED_ARGUMENTS_KEY = '_unparsed_arguments';

// Converse rejects a `toolUseId` outside `^[a-zA-Z0-9_-]{1,64}$`: checked by character code (no regex per call).
function isToolUseId(id: string): boolean {
  if (id.length === 0 || id.length > 64) return false;
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    // 0-9, A-Z, a-z, -, _
    if (
      !(
        (code >= 48 && code <= 57) ||
        (code >= 65 && code <= 90) ||
        (code >= 97 && code <= 122) ||
        code === 45 ||
        code === 95
      )
    )
      return false;
  }
  return true;
}

/**
 * The `toolUseId` sent for an IR call id: as is when the API accepts it; otherwise every other
 * character becomes `_`, the id is cut to 55 characters and an FNV-1a hash of the original is
 * appended, so a call and its result stay paired and two rewritten ids do not collide.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html
 */
export function convertToBedrockToolUseId(id: string): string {
  if (isToolUseId(id)) return id;
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 55)}_${hash.toString(16).padStart(8, '0')}`;
}

/** The `toolUse.input` object that replays `call`: its arguments, or the raw-text carrier. */
export function convertToBedrockToolInput(call: ToolCall): JSONObject {
  return call.argsText === undefined ? call.args : { [BEDROCK_UNPARSED_ARGUMENTS_KEY]: call.argsText };
}

/** The IR call for a `toolUse` block: a non-object input or the raw-text carrier yields `argsError`. */
export function toolCallFromBedrockInput(id: string, name: string, input: unknown): ToolCall {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const raw = (input as Record<string, unknown>)[BEDROCK_UNPARSED_ARGUMENTS_KEY];
    if (Object.keys(input).length === 1 && typeof raw === 'string') return toolCallFromText(id, name, raw);
  }
  // Through JSON text: the arguments become plain JSON data (own `__proto__` keys stay data).
  return toolCallFromText(id, name, safeStringify(input));
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch (error) {
    // Arguments nested too deep to serialize (a RangeError) are kept as unreadable.
    return `<unserializable arguments: ${error instanceof Error ? error.message : String(error)}>`;
  }
}

/** The IR call for streamed argument text (empty text is `{}`); never throws. */
export function toolCallFromText(id: string, name: string, text: string): ToolCall {
  const parsed = parseToolArguments(text);
  if (parsed.argsError === undefined) return { type: 'tool-call', id, name, args: parsed.args };
  return { type: 'tool-call', id, name, args: {}, argsText: parsed.argsText, argsError: parsed.argsError };
}

/** @deprecated Renamed {@link convertToBedrockToolUseId} (IR→wire functions are named `convertTo…`); this name is kept for one release. */
export const toBedrockToolUseId = convertToBedrockToolUseId;
