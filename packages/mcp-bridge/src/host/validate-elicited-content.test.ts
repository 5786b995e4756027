import { describe, expect, it } from 'vitest';
import { validateElicitedContent } from './validate-elicited-content';

const schema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, minLength: 2 },
    age: { type: 'integer' as const, minimum: 0, maximum: 150 },
    agree: { type: 'boolean' as const },
    pet: {
      type: 'string' as const,
      oneOf: [
        { const: 'cat', title: 'Cat' },
        { const: 'dog', title: 'Dog' },
      ],
    },
    tools: { type: 'array' as const, items: { type: 'string' as const, enum: ['a', 'b'] }, maxItems: 1 },
  },
  required: ['name'],
};

describe('validateElicitedContent', () => {
  it('accepts content that fits the form', () => {
    expect(validateElicitedContent(schema, { name: 'Ada', age: 36, agree: true, pet: 'cat', tools: ['a'] })).toEqual(
      [],
    );
  });

  it('names every problem: missing, unknown, wrong type, out of range, not an option, too many items', () => {
    expect(
      validateElicitedContent(schema, { age: 3.5, agree: 'yes', pet: 'fish', tools: ['a', 'b'], extra: 1 }),
    ).toEqual([
      '`name` is required',
      '`age` must be a whole number',
      '`agree` must be true or false',
      '`pet` must be one of cat, dog',
      '`tools` takes at most 1 items',
      '`extra` is not a field of the form',
    ]);
    expect(validateElicitedContent(schema, { name: 'A', __proto__: 'x' })).toContain(
      '`name` needs at least 2 characters',
    );
  });
});
