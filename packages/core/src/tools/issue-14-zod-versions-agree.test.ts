// Issue 14, item 13: tools defined with zod 3 and zod 4 reach the wire with the same schema.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { defineTool } from './define-tool';

const execute = () => 'ok';

describe('zod 3 and zod 4 tools', () => {
  it('agree on additionalProperties: false, at the top and in nested objects and arrays of objects', () => {
    const v4 = defineTool({
      name: 'plan',
      description: '',
      input: z.object({
        city: z.string(),
        stops: z.array(z.object({ name: z.string(), nights: z.number() })),
        options: z.object({ rooms: z.number() }).optional(),
      }),
      execute,
    });
    const v3 = defineTool({
      name: 'plan',
      description: '',
      input: z3.object({
        city: z3.string(),
        stops: z3.array(z3.object({ name: z3.string(), nights: z3.number() })),
        options: z3.object({ rooms: z3.number() }).optional(),
      }),
      execute,
    });
    expect(v4.inputSchema).toEqual(v3.inputSchema);
    expect(v4.inputSchema).toMatchObject({
      additionalProperties: false,
      properties: {
        stops: { items: { additionalProperties: false } },
        options: { additionalProperties: false },
      },
    });
  });

  it('an object that accepts unknown keys stays open in both', () => {
    const loose = defineTool({ name: 'a', description: '', input: z.looseObject({ a: z.string() }), execute });
    const passthrough = defineTool({
      name: 'a',
      description: '',
      input: z3.object({ a: z3.string() }).passthrough(),
      execute,
    });
    expect(loose.inputSchema.additionalProperties).not.toBe(false);
    expect(passthrough.inputSchema.additionalProperties).not.toBe(false);
    const strict = defineTool({ name: 'a', description: '', input: z.strictObject({ a: z.string() }), execute });
    expect(strict.inputSchema.additionalProperties).toBe(false);
  });
});
