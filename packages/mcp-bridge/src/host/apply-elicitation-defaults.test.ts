import { describe, expect, it } from 'vitest';
import { applyElicitationDefaults } from './apply-elicitation-defaults';

describe('applyElicitationDefaults', () => {
  const schema = {
    type: 'object' as const,
    properties: {
      name: { type: 'string' as const, default: 'Ada' },
      age: { type: 'integer' as const, default: 30 },
      score: { type: 'number' as const, default: 95.5 },
      active: { type: 'boolean' as const, default: true },
      tags: { type: 'array' as const, items: { type: 'string' as const, enum: ['a', 'b'] }, default: ['a'] },
      plain: { type: 'string' as const },
    },
  };

  it('fills every omitted field that has a default, and only those', () => {
    expect(applyElicitationDefaults(schema, {})).toEqual({
      name: 'Ada',
      age: 30,
      score: 95.5,
      active: true,
      tags: ['a'],
    });
  });

  it("keeps the user's answers, including false, 0 and empty strings", () => {
    expect(applyElicitationDefaults(schema, { name: '', age: 0, active: false, tags: [] })).toEqual({
      name: '',
      age: 0,
      score: 95.5,
      active: false,
      tags: [],
    });
  });

  it('ignores defaults that are not form values, and never touches the prototype', () => {
    const odd = {
      type: 'object' as const,
      properties: {
        nested: { type: 'string' as const, default: { not: 'a value' } },
        ['__proto__']: { type: 'string' as const, default: 'x' },
      },
    } as unknown as typeof schema;
    const filled = applyElicitationDefaults(odd, {});
    expect(Object.hasOwn(filled, 'nested')).toBe(false);
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
