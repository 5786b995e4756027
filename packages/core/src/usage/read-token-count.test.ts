import { describe, expect, it } from 'vitest';
import type { Warning } from '../ir/warning';
import { readTokenCount, readTokenCounts, sumTokenCounts } from './read-token-count';

describe('token counts from the wire', () => {
  it('keeps non-negative safe integers and drops everything else with a warning', () => {
    const warnings: Warning[] = [];
    const read = (value: unknown) => readTokenCount(value, 'usage.input_tokens', warnings);
    expect([0, 12, Number.MAX_SAFE_INTEGER, undefined, null].map(read)).toEqual([
      0,
      12,
      Number.MAX_SAFE_INTEGER,
      undefined,
      undefined,
    ]);
    expect(warnings).toEqual([]);
    expect([1e308, -5, 1.5, Number.NaN, '12', {}].map(read)).toEqual(new Array(6).fill(undefined));
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Expected usage.input_tokens to be a non-negative integer token count, got 1e+308; it was left out.',
      'Expected usage.input_tokens to be a non-negative integer token count, got -5; it was left out.',
      'Expected usage.input_tokens to be a non-negative integer token count, got 1.5; it was left out.',
      'Expected usage.input_tokens to be a non-negative integer token count, got NaN; it was left out.',
      'Expected usage.input_tokens to be a non-negative integer token count, got "12"; it was left out.',
      'Expected usage.input_tokens to be a non-negative integer token count, got an object; it was left out.',
    ]);
    expect(warnings.every((warning) => warning.type === 'other' && warning.feature === 'usage.input_tokens')).toBe(
      true,
    );
  });

  it('reads dotted fields, and warns once for a usage that is not an object', () => {
    const warnings: Warning[] = [];
    expect(
      readTokenCounts(
        { prompt_tokens: 5, completion_tokens: -1, details: { cached: 2 } },
        ['prompt_tokens', 'completion_tokens', 'details.cached', 'details.missing', 'absent.deeper'],
        warnings,
      ),
    ).toEqual({ prompt_tokens: 5, 'details.cached': 2 });
    expect(warnings.map((warning) => warning.feature)).toEqual(['usage.completion_tokens']);
    const more: Warning[] = [];
    expect(readTokenCounts('lots', ['a', 'b'], more)).toEqual({});
    expect(more).toEqual([
      {
        type: 'other',
        feature: 'usage',
        message: 'Expected usage to be an object of token counts, got a string; it was left out.',
      },
    ]);
  });

  it('names the object on the way that is not one, once, and reads the root the caller names', () => {
    const warnings: Warning[] = [];
    expect(
      readTokenCounts(
        { input: 3, details: [1], meta: { deep: 'x' } },
        ['input', 'details.cached', 'details.written', 'meta.deep.count', 'meta.deep.other'],
        warnings,
        'usageMetadata',
      ),
    ).toEqual({ input: 3 });
    expect(warnings.map((warning) => warning.feature)).toEqual(['usageMetadata.details', 'usageMetadata.meta.deep']);
    expect(warnings[1]?.message).toBe(
      'Expected usageMetadata.meta.deep to be an object of token counts, got a string; it was left out.',
    );
  });

  it('sums counts, and refuses a sum past the safe range', () => {
    const warnings: Warning[] = [];
    expect(sumTokenCounts([1, undefined, 2], 'usage.input_tokens', warnings)).toBe(3);
    expect(sumTokenCounts([Number.MAX_SAFE_INTEGER, 1], 'usage.input_tokens', warnings)).toBe(0);
    expect(warnings).toHaveLength(1);
  });
});
