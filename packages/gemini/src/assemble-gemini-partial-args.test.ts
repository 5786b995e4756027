import { describe, expect, it } from 'vitest';
import { PartialArgsAssembler } from './assemble-gemini-partial-args';

describe('PartialArgsAssembler', () => {
  it('appends a string piece to the one before it at the same path when that one said willContinue', () => {
    const args = new PartialArgsAssembler(undefined);
    expect(args.add([{ jsonPath: '$.note', stringValue: 'Bring a rain ', willContinue: true }])).toBeUndefined();
    expect(args.add([{ jsonPath: '$.note', stringValue: 'jacket' }])).toBeUndefined();
    // Without willContinue, the next piece at that path replaces the value.
    expect(args.add([{ jsonPath: '$.note', stringValue: 'Umbrella' }])).toBeUndefined();
    expect(args.add([{ jsonPath: '$.title', stringValue: '北京' }])).toBeUndefined();
    expect(args.args).toEqual({ note: 'Umbrella', title: '北京' });
  });

  it('builds nested objects and arrays from the paths, with every value kind', () => {
    const args = new PartialArgsAssembler({ kept: 'yes' });
    const problem = args.add([
      { jsonPath: '$.recipe.ingredients[0].name', stringValue: 'San ', willContinue: true },
      { jsonPath: '$.recipe.ingredients[0].name', stringValue: 'Marzano' },
      { jsonPath: '$.recipe.ingredients[1]', numberValue: 2.5 },
      { jsonPath: "$['recipe']['vegan']", boolValue: true },
      { jsonPath: '$["recipe"]["note"]', nullValue: null },
      { jsonPath: "$['it\\'s']", nullValue: 'NULL_VALUE' },
    ]);
    expect(problem).toBeUndefined();
    expect(args.args).toEqual({
      kept: 'yes',
      recipe: { ingredients: [{ name: 'San Marzano' }, 2.5], vegan: true, note: null },
      "it's": null,
    });
  });

  it('keeps __proto__ and constructor as plain keys', () => {
    const args = new PartialArgsAssembler(undefined);
    expect(args.add([{ jsonPath: "$['__proto__'].polluted", boolValue: true }])).toBeUndefined();
    expect(args.add([{ jsonPath: '$.constructor', stringValue: 'x' }])).toBeUndefined();
    expect(Object.getPrototypeOf(args.args)).toBe(Object.prototype);
    expect(Object.keys(args.args)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says what is wrong with a piece, naming its index and path', () => {
    const cases: [Parameters<PartialArgsAssembler['add']>[0], RegExp][] = [
      [[{ jsonPath: 'note', stringValue: 'x' }], /^partialArgs\[0\]: .*"note".*does not start with \$/],
      [[{ jsonPath: '$', stringValue: 'x' }], /names the arguments themselves/],
      [[{ jsonPath: '$.items[*]', stringValue: 'x' }], /index at 7 that is not a non-negative integer/],
      [[{ jsonPath: '$..name', stringValue: 'x' }], /no member name/],
      [[{ jsonPath: "$['open", stringValue: 'x' }], /unclosed name/],
      [[{ jsonPath: '$.items[2]', stringValue: 'x' }], /fill the array in order \(index 2, the array has 0 item/],
      [[{ jsonPath: '$.note' }], /Expected one of stringValue, numberValue, boolValue or nullValue for "\$\.note"/],
      [
        [
          { jsonPath: '$.note', stringValue: 'text' },
          { jsonPath: '$.note.more', stringValue: 'x' },
        ],
        /^partialArgs\[1\]: .*go through an object at segment 1, got a string/,
      ],
    ];
    for (const [pieces, message] of cases) {
      expect(new PartialArgsAssembler(undefined).add(pieces)).toMatch(message);
    }
  });

  it('refuses a path deeper than the JSON depth bound instead of building it', () => {
    const deep = `$${'.a'.repeat(1_000)}`;
    expect(new PartialArgsAssembler(undefined).add([{ jsonPath: deep, boolValue: true }])).toMatch(
      /more than 999 segments/,
    );
  });
});
