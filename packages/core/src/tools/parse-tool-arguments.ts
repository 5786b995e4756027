import type { JSONObject } from '../ir/json-value';
import { findJSONValueIssue } from '../json/find-json-value-issue';
import { MAX_JSON_DEPTH } from '../json/max-json-depth';
import { formatSchemaIssues } from '../schemas/format-schema-issues';

/** The outcome of {@link parseToolArguments}: parsed arguments, or `{}` with the raw text and the reason. */
export type ParsedToolArguments =
  | { args: JSONObject; argsText?: undefined; argsError?: undefined }
  | { args: JSONObject; argsText: string; argsError: string };

/**
 * Parses a model's tool-argument text into an object. Never throws.
 *
 * Empty or blank text (what models send for no-argument tools) is `{}`. Text that is not
 * JSON, JSON that is not an object, or an object nested deeper than `MAX_JSON_DEPTH`, yields
 * `{ args: {}, argsText, argsError }` so the caller can keep the raw text and tell the model
 * what was wrong. Keys such as `__proto__` stay own properties (as `JSON.parse` makes them).
 *
 * @example
 * parseToolArguments('{"city":"北京"}'); // { args: { city: '北京' } }
 * parseToolArguments('{"city":"北'); // { args: {}, argsText: '{"city":"北', argsError: 'Expected …' }
 */
export function parseToolArguments(text: string): ParsedToolArguments {
  if (text.trim() === '') return { args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8 12 (Node 22) and later append ` (line 1 column 8)` to the position: dropped, so the IR
    // (and what the model is told) is the same on every supported Node.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/ \(line \d+ column \d+\)$/, '');
    return {
      args: {},
      argsText: text,
      argsError: `Expected the arguments to be a JSON object, but they do not parse: ${reason}`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { args: {}, argsText: text, argsError: `Expected the arguments to be a JSON object, got ${got}.` };
  }
  // JSON.parse survives any depth; what consumes the arguments next (a serializer, a schema
  // validator) may not, so the project-wide limit applies here too. Parsed JSON fails that check
  // only by depth or by a number past the float range (`1e999`): a quick walk for those first,
  // the full check (which names the path) only when it finds one.
  if (isParsedJSONWithin(value, 1)) return { args: value as JSONObject };
  const issue = findJSONValueIssue(value);
  if (issue !== undefined) {
    return {
      args: {},
      argsText: text,
      argsError: `Expected the arguments to be a JSON object: ${formatSchemaIssues([issue], 'arguments')}.`,
    };
  }
  return { args: value as JSONObject };
}

// True when a value from `JSON.parse` (no cycles, no prototypes but `Object.prototype`) nests at
// most `MAX_JSON_DEPTH` levels and holds only finite numbers; false sends it to the full check.
// The recursion stops at `MAX_JSON_DEPTH`, so it cannot exhaust the stack.
function isParsedJSONWithin(node: object, depth: number): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) if (!isParsedJSONValueWithin(node[index], depth)) return false;
    return true;
  }
  for (const key in node) if (!isParsedJSONValueWithin((node as Record<string, unknown>)[key], depth)) return false;
  return true;
}

function isParsedJSONValueWithin(value: unknown, depth: number): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'object' && value !== null) return isParsedJSONWithin(value, depth + 1);
  return true;
}
