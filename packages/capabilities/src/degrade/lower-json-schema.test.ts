import type { JSONObject, SchemaCapabilities } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { lowerJsonSchema } from './lower-json-schema';

const none: SchemaCapabilities = {
  ref: false,
  anyOf: false,
  allOf: false,
  oneOf: false,
  formats: false,
  nullable: false,
  additionalProperties: false,
};
const all: SchemaCapabilities = {
  ref: true,
  anyOf: true,
  allOf: true,
  oneOf: true,
  formats: true,
  nullable: true,
  additionalProperties: true,
};

describe('lowerJsonSchema', () => {
  it('leaves a schema alone when the features are supported or unknown', () => {
    const schema = {
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'object' }] } },
      allOf: [],
    };
    expect(lowerJsonSchema(schema, all, 'tools[0].inputSchema')).toEqual({ schema, warnings: [] });
    const unknown = Object.fromEntries(Object.keys(all).map((key) => [key, 'unknown'])) as SchemaCapabilities;
    expect(lowerJsonSchema(schema, unknown, 'tools[0].inputSchema').warnings).toEqual([]);
  });

  it('hands back the schema itself, unwalked, when the model lacks no feature (nothing to copy)', () => {
    const schema = { type: 'object', properties: { when: { type: 'string', format: 'date' } } };
    expect(lowerJsonSchema(schema, all, 'f').schema).toBe(schema);
    expect(lowerJsonSchema(schema, { ...all, ref: 'unknown' }, 'f').schema).toBe(schema);
    // One missing feature (even one the schema does not use) walks it: a fresh copy comes back.
    const lowered = lowerJsonSchema(schema, { ...all, nullable: false }, 'f');
    expect(lowered).toEqual({ schema, warnings: [] });
    expect(lowered.schema).not.toBe(schema);
  });

  it('inlines local references (definitions and $defs) and cuts recursive ones', () => {
    const schema = {
      type: 'object',
      properties: {
        owner: { $ref: '#/definitions/person', description: 'Who owns it' },
        tree: { $ref: '#/$defs/node' },
      },
      definitions: { person: { type: 'object', properties: { name: { type: 'string' } } } },
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
    };
    const { schema: lowered, warnings } = lowerJsonSchema(schema, { ...all, ref: false }, 'tools[0].inputSchema');
    expect(lowered).toEqual({
      type: 'object',
      properties: {
        owner: { type: 'object', properties: { name: { type: 'string' } }, description: 'Who owns it' },
        tree: { type: 'object', properties: { child: { description: '(recursive #/$defs/node)' } } },
      },
    });
    expect(warnings).toEqual([
      {
        type: 'degraded',
        feature: 'tools[0].inputSchema.ref',
        message: expect.stringContaining(
          'tools[0].inputSchema.properties.tree.properties.child: the recursive reference #/$defs/node was cut',
        ),
      },
    ]);
  });

  it('flattens allOf into one object schema', () => {
    const schema = {
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] },
      ],
    };
    const { schema: lowered, warnings } = lowerJsonSchema(schema, { ...all, allOf: false }, 'p');
    expect(lowered).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(warnings).toHaveLength(1);
  });

  it('simplifies anyOf and oneOf where it is safe and says so where it is not', () => {
    const schema = {
      type: 'object',
      properties: {
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'optional text' },
        unit: { oneOf: [{ const: 'c' }, { const: 'f' }] },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        shape: { anyOf: [{ type: 'object', properties: { r: { type: 'number' } } }, { type: 'string' }] },
      },
    };
    const { schema: lowered, warnings } = lowerJsonSchema(schema, { ...all, anyOf: false, oneOf: false }, 'p');
    expect(lowered.properties).toEqual({
      maybe: { type: ['string', 'null'], description: 'optional text' },
      unit: { enum: ['c', 'f'] },
      id: { type: ['string', 'integer'] },
      shape: { anyOf: [{ type: 'object', properties: { r: { type: 'number' } } }, { type: 'string' }] },
    });
    expect(warnings.map((warning) => [warning.type, warning.feature])).toEqual([
      ['degraded', 'p.anyOf'],
      ['degraded', 'p.oneOf'],
      ['unsupported', 'p.anyOf'],
    ]);
  });

  it('moves formats into the description and drops null types and additionalProperties where unsupported', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        when: { type: 'string', format: 'date-time', description: 'Start' },
        note: { type: ['string', 'null'] },
        either: { anyOf: [{ type: 'number' }, { type: 'null' }] },
      },
    };
    const { schema: lowered, warnings } = lowerJsonSchema(schema, none, 'p');
    expect(lowered).toEqual({
      type: 'object',
      properties: {
        when: { type: 'string', description: 'Start (format: date-time)' },
        note: { type: 'string' },
        either: { type: 'number' },
      },
    });
    expect(warnings.map((warning) => warning.feature).sort()).toEqual([
      'p.additionalProperties',
      'p.anyOf',
      'p.formats',
      'p.nullable',
    ]);
    expect(warnings.find((warning) => warning.feature === 'p.anyOf')?.message).toContain('null is no longer accepted');
  });

  it('refuses a schema whose $refs would inline exponentially, instead of hanging', () => {
    const $defs: JSONObject = { d40: { type: 'string' } };
    for (let index = 0; index < 40; index++) {
      $defs[`d${index}`] = {
        type: 'object',
        properties: { a: { $ref: `#/$defs/d${index + 1}` }, b: { $ref: `#/$defs/d${index + 1}` } },
      };
    }
    expect(() =>
      lowerJsonSchema(
        { type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs },
        none,
        'tools[0].inputSchema',
      ),
    ).toThrowError(
      /^Expected tools\[0\]\.inputSchema to lower to at most 100000 schema nodes .* it has grown past that/,
    );
    // A malformed %-escape in a $ref points at nothing (and does not throw a URIError).
    const bad = lowerJsonSchema({ type: 'object', properties: { x: { $ref: '#/$defs/%E0%A4%A' } } }, none, 'f');
    expect(bad.warnings[0]?.message).toMatch(/the reference #\/\$defs\/%E0%A4%A is not local and was left as is/);
  });

  it('keeps a property named __proto__ when flattening allOf', () => {
    const schema = JSON.parse(
      '{"allOf":[{"type":"object","__proto__":{"x":1}},{"properties":{"a":{}}}]}',
    ) as JSONObject;
    const { schema: lowered } = lowerJsonSchema(schema, none, 'f');
    expect(Object.getPrototypeOf(lowered)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(lowered, '__proto__')?.value).toEqual({ x: 1 });
  });
});
