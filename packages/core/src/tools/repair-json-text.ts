import { jsonrepair } from 'jsonrepair';
import type { JSONValue } from '../ir/json-value';
import { findJSONValueIssue } from '../json/find-json-value-issue';
import { MAX_JSON_DEPTH } from '../json/max-json-depth';

// Text longer than this is not worth repairing: a model's arguments or answer are far shorter.
const MAX_REPAIR_LENGTH = 1_000_000;

/**
 * Repairs the JSON a model wrote by mistake and returns its value, or `undefined` when the text
 * is beyond repair. Fixes what models get wrong: single quotes (`{'city':'Paris'}`), trailing
 * commas, unquoted keys, comments, a code fence around the JSON, Python's `True`/`None`, missing
 * closing brackets of truncated text (with `jsonrepair` from npm). Never throws: text longer than
 * 1,000,000 characters or nested deeper than `MAX_JSON_DEPTH` is not repaired.
 *
 * @example
 * repairJsonText("{'city':'Paris',}"); // { city: 'Paris' }
 * repairJsonText('not json at all'); // undefined
 */
export function repairJsonText(text: string): JSONValue | undefined {
  if (text.length > MAX_REPAIR_LENGTH || nestingDepth(text) > MAX_JSON_DEPTH) return undefined;
  const trimmed = stripFence(text.trim());
  if (trimmed === '') return undefined;
  let repaired: string;
  try {
    repaired = jsonrepair(trimmed);
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(repaired);
  } catch {
    return undefined;
  }
  // A bare word repaired into a string is not a repair of JSON.
  if (typeof value === 'string' && !/^\s*["']/.test(trimmed)) return undefined;
  return findJSONValueIssue(value) === undefined ? (value as JSONValue) : undefined;
}

function stripFence(text: string): string {
  const match = /^```[A-Za-z]*\s*\n?([\s\S]*?)\n?```$/.exec(text);
  return match === null ? text : (match[1] ?? '').trim();
}

/** The deepest bracket nesting outside strings (quotes of either kind), in one pass. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quote = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote !== '') {
      if (char === '\\') index++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{' || char === '[') {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}
