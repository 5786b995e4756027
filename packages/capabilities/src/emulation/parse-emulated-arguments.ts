import { type JSONObject, type ParsedToolArguments, parseToolArguments } from '@interlingua/core';
import { repairJsonText } from '@interlingua/core/adapter';
import { findJsonEnd } from './find-json-end';
import { stripCodeFence } from './strip-code-fence';

/**
 * Parses the arguments a model wrote as text (a ReAct `Action Input`, the `arguments` of a
 * `<tool_call>`) into an object. Never throws: a code fence is unwrapped, prose after the
 * closing brace is ignored, a JSON string holding an object is decoded, and an object that is
 * almost JSON (`{'city':'Paris'}`, a trailing comma) is repaired with `repairJsonText`, as the
 * agent's `repairJson` does; anything else keeps its raw text in `argsText` with the reason in
 * `argsError`.
 */
export function parseEmulatedArguments(text: string): ParsedToolArguments {
  const body = stripCodeFence(text);
  if (body === '') return { args: {} };
  if (body.startsWith('{')) {
    const end = findJsonEnd(body, 0);
    const parsed = parseToolArguments(end === -1 ? body : body.slice(0, end));
    // Unterminated text was cut off, not mistyped: completing it would invent arguments.
    if (parsed.argsError === undefined || end === -1) return parsed;
    const repaired = repairJsonText(parsed.argsText);
    return typeof repaired === 'object' && repaired !== null && !Array.isArray(repaired)
      ? { args: repaired as JSONObject }
      : parsed;
  }
  if (body.startsWith('"')) {
    // Some models quote the whole object: "{\"city\": \"Paris\"}".
    try {
      const decoded: unknown = JSON.parse(body.split('\n')[0] ?? body);
      if (typeof decoded === 'string' && decoded.trim().startsWith('{')) {
        const parsed = parseToolArguments(decoded);
        if (parsed.argsError === undefined) return parsed;
      }
    } catch {
      // Not a JSON string: reported below with the raw text.
    }
  }
  return {
    args: {},
    argsText: body,
    argsError: `Expected the arguments to be a JSON object such as {"name": "value"}, got: ${truncate(body, 120)}`,
  };
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}
