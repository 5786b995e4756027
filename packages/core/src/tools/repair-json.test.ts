import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../json/max-json-depth';
import { repairJson } from './repair-json';

describe('repairJson', () => {
  it('repairs what models get wrong', () => {
    expect(repairJson("{'city':'Paris'}")).toEqual({ city: 'Paris' });
    expect(repairJson('{"city": "Paris", "days": 3,}')).toEqual({ city: 'Paris', days: 3 });
    expect(repairJson('{city: "Paris"}')).toEqual({ city: 'Paris' });
    expect(repairJson('```json\n{"city": "Paris"}\n```')).toEqual({ city: 'Paris' });
    expect(repairJson('{"ok": True, "none": None}')).toEqual({ ok: true, none: null });
    expect(repairJson('{"city": "Par')).toEqual({ city: 'Par' });
    expect(repairJson('[1, 2,')).toEqual([1, 2]);
  });

  it('gives up on text that is not JSON at all', () => {
    expect(repairJson('')).toBeUndefined();
    expect(repairJson('   ')).toBeUndefined();
    expect(repairJson('not json at all')).toBeUndefined();
  });

  it('keeps own __proto__ keys as keys', () => {
    const value = repairJson("{'__proto__': {'polluted': 1}}") as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than MAX_JSON_DEPTH without overflowing the stack', () => {
    expect(repairJson('['.repeat(MAX_JSON_DEPTH + 1))).toBeUndefined();
    expect(repairJson('{"a":'.repeat(200_000))).toBeUndefined();
  });

  it('never throws on any text (fuzz, seeded)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        repairJson(text);
      }),
      { seed: 19, numRuns: 2000 },
    );
  });
});
