import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../json/max-json-depth';
import { repairJsonText } from './repair-json-text';

describe('repairJsonText', () => {
  it('repairs what models get wrong', () => {
    expect(repairJsonText("{'city':'Paris'}")).toEqual({ city: 'Paris' });
    expect(repairJsonText('{"city": "Paris", "days": 3,}')).toEqual({ city: 'Paris', days: 3 });
    expect(repairJsonText('{city: "Paris"}')).toEqual({ city: 'Paris' });
    expect(repairJsonText('```json\n{"city": "Paris"}\n```')).toEqual({ city: 'Paris' });
    expect(repairJsonText('{"ok": True, "none": None}')).toEqual({ ok: true, none: null });
    expect(repairJsonText('{"city": "Par')).toEqual({ city: 'Par' });
    expect(repairJsonText('[1, 2,')).toEqual([1, 2]);
  });

  it('gives up on text that is not JSON at all', () => {
    expect(repairJsonText('')).toBeUndefined();
    expect(repairJsonText('   ')).toBeUndefined();
    expect(repairJsonText('not json at all')).toBeUndefined();
  });

  it('keeps own __proto__ keys as keys', () => {
    const value = repairJsonText("{'__proto__': {'polluted': 1}}") as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than MAX_JSON_DEPTH without overflowing the stack', () => {
    expect(repairJsonText('['.repeat(MAX_JSON_DEPTH + 1))).toBeUndefined();
    expect(repairJsonText('{"a":'.repeat(200_000))).toBeUndefined();
  });

  it('never throws on any text (fuzz, seeded)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        repairJsonText(text);
      }),
      { seed: 19, numRuns: 2000 },
    );
  });
});
