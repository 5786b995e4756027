import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../json/max-json-depth';
import { parseToolArguments } from './parse-tool-arguments';

describe('parseToolArguments', () => {
  it('parses a JSON object, unicode and escaped quotes included', () => {
    expect(parseToolArguments('{"city":"北京","note":"say \\"hi\\"","emoji":"\\ud83d\\ude00"}')).toEqual({
      args: { city: '北京', note: 'say "hi"', emoji: '😀' },
    });
  });

  it('treats empty and blank text as no arguments', () => {
    expect(parseToolArguments('')).toEqual({ args: {} });
    expect(parseToolArguments('  \n')).toEqual({ args: {} });
  });

  it('keeps the raw text and a reason for truncated JSON, without throwing', () => {
    const text = '{"city": "Par';
    const result = parseToolArguments(text);
    expect(result.args).toEqual({});
    expect(result.argsText).toBe(text);
    expect(result.argsError).toMatch(/^Expected the arguments to be a JSON object, but they do not parse: /);
  });

  it.each([
    ['[1,2]', 'an array'],
    ['"text"', 'a string'],
    ['42', 'a number'],
    ['null', 'null'],
    ['true', 'a boolean'],
  ])('rejects non-object JSON %s as %s', (text, got) => {
    expect(parseToolArguments(text)).toEqual({
      args: {},
      argsText: text,
      argsError: `Expected the arguments to be a JSON object, got ${got}.`,
    });
  });

  it('gives the same reason on every Node version (V8 12 adds a line and column to JSON.parse messages)', () => {
    expect(parseToolArguments('{\n"city":\n"北').argsError).toBe(
      'Expected the arguments to be a JSON object, but they do not parse: Unterminated string in JSON at position 12',
    );
    expect(parseToolArguments('{"city":"北京",}').argsError).toBe(
      'Expected the arguments to be a JSON object, but they do not parse: Expected double-quoted property name in JSON at position 13',
    );
  });

  it('takes arguments nested MAX_JSON_DEPTH levels and rejects one level more, naming the path', () => {
    const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    const deepest = parseToolArguments(nested(MAX_JSON_DEPTH));
    expect(deepest.argsError).toBeUndefined();
    const tooDeep = parseToolArguments(nested(MAX_JSON_DEPTH + 1));
    expect(tooDeep.args).toEqual({});
    expect(tooDeep.argsText).toBe(nested(MAX_JSON_DEPTH + 1));
    expect(tooDeep.argsError).toMatch(/^Expected the arguments to be a JSON object: arguments\.a\.a\..*deeper/);
    const arrays = `{"a":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`;
    expect(parseToolArguments(arrays).argsError).toMatch(/nested at most 1000 levels/);
  });

  it('rejects a number past the float range, which JSON.parse reads as Infinity, naming its path', () => {
    const result = parseToolArguments('{"ok":[1,2],"list":[0,{"n":-1e999}]}');
    expect(result.args).toEqual({});
    expect(result.argsError).toMatch(/^Expected the arguments to be a JSON object: arguments\.list\[1\]\.n.*-Infinity/);
  });

  it('keeps a "__proto__" key as an own property, without changing a prototype', () => {
    const result = parseToolArguments('{"__proto__":{"polluted":true},"n":1e308}');
    expect(result.argsError).toBeUndefined();
    expect(Object.getPrototypeOf(result.args)).toBe(Object.prototype);
    expect(Object.hasOwn(result.args, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
