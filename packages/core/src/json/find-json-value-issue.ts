import type { SchemaIssue } from '../schemas/format-schema-issues';
import { MAX_JSON_DEPTH } from './max-json-depth';

/** Options of {@link findJSONValueIssue}. */
export type FindJSONValueIssueOptions = {
  /** The deepest nesting allowed; defaults to {@link MAX_JSON_DEPTH}. */
  maxDepth?: number;
  /** Require the value itself to be an object (not an array, not a scalar). */
  object?: boolean;
};

type Frame = { value: object; depth: number; parent: Frame | undefined; key: PropertyKey | undefined };
type Exit = { exit: object };

/**
 * Checks that `value` is plain JSON data nested at most `maxDepth` levels (see
 * {@link MAX_JSON_DEPTH}) and returns the first problem as a `{ path, message }` issue, or
 * `undefined` when there is none. JSON data: `null`, booleans, strings, finite numbers, arrays
 * of JSON data, and objects with `Object.prototype` or `null` as prototype whose own string
 * keys hold JSON data. Keys such as `__proto__` and `constructor` are ordinary data here.
 *
 * Iterative (no recursion, so any input depth is safe) and linear in the size of the value:
 * an object shared by several parents is walked once, a cycle is reported.
 *
 * @example
 * findJSONValueIssue({ a: [1, Number.NaN] }); // { path: ['a', 1], message: 'Expected a JSON value, got NaN' }
 */
export function findJSONValueIssue(value: unknown, options: FindJSONValueIssueOptions = {}): SchemaIssue | undefined {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  if (options.object === true && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    return { path: [], message: `Expected a JSON object, got ${describeJSONKind(value)}` };
  }
  const scalar = scalarIssue(value);
  if (scalar !== null) return scalar === undefined ? undefined : { path: [], message: scalar };
  // Most values (every parsed request body) are small, shallow trees of plain data: a plain
  // recursive pass proves that without the walk's bookkeeping. Anything it is not sure of (a
  // problem, deep nesting, a cycle, a shared object walked too often) goes to the full walk,
  // which finds the first issue and its path.
  if (isSmallJSONTree(value as object, 1, Math.min(maxDepth, FAST_DEPTH), { left: FAST_NODES })) return undefined;

  // Depth-first, in document order; an exit marker takes an object off the current path.
  const stack: (Frame | Exit)[] = [{ value: value as object, depth: 1, parent: undefined, key: undefined }];
  const onPath = new Set<object>();
  // The smallest depth at which each finished object was walked: deeper visits add nothing.
  const walked = new Map<object, number>();
  while (stack.length > 0) {
    const top = stack.pop() as Frame | Exit;
    if ('exit' in top) {
      onPath.delete(top.exit);
      continue;
    }
    const { value: node, depth } = top;
    if (depth > maxDepth) return issueAt(top, `Expected JSON nested at most ${maxDepth} levels deep, got deeper`);
    if (onPath.has(node)) return issueAt(top, 'Expected a JSON value, got a circular reference');
    const seen = walked.get(node);
    if (seen !== undefined && seen <= depth) continue;
    walked.set(node, depth);
    if (!Array.isArray(node)) {
      const prototype = Object.getPrototypeOf(node);
      if (prototype !== Object.prototype && prototype !== null) {
        return issueAt(top, `Expected a JSON value, got ${describeJSONKind(node)}`);
      }
    }
    onPath.add(node);
    stack.push({ exit: node });
    // Children go on the stack last-first, so that objects are walked in document order.
    const keys = Array.isArray(node) ? undefined : Object.keys(node);
    const count = keys === undefined ? (node as unknown[]).length : keys.length;
    for (let index = count - 1; index >= 0; index--) {
      const key = keys === undefined ? index : (keys[index] as string);
      const child = (node as Record<string | number, unknown>)[key];
      const problem = scalarIssue(child);
      if (problem === undefined) continue;
      const frame: Frame = { value: child as object, depth: depth + 1, parent: top, key };
      if (problem !== null) return issueAt(frame, problem);
      stack.push(frame);
    }
  }
  return undefined;
}

// The fast pass recurses, so only this deep; and visits at most this many objects, so a
// value sharing objects many times over (each visit would repeat) costs no more than that.
const FAST_DEPTH = 64;
const FAST_NODES = 10_000;

// True only when `node` and everything under it is plain JSON data within `maxDepth` levels
// (`node` at `depth`): what the full walk would accept. False means "not sure", never "invalid".
function isSmallJSONTree(node: object, depth: number, maxDepth: number, budget: { left: number }): boolean {
  if (depth > maxDepth || --budget.left < 0) return false;
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) {
      const child: unknown = node[index];
      if (typeof child === 'object' && child !== null) {
        if (!isSmallJSONTree(child, depth + 1, maxDepth, budget)) return false;
      } else if (scalarIssue(child) !== undefined) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(node);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const keys = Object.keys(node);
  for (let index = 0; index < keys.length; index++) {
    const child: unknown = (node as Record<string, unknown>)[keys[index] as string];
    if (typeof child === 'object' && child !== null) {
      if (!isSmallJSONTree(child, depth + 1, maxDepth, budget)) return false;
    } else if (scalarIssue(child) !== undefined) return false;
  }
  return true;
}

/** Describes what a value is, for "expected …, got …" messages: `null`, `an array`, `a string`, `a Date`. */
export function describeJSONKind(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number')
    return Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? 'a number' : String(value);
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) return 'an object';
    const name = Object.hasOwn(prototype, 'constructor') ? (prototype.constructor as { name?: unknown }).name : '';
    return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'an object with a custom prototype';
  }
  return `a ${typeof value}`;
}

// `undefined`: a valid scalar; `null`: an object or array to walk; a string: what is wrong.
function scalarIssue(value: unknown): string | null | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `Expected a JSON value, got ${describeJSONKind(value)}`;
    case 'object':
      return value === null ? undefined : null;
    default:
      return `Expected a JSON value, got ${describeJSONKind(value)}`;
  }
}

function issueAt(frame: Frame, message: string): SchemaIssue {
  const path: PropertyKey[] = [];
  for (let current: Frame | undefined = frame; current?.key !== undefined; current = current.parent) {
    path.push(current.key);
  }
  return { path: path.reverse(), message };
}
