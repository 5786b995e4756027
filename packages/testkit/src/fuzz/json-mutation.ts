import { MAX_JSON_DEPTH } from '@interlingua/core/adapter';
import fc from 'fast-check';

/** What a {@link JSONMutation} does to the node it lands on. */
export type JSONMutationOp =
  | 'null'
  | 'delete'
  | 'retype'
  | 'number'
  | 'string'
  | 'truncate'
  | 'deep'
  | 'proto-key'
  | 'constructor-key'
  | 'unknown-key'
  | 'duplicate'
  | 'swap'
  | 'wrap'
  | 'error-body';

/**
 * One edit of a JSON document, as a small plan (so that a failing case prints short and
 * shrinks): `op` applied at node number `at` (modulo the node count, document order),
 * `variant` choosing among the op's replacement values.
 */
export type JSONMutation = { op: JSONMutationOp; at: number; variant: number };

const OPS: readonly JSONMutationOp[] = [
  'null',
  'delete',
  'retype',
  'number',
  'string',
  'truncate',
  'deep',
  'proto-key',
  'constructor-key',
  'unknown-key',
  'duplicate',
  'swap',
  'wrap',
  'error-body',
];

const RETYPED: readonly unknown[] = [0, -1, 1.5, '', 'x', true, false, [], {}, [null], { x: null }];
const NUMBERS: readonly number[] = [
  1e308,
  -5,
  1.5,
  -0,
  2 ** 53,
  2 ** 31,
  0,
  Number.MAX_SAFE_INTEGER,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];
const HUGE = 'x'.repeat(1 << 17);
const STRINGS: readonly string[] = [
  '',
  HUGE,
  '\ud800',
  'unknown_type',
  '__proto__',
  'constructor',
  '{"a":',
  '[DONE]',
  'null',
  '0',
  '\u0000',
  ' ',
];
// Around the limit (where an off-by-one hides) and far past it.
const DEPTHS: readonly number[] = [
  MAX_JSON_DEPTH - 8,
  MAX_JSON_DEPTH - 2,
  MAX_JSON_DEPTH - 1,
  MAX_JSON_DEPTH,
  MAX_JSON_DEPTH + 1,
  1500,
  5000,
  20_000,
];
const POISON: readonly unknown[] = [{ polluted: true }, { type: 'object', properties: {} }, null, 'x', []];
/** Bodies a provider sends instead of an answer, and other things that are not one. */
export const ERROR_LIKE_BODIES: readonly unknown[] = [
  {},
  { error: { message: 'Internal error', type: 'server_error', code: 500, status: 'INTERNAL' } },
  { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
  { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } },
  { error: 'x' },
  { error: null },
  [],
  null,
  'x',
  { type: 'unknown_event', x: 1 },
];

/** Mutation plans: up to `maxLength` edits of a document (none: the document as it is). */
export function arbitraryJSONMutations(maxLength = 3): fc.Arbitrary<JSONMutation[]> {
  return fc.array(fc.record({ op: fc.constantFrom(...OPS), at: fc.nat(), variant: fc.nat({ max: 1000 }) }), {
    minLength: 0,
    maxLength,
  });
}

type Node = { parent: Record<string | number, unknown>; key: string | number; value: unknown };

/**
 * Applies mutation plans to a copy of `document` (which must be JSON) and returns the copy.
 * Keys added by `proto-key` / `constructor-key` are own properties, as `JSON.parse` makes them.
 */
export function applyJSONMutations(document: unknown, mutations: readonly JSONMutation[]): unknown {
  const holder: Record<string, unknown> = { root: document === undefined ? undefined : cloneJSON(document) };
  for (const mutation of mutations) {
    const nodes = collectNodes(holder);
    const node = nodes[mutation.at % nodes.length] as Node;
    mutate(node, mutation.op, mutation.variant);
  }
  return holder.root;
}

/** The number of nodes of a document, as {@link applyJSONMutations} counts them (bounded). */
export function countJSONNodes(document: unknown): number {
  return collectNodes({ root: document }).length;
}

// Iterative (an earlier edit may have nested the document 20,000 levels deep); own keys such as
// `__proto__` are copied as own keys; shared objects stay shared.
function cloneJSON(document: unknown): unknown {
  const copies = new Map<object, Record<string | number, unknown>>();
  const copyOf = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    let copy = copies.get(value);
    if (copy === undefined) {
      copy = (Array.isArray(value) ? [] : {}) as Record<string | number, unknown>;
      copies.set(value, copy);
      pending.push([value as Record<string | number, unknown>, copy]);
    }
    return copy;
  };
  const pending: [Record<string | number, unknown>, Record<string | number, unknown>][] = [];
  const root = copyOf(document);
  while (pending.length > 0) {
    const [source, target] = pending.pop() as [Record<string | number, unknown>, Record<string | number, unknown>];
    for (const key of Object.keys(source)) {
      const value = copyOf(source[key]);
      Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    }
  }
  return root;
}

// Every node down to depth 64 (deeper ones are the product of a `deep` edit), at most 5,000.
function collectNodes(holder: Record<string, unknown>): Node[] {
  const nodes: Node[] = [];
  const stack: (Node & { depth: number })[] = [{ parent: holder, key: 'root', value: holder.root, depth: 0 }];
  while (stack.length > 0 && nodes.length < 5000) {
    const node = stack.pop() as Node & { depth: number };
    nodes.push(node);
    const { value, depth } = node;
    if (typeof value !== 'object' || value === null || depth >= 64) continue;
    const container = value as Record<string | number, unknown>;
    const keys: (string | number)[] = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string | number;
      stack.push({ parent: container, key, value: container[key], depth: depth + 1 });
    }
  }
  return nodes;
}

function stringifyOrEmpty(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return ''; // nested too deep for JSON.stringify: an earlier `deep` edit
  }
}

function pick<T>(values: readonly T[], variant: number): T {
  return values[variant % values.length] as T;
}

function set(node: Node, value: unknown): void {
  Object.defineProperty(node.parent, node.key, { value, writable: true, enumerable: true, configurable: true });
}

function nest(depth: number, inner: unknown, arrays: boolean): unknown {
  let value = inner;
  for (let level = 0; level < depth; level++) value = arrays ? [value] : { a: value };
  return value;
}

function mutate(node: Node, op: JSONMutationOp, variant: number): void {
  const { parent, key, value } = node;
  switch (op) {
    case 'null':
      set(node, null);
      return;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return;
    case 'retype':
      set(node, structuredClone(pick(RETYPED, variant)));
      return;
    case 'number':
      set(node, pick(NUMBERS, variant));
      return;
    case 'string':
      set(node, pick(STRINGS, variant));
      return;
    case 'truncate': {
      // Cut a string (argument text, say), or replace a structure by its JSON text cut short.
      const text = typeof value === 'string' ? value : stringifyOrEmpty(value);
      set(node, text.slice(0, variant % (text.length + 1)));
      return;
    }
    case 'deep': {
      const depth = pick(DEPTHS, variant);
      // A string (argument text, say) becomes deeply nested JSON text.
      if (typeof value === 'string') {
        set(node, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
        return;
      }
      set(node, nest(depth, variant % 3 === 0 ? value : 1, variant % 2 === 0));
      return;
    }
    case 'proto-key':
    case 'constructor-key': {
      const target = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
      const into = target ?? (Array.isArray(parent) ? undefined : parent);
      if (into === undefined) return;
      const poison = op === 'proto-key' ? structuredClone(pick(POISON, variant)) : { prototype: { polluted: true } };
      Object.defineProperty(into, op === 'proto-key' ? '__proto__' : 'constructor', {
        value: poison,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      return;
    }
    case 'unknown-key':
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        (value as Record<string, unknown>).x_fuzz = structuredClone(pick(RETYPED, variant));
      }
      return;
    case 'duplicate':
      if (Array.isArray(parent)) parent.splice(key as number, 0, value);
      return;
    case 'swap':
      if (Array.isArray(parent) && parent.length > 1) {
        const other = ((key as number) + 1 + variant) % parent.length;
        [parent[key as number], parent[other]] = [parent[other], parent[key as number]];
      }
      return;
    case 'wrap':
      set(node, variant % 2 === 0 ? [value] : { value });
      return;
    case 'error-body':
      set(node, structuredClone(pick(ERROR_LIKE_BODIES, variant)));
      return;
    default: {
      const exhaustive: never = op;
      throw new Error(`Unknown mutation ${String(exhaustive)}`);
    }
  }
}
