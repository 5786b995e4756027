import type { JSONObject, JSONValue } from '@interlingua/core';
import { MAX_JSON_DEPTH, setOwnProperty } from '@interlingua/core/adapter';

/**
 * One Vertex AI `PartialArg`: a piece of one argument of a function call streamed with
 * `streamFunctionCallArguments`, at an RFC 9535 JSON path such as `$.recipe.items[0].name`.
 *
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Content#partialarg
 */
export type GeminiPartialArg = {
  jsonPath: string;
  stringValue?: string | undefined;
  numberValue?: number | undefined;
  boolValue?: boolean | undefined;
  nullValue?: 'NULL_VALUE' | null | undefined;
  willContinue?: boolean | undefined;
};

type Segment = string | number;
type Container = JSONObject | JSONValue[];

/**
 * The arguments of one function call that Vertex AI streams in pieces (`partialArgs`), put
 * together as they arrive. A `stringValue` whose previous piece at the same path said
 * `willContinue: true` is appended to the string there; every other piece sets its value.
 * Paths are the subset of RFC 9535 that names one place: `$`, then `.name`, `['name']` or
 * `[index]` segments; an array grows one index at a time. `add` returns what is wrong with a
 * piece (a path it cannot read, one that crosses a value of another kind, a piece without a
 * value) instead of throwing, so the stream decoder can end the stream with an error.
 */
export class PartialArgsAssembler {
  readonly args: JSONObject;
  // Paths whose last piece said another piece for the same path follows.
  private readonly continuing = new Set<string>();

  constructor(args: JSONObject | undefined) {
    this.args = args === undefined ? {} : (structuredClone(args) as JSONObject);
  }

  /** Adds the pieces of one chunk, in order; a message saying what is wrong, or `undefined`. */
  add(pieces: readonly GeminiPartialArg[]): string | undefined {
    for (const [index, piece] of pieces.entries()) {
      const problem = this.addOne(piece);
      if (problem !== undefined) return `partialArgs[${index}]: ${problem}`;
    }
    return undefined;
  }

  private addOne(piece: GeminiPartialArg): string | undefined {
    const segments = parseJsonPath(piece.jsonPath);
    if (typeof segments === 'string') return segments;
    const value = pieceValue(piece);
    if (value === undefined) {
      return `Expected one of stringValue, numberValue, boolValue or nullValue for ${JSON.stringify(piece.jsonPath)}, got none.`;
    }
    let container: Container = this.args;
    for (const [depth, segment] of segments.entries()) {
      const next = segments[depth + 1];
      const existing = read(container, segment);
      if (next === undefined) {
        const key = JSON.stringify(segments);
        const appended =
          typeof value === 'string' && typeof existing === 'string' && this.continuing.has(key)
            ? existing + value
            : value;
        const problem = write(container, segment, appended, piece.jsonPath);
        if (problem !== undefined) return problem;
        if (piece.willContinue === true) this.continuing.add(key);
        else this.continuing.delete(key);
        return undefined;
      }
      if (existing === undefined) {
        const created: Container = typeof next === 'number' ? [] : {};
        const problem = write(container, segment, created, piece.jsonPath);
        if (problem !== undefined) return problem;
        container = created;
      } else if (typeof next === 'number' ? Array.isArray(existing) : isObject(existing)) {
        container = existing as Container;
      } else {
        return `Expected ${JSON.stringify(piece.jsonPath)} to go through ${typeof next === 'number' ? 'an array' : 'an object'} at segment ${depth + 1}, got ${kindOf(existing)}.`;
      }
    }
    return undefined;
  }
}

function pieceValue(piece: GeminiPartialArg): JSONValue | undefined {
  if (piece.stringValue !== undefined) return piece.stringValue;
  if (piece.numberValue !== undefined) return piece.numberValue;
  if (piece.boolValue !== undefined) return piece.boolValue;
  // proto3 JSON writes google.protobuf.NullValue as null; the SDK's types say 'NULL_VALUE'.
  if (Object.hasOwn(piece, 'nullValue')) return null;
  return undefined;
}

function read(container: Container, segment: Segment): JSONValue | undefined {
  if (Array.isArray(container)) return typeof segment === 'number' ? container[segment] : undefined;
  return typeof segment === 'string' && Object.hasOwn(container, segment) ? container[segment] : undefined;
}

function write(container: Container, segment: Segment, value: JSONValue, path: string): string | undefined {
  if (Array.isArray(container)) {
    if (typeof segment !== 'number') return `Expected ${JSON.stringify(path)} to index an array by number.`;
    if (segment > container.length) {
      return `Expected ${JSON.stringify(path)} to fill the array in order (index ${segment}, the array has ${container.length} item(s)).`;
    }
    container[segment] = value;
    return undefined;
  }
  if (typeof segment !== 'string') return `Expected ${JSON.stringify(path)} to name a member of an object.`;
  setOwnProperty(container, segment, value);
  return undefined;
}

const isObject = (value: JSONValue | undefined): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const kindOf = (value: JSONValue): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;

const ESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '/': '/',
  '\\': '\\',
  "'": "'",
  '"': '"',
};

// `$.a['b'][0]` → `['a', 'b', 0]`, or a message saying why the path is not one place.
/** The segments of a piece's JSON path (`$.a[0]` → `["a", 0]`), or what is wrong with it. */
export function parseJsonPath(path: string): Segment[] | string {
  const fail = (why: string) =>
    `Expected a JSON path to one argument such as "$.items[0].name", got ${JSON.stringify(path)} (${why}).`;
  if (!path.startsWith('$')) return fail('it does not start with $');
  const segments: Segment[] = [];
  let at = 1;
  while (at < path.length) {
    if (segments.length >= MAX_JSON_DEPTH - 1) return fail(`more than ${MAX_JSON_DEPTH - 1} segments`);
    const char = path[at];
    if (char === '.') {
      const match = /^[^.[\]'"*?@$()\s]+/.exec(path.slice(at + 1));
      if (match === null) return fail(`no member name after the "." at ${at}`);
      segments.push(match[0]);
      at += 1 + match[0].length;
    } else if (char === '[') {
      const quote = path[at + 1];
      if (quote === "'" || quote === '"') {
        let name = '';
        let index = at + 2;
        for (; index < path.length && path[index] !== quote; index++) {
          if (path[index] !== '\\') {
            name += path[index];
            continue;
          }
          const escaped = path[++index] ?? '';
          if (escaped === 'u' && /^[0-9A-Fa-f]{4}$/.test(path.slice(index + 1, index + 5))) {
            name += String.fromCharCode(Number.parseInt(path.slice(index + 1, index + 5), 16));
            index += 4;
          } else if (Object.hasOwn(ESCAPES, escaped)) name += ESCAPES[escaped];
          else return fail(`an unknown escape "\\${escaped}" at ${index}`);
        }
        if (path[index] !== quote || path[index + 1] !== ']') return fail(`an unclosed name at ${at}`);
        segments.push(name);
        at = index + 2;
      } else {
        const match = /^\[(0|[1-9][0-9]{0,8})\]/.exec(path.slice(at));
        if (match === null) return fail(`an index at ${at} that is not a non-negative integer`);
        segments.push(Number(match[1]));
        at += match[0].length;
      }
    } else return fail(`an unexpected ${JSON.stringify(char)} at ${at}`);
  }
  if (segments.length === 0) return fail('it names the arguments themselves, not one of them');
  return segments;
}
