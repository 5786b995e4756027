import { readFileSync } from 'node:fs';
import { type JSONObject, type JSONSchema, SchemaConversionError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { lowerJsonSchemaForGemini } from './lower-json-schema-for-gemini';

type DumpedServer = { package: string; tools: { name: string; description: string; inputSchema: JSONSchema }[] };
const dump = JSON.parse(
  readFileSync(new URL('./__fixtures__/schemas/mcp-tools.json', import.meta.url), 'utf8'),
) as Record<string, DumpedServer>;

// Keywords Gemini's Schema accepts (https://ai.google.dev/api/caching#Schema) as we emit them.
const ALLOWED = new Set([
  'type',
  'format',
  'description',
  'title',
  'nullable',
  'enum',
  'items',
  'properties',
  'required',
  'anyOf',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);

function keywordsOf(schema: unknown, out: string[] = []): string[] {
  if (typeof schema !== 'object' || schema === null) return out;
  for (const [key, value] of Object.entries(schema)) {
    out.push(key);
    if (key === 'properties') for (const property of Object.values(value as object)) keywordsOf(property, out);
    else if (key === 'items') keywordsOf(value, out);
    else if (key === 'anyOf') for (const branch of value as unknown[]) keywordsOf(branch, out);
  }
  return out;
}

const lower = (schema: JSONSchema, toolName = 't') => lowerJsonSchemaForGemini(schema, { toolName });

describe('lowerJsonSchemaForGemini on real MCP server schemas', () => {
  const cases = Object.values(dump).flatMap((server) =>
    server.tools.map((tool) => ({ server: server.package, ...tool })),
  );

  it('has the dumped tools of the three servers', () => {
    expect(Object.keys(dump).sort()).toEqual(['everything', 'filesystem', 'memory']);
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases)('$server $name: lowers to keywords Gemini accepts, reporting each drop', ({ name, inputSchema }) => {
    const { schema, warnings } = lower(inputSchema, name);
    const properties = Object.keys((inputSchema.properties as object | undefined) ?? {});
    if (properties.length === 0) {
      expect(schema).toBeUndefined();
    } else {
      expect(schema?.type).toBe('object');
      expect(Object.keys(schema?.properties as object)).toEqual(properties);
      expect(schema?.required).toEqual(inputSchema.required);
      for (const keyword of keywordsOf(schema)) expect(ALLOWED.has(keyword), keyword).toBe(true);
    }
    // MCP servers send draft-07 `$schema`: dropped, and said so.
    expect(warnings).toContainEqual({
      type: 'unsupported',
      feature: 'inputSchema.$schema',
      message: `Tool "${name}": Gemini does not accept this keyword in function parameters; dropped "$schema" at the schema root.`,
    });
    for (const warning of warnings) expect(warning.message).toContain(`Tool "${name}"`);
  });

  it('drops default, unsupported formats and additionalProperties with one warning each', () => {
    const tool = dump.everything?.tools.find((candidate) => candidate.name === 'gzip-file-as-resource');
    expect(tool).toBeDefined();
    const { schema, warnings } = lower(tool?.inputSchema as JSONSchema, 'gzip-file-as-resource');
    const data = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.data;
    expect(data).toEqual({ type: 'string', description: 'URL or data URI of the file content to compress' });
    expect(warnings.map((warning) => warning.feature)).toEqual(
      expect.arrayContaining(['inputSchema.properties.data.default', 'inputSchema.properties.data.format']),
    );
  });

  it('keeps a property named "pattern" (search_files) while dropping the keyword elsewhere', () => {
    const tool = dump.filesystem?.tools.find((candidate) => candidate.name === 'search_files');
    const { schema, warnings } = lower(tool?.inputSchema as JSONSchema, 'search_files');
    expect((schema?.properties as Record<string, unknown> | undefined)?.pattern).toEqual({ type: 'string' });
    expect(warnings.some((warning) => warning.feature.endsWith('.pattern'))).toBe(false);
  });

  it('keeps enums, minimum and maximum of server-everything', () => {
    const tool = dump.everything?.tools.find((candidate) => candidate.name === 'get-resource-links');
    const { schema } = lower(tool?.inputSchema as JSONSchema, 'get-resource-links');
    expect((schema?.properties as Record<string, unknown> | undefined)?.count).toEqual({
      type: 'number',
      description: 'Number of resource links to return (1-10)',
      minimum: 1,
      maximum: 10,
    });
  });
});

describe('lowerJsonSchemaForGemini rules', () => {
  const table: { name: string; input: JSONSchema; output: unknown; dropped?: string[] }[] = [
    {
      name: 'inlines local $ref / $defs',
      input: {
        type: 'object',
        $defs: { city: { type: 'string', description: 'A city' } },
        properties: { from: { $ref: '#/$defs/city' }, to: { $ref: '#/$defs/city', description: 'Destination' } },
        required: ['from', 'to'],
      },
      output: {
        type: 'object',
        properties: {
          from: { type: 'string', description: 'A city' },
          to: { type: 'string', description: 'Destination' },
        },
        required: ['from', 'to'],
      },
    },
    {
      name: 'inlines draft-07 definitions',
      input: {
        type: 'object',
        definitions: { unit: { type: 'string', enum: ['c', 'f'] } },
        properties: { unit: { $ref: '#/definitions/unit' } },
      },
      output: { type: 'object', properties: { unit: { type: 'string', enum: ['c', 'f'], format: 'enum' } } },
    },
    {
      name: "type: [x, 'null'] → nullable",
      input: { type: 'object', properties: { note: { type: ['string', 'null'] } } },
      output: { type: 'object', properties: { note: { type: 'string', nullable: true } } },
    },
    {
      name: 'anyOf with a null branch → nullable (zod .nullable())',
      input: { type: 'object', properties: { n: { anyOf: [{ type: 'number' }, { type: 'null' }] } } },
      output: { type: 'object', properties: { n: { type: 'number', nullable: true } } },
    },
    {
      name: 'anyOf of several types stays anyOf',
      input: {
        type: 'object',
        properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] } },
      },
      output: {
        type: 'object',
        properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }], nullable: true } },
      },
    },
    {
      name: 'const → one-value enum',
      input: { type: 'object', properties: { kind: { const: 'circle' } } },
      output: { type: 'object', properties: { kind: { type: 'string', enum: ['circle'], format: 'enum' } } },
    },
    {
      name: 'allOf of objects is merged',
      input: {
        type: 'object',
        properties: {
          p: {
            allOf: [
              { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] },
            ],
          },
        },
      },
      output: {
        type: 'object',
        properties: {
          p: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a', 'b'] },
        },
      },
    },
    {
      name: 'drops $schema, additionalProperties, default, examples, pattern, unsupported format',
      input: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        additionalProperties: false,
        properties: {
          email: { type: 'string', format: 'email', pattern: '^.+@.+$', default: 'a@b.c', examples: ['x@y.z'] },
          when: { type: 'string', format: 'date-time' },
        },
      },
      output: {
        type: 'object',
        properties: { email: { type: 'string' }, when: { type: 'string', format: 'date-time' } },
      },
      dropped: [
        'inputSchema.$schema',
        'inputSchema.additionalProperties',
        'inputSchema.properties.email.format',
        'inputSchema.properties.email.pattern',
        'inputSchema.properties.email.default',
        'inputSchema.properties.email.examples',
      ],
    },
  ];

  it.each(table)('$name', ({ input, output, dropped }) => {
    const { schema, warnings } = lower(input);
    expect(schema).toEqual(output);
    if (dropped !== undefined) expect(warnings.map((warning) => warning.feature).sort()).toEqual([...dropped].sort());
  });

  it('keeps properties and items on the branch of their type when type lists several', () => {
    const { schema } = lower({
      type: 'object',
      properties: {
        v: {
          type: ['object', 'array', 'null'],
          properties: { a: { type: 'string' } },
          required: ['a'],
          items: { type: 'number' },
        },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        v: {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { type: 'array', items: { type: 'number' } },
          ],
          nullable: true,
        },
      },
    });
  });

  it('drops required names that are not properties, which Gemini rejects', () => {
    const { schema, warnings } = lower({
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'object', required: ['type'] } } },
      required: ['list', 'ghost'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'object' } } },
      required: ['list'],
    });
    expect(warnings.map((warning) => [warning.type, warning.feature])).toEqual([
      ['degraded', 'inputSchema.properties.list.items.required'],
      ['degraded', 'inputSchema.required'],
    ]);
  });

  it('reports oneOf as degraded, not dropped', () => {
    const { schema, warnings } = lower({
      type: 'object',
      properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
    });
    expect(schema).toEqual({ type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] } } });
    expect(warnings).toEqual([
      {
        type: 'degraded',
        feature: 'inputSchema.properties.v.oneOf',
        message: 'Tool "t": sent "oneOf" as "anyOf" (Gemini cannot require exactly one branch) at properties.v.',
      },
    ]);
  });

  it('throws a clear SchemaConversionError on a recursive schema', () => {
    const tree: JSONSchema = {
      type: 'object',
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
      properties: { root: { $ref: '#/$defs/node' } },
    };
    expect(() => lower(tree, 'walk_tree')).toThrowError(SchemaConversionError);
    expect(() => lower(tree, 'walk_tree')).toThrowError(
      'Tool "walk_tree": the schema is recursive ($ref "#/$defs/node" at properties.root.properties.children.items refers back to itself); Gemini function parameters cannot express recursion. Expected a finite schema.',
    );
  });

  it('throws on a remote $ref and on a $ref to nothing', () => {
    expect(() => lower({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } })).toThrowError(
      /expected a local \$ref/,
    );
    expect(() => lower({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toThrowError(
      /points at nothing/,
    );
  });

  it('refuses a schema whose $refs expand exponentially or nest past MAX_JSON_DEPTH, instead of hanging', () => {
    // Each definition uses the next one twice: 40 lines that would inline to 2^40 nodes.
    const $defs: JSONObject = { d40: { type: 'string' } };
    for (let index = 0; index < 40; index++) {
      $defs[`d${index}`] = { anyOf: [{ $ref: `#/$defs/d${index + 1}` }, { $ref: `#/$defs/d${index + 1}` }] };
    }
    expect(() => lower({ type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs })).toThrowError(
      /^Tool "t": expected a schema that lowers to at most 100000 nodes nested at most 1000 levels deep, but at .* it has grown past that/,
    );
    // A chain of 1,200 definitions, each holding the next: no recursion, but 1,200 levels once inlined.
    const chain: JSONObject = { c1200: { type: 'string' } };
    for (let index = 0; index < 1200; index++) {
      chain[`c${index}`] = { type: 'object', properties: { next: { $ref: `#/$defs/c${index + 1}` } } };
    }
    expect(() => lower({ type: 'object', properties: { x: { $ref: '#/$defs/c0' } }, $defs: chain })).toThrowError(
      /it nests deeper/,
    );
  });

  it('sends no parameters for a tool without properties, and rejects a non-object root', () => {
    expect(lower({ type: 'object' }).schema).toBeUndefined();
    expect(lower({ type: 'object', properties: {} }).schema).toBeUndefined();
    expect(() => lower({ type: 'string' })).toThrowError(
      'Tool "t": expected the input schema to describe an object, got "string".',
    );
  });
});
