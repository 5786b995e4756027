import { describe, expect, it } from 'vitest';
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
});
