import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { SchemaConversionError } from '../errors/schema-conversion-error';
import { defineTool } from './define-tool';

const context = { toolCallId: 'c1', signal: new AbortController().signal, messages: [] };

describe('defineTool', () => {
  it('turns a zod 4 schema into a non-empty, correct JSON Schema', () => {
    const tool = defineTool({
      name: 'get_weather',
      description: 'Current weather for a city.',
      input: z.object({
        city: z.string().describe('City name'),
        unit: z.enum(['celsius', 'fahrenheit']).optional(),
        days: z.number().int().min(1).max(7).default(1),
      }),
      execute: ({ city }) => city,
    });
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 1 },
      },
      required: ['city'],
      additionalProperties: false,
    });
  });

  it('turns a zod 3 (zod/v3) schema into a non-empty, correct JSON Schema', () => {
    const tool = defineTool({
      name: 'get_weather',
      description: 'Current weather for a city.',
      input: z3.object({
        city: z3.string().describe('City name'),
        unit: z3.enum(['celsius', 'fahrenheit']).optional(),
      }),
      execute: ({ city }) => city,
    });
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
      additionalProperties: false,
    });
  });

  it('does not fall into the zod-to-json-schema trap with zod 4 schemas', () => {
    const schema = z.object({ city: z.string() });
    // What the trap looks like: the v3 converter silently loses every property of a zod 4 schema.
    expect(zodToJsonSchema(schema as never)).not.toHaveProperty('properties.city');
    const tool = defineTool({ name: 't', description: '', input: schema, execute: () => 'ok' });
    expect(tool.inputSchema).toHaveProperty('properties.city', { type: 'string' });
  });

  it('raises a clear error when a declared property is lost in conversion', () => {
    const input = z3.object({ city: z3.string(), callback: z3.function() });
    expect(() => defineTool({ name: 'lossy', description: '', input, execute: () => 'x' })).toThrowError(
      /Expected the JSON Schema of tool "lossy" to declare \[city, callback\], but it lacks \[callback\]/,
    );
    try {
      defineTool({ name: 'lossy', description: '', input, execute: () => 'x' });
    } catch (error) {
      expect(SchemaConversionError.isInstance(error)).toBe(true);
    }
  });

  it('rejects a non-object input schema and a non-zod input', () => {
    expect(() => defineTool({ name: 't', description: '', input: z.string(), execute: () => 'x' })).toThrowError(
      /Expected the input of tool "t" to be a zod object schema, got JSON Schema type "string"/,
    );
    expect(() => defineTool({ name: 't', description: '', input: {} as never, execute: () => 'x' })).toThrowError(
      /to be a zod schema \(zod 3 or zod 4\)/,
    );
  });

  it('rejects names providers would refuse', () => {
    expect(() =>
      defineTool({ name: 'get weather', description: '', input: z.object({}), execute: () => 'x' }),
    ).toThrowError(/Expected a tool name of 1-64 characters/);
  });

  it('validates arguments with the zod schema and names the bad field', async () => {
    const tool = defineTool({
      name: 'add',
      description: 'Adds.',
      input: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => a + b,
    });
    expect(tool.validate?.({ a: 1, b: 2 })).toEqual({ success: true, value: { a: 1, b: 2 } });
    const bad = tool.validate?.({ a: 1, b: 'two' });
    expect(bad?.success).toBe(false);
    expect(bad?.success === false && bad.error).toMatch(/^args\.b: .*expected number/i);
    expect(await tool.execute({ a: 2, b: 3 }, context)).toBe(5);
  });

  it('validates with zod 3 schemas too', () => {
    const tool = defineTool({
      name: 'f',
      description: '',
      input: z3.object({ n: z3.number() }),
      execute: ({ n }) => n,
    });
    const bad = tool.validate?.({ n: 'x' });
    expect(bad?.success === false && bad.error).toMatch(/^args\.n: Expected number, received string/);
  });

  it('types execute input from the schema', () => {
    defineTool({
      name: 'typed',
      description: '',
      input: z.object({ city: z.string(), days: z.number().optional() }),
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string; days?: number | undefined }>();
        return input.city;
      },
    });
  });

  it('accepts plain JSON-Schema tools, which carry no zod validator', () => {
    const tool = defineTool<{ city: string }>({
      name: 'plain',
      description: 'Plain JSON Schema.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      execute: ({ city }) => city.toUpperCase(),
    });
    expect(tool.validate).toBeUndefined();
    expect(tool.inputSchema).toEqual({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
    expect(() =>
      defineTool({ name: 'bad', description: '', inputSchema: { type: 'string' }, execute: () => 'x' }),
    ).toThrowError(/inputSchema of tool "bad" to have type "object", got "string"/);
  });
});
