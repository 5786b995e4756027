import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJSONKind, findJSONValueIssue } from './find-json-value-issue';
import { MAX_JSON_DEPTH } from './max-json-depth';

const nest = (depth: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('findJSONValueIssue', () => {
  it('accepts plain JSON data, null-prototype objects and own __proto__ keys included', () => {
    const withProto = JSON.parse('{"__proto__": {"x": 1}, "constructor": {"prototype": {}}}');
    const bare = Object.assign(Object.create(null), { a: [1, 'b', null, true, { c: -0.5 }] });
    for (const value of [null, 0, 'x', false, [], {}, withProto, bare])
      expect(findJSONValueIssue(value)).toBeUndefined();
  });

  it('allows exactly MAX_JSON_DEPTH levels and names the path of the first level past it', () => {
    expect(MAX_JSON_DEPTH).toBe(1000);
    expect(findJSONValueIssue(nest(MAX_JSON_DEPTH))).toBeUndefined();
    const issue = findJSONValueIssue({ args: nest(MAX_JSON_DEPTH) });
    expect(issue?.message).toBe('Expected JSON nested at most 1000 levels deep, got deeper');
    expect(issue?.path.slice(0, 3)).toEqual(['args', 'a', 0]);
    expect(issue?.path).toHaveLength(MAX_JSON_DEPTH);
    expect(findJSONValueIssue(nest(3), { maxDepth: 2 })?.path).toEqual([0, 'a']);
  });

  it('walks 100,000 levels without recursion', () => {
    expect(findJSONValueIssue(nest(100_000))?.message).toMatch(/at most 1000 levels/);
    expect(findJSONValueIssue(nest(100_000), { maxDepth: Number.POSITIVE_INFINITY })).toBeUndefined();
  });

  it('reports what is not JSON, with its path', () => {
    const cases: [unknown, unknown[], string][] = [
      [{ a: undefined }, ['a'], 'Expected a JSON value, got undefined'],
      [[1, Number.NaN], [1], 'Expected a JSON value, got NaN'],
      [{ a: [Number.POSITIVE_INFINITY] }, ['a', 0], 'Expected a JSON value, got Infinity'],
      [{ when: new Date(0) }, ['when'], 'Expected a JSON value, got an instance of Date'],
      [{ f: () => 1 }, ['f'], 'Expected a JSON value, got a function'],
      [{ n: 1n }, ['n'], 'Expected a JSON value, got a bigint'],
      [{ o: Object.create({ injected: true }) }, ['o'], 'Expected a JSON value, got an object with a custom prototype'],
    ];
    for (const [value, path, message] of cases) expect(findJSONValueIssue(value)).toEqual({ path, message });
  });

  it('reports a cycle, and walks a shared object once (no exponential blow-up)', () => {
    const cyclic: Record<string, unknown> = { a: {} };
    (cyclic.a as Record<string, unknown>).back = cyclic;
    expect(findJSONValueIssue(cyclic)).toEqual({
      path: ['a', 'back'],
      message: 'Expected a JSON value, got a circular reference',
    });
    let shared: unknown = 1;
    for (let level = 0; level < 200; level++) shared = [shared, shared];
    expect(findJSONValueIssue(shared)).toBeUndefined();
  });

  it('checks for an object when asked', () => {
    expect(findJSONValueIssue([1], { object: true })).toEqual({
      path: [],
      message: 'Expected a JSON object, got an array',
    });
    expect(findJSONValueIssue(null, { object: true })?.message).toBe('Expected a JSON object, got null');
  });

  it('describes kinds for messages', () => {
    expect([null, undefined, [], 'x', 1, Number.NaN, {}].map(describeJSONKind)).toEqual([
      'null',
      'undefined',
      'an array',
      'a string',
      'a number',
      'NaN',
      'an object',
    ]);
  });

  it('caps the visits of a shared object within the quick pass (2^40 paths, few objects)', () => {
    let shared: unknown = 'x';
    for (let level = 0; level < 40; level++) shared = { left: shared, right: shared };
    expect(findJSONValueIssue(shared)).toBeUndefined();
    expect(findJSONValueIssue({ a: [shared, Number.NaN] })).toEqual({
      path: ['a', 1],
      message: 'Expected a JSON value, got NaN',
    });
  });

  it('answers for a shallow value as the full walk does for it nested deeper', () => {
    // Past 64 levels only the full walk runs: the same value under 70 arrays must get the same
    // answer, its path under 70 zeros.
    const exotic = fc.oneof(
      fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, 1n, new Date(0), () => 1),
      fc.constant(Object.create(null)),
      fc.constant(Object.create({ injected: true })),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue({ maxDepth: 2 }),
        exotic,
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    const under70 = (inner: unknown): unknown => {
      let wrapped = inner;
      for (let level = 0; level < 70; level++) wrapped = [wrapped];
      return wrapped;
    };
    fc.assert(
      fc.property(value, (candidate) => {
        const deep = findJSONValueIssue(under70(candidate), { maxDepth: Number.POSITIVE_INFINITY });
        const issue = findJSONValueIssue(candidate, { maxDepth: Number.POSITIVE_INFINITY });
        if (deep === undefined) expect(issue).toBeUndefined();
        else expect(issue).toEqual({ path: deep.path.slice(70), message: deep.message });
      }),
      { numRuns: 300 },
    );
  });
});
