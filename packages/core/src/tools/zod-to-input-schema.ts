import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { SchemaConversionError } from '../errors/schema-conversion-error';
import type { JSONObject } from '../ir/json-value';
import type { JSONSchema } from '../ir/tool';

/** A zod 4 schema (classic or mini): it carries `_zod`. */
export type Zod4Schema = { _zod: { output: unknown; input: unknown } };
/** A zod 3 schema (`zod@3` or `zod/v3`): it carries `_def` and `safeParse`, no `_zod`. */
export type Zod3Schema = { _def: unknown; _output: unknown; safeParse(value: unknown): unknown };
/** Any zod schema Interlingua accepts. */
export type AnyZodSchema = Zod4Schema | Zod3Schema;

/** The output type of a zod 3 or zod 4 schema. */
export type InferZod<S> = S extends { _zod: { output: infer O } } ? O : S extends { _output: infer O } ? O : never;

/** True for zod 4 schemas (which `zod-to-json-schema` would silently turn into `{}`). */
export function isZod4Schema(schema: unknown): schema is Zod4Schema {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** True for zod 3 schemas, including those from `zod/v3`. */
export function isZod3Schema(schema: unknown): schema is Zod3Schema {
  return typeof schema === 'object' && schema !== null && '_def' in schema && !('_zod' in schema);
}

/**
 * Converts a zod 3 or zod 4 object schema into the JSON Schema a provider receives
 * (draft-07 flavoured, no `$schema`, references inlined where the converter allows). Both give
 * closed objects: `additionalProperties: false` on every object that does not accept unknown
 * keys (zod's default strips them), as OpenAI's strict mode requires and the AI SDK sends.
 * Throws {@link SchemaConversionError} for a non-object schema, or when a schema that
 * declares properties converts to one with none: that would ship a tool the model
 * cannot call correctly.
 */
export function zodToInputSchema(schema: unknown, toolName: string): JSONSchema {
  let json: JSONObject;
  let declared: string[];
  if (isZod4Schema(schema)) {
    json = z.toJSONSchema(schema as unknown as z.ZodType, {
      target: 'draft-7',
      io: 'input',
      unrepresentable: 'any',
      // Closed objects, as zod 3's converter and the AI SDK give them (docs/decisions/007-closed-tool-objects.md): zod 4
      // leaves `additionalProperties` out of input schemas for a plain `z.object`, which strips
      // unknown keys anyway. `z.looseObject` (a catchall) stays open.
      override: ({ zodSchema, jsonSchema }) => {
        const def = (zodSchema as unknown as { _zod: { def: { type?: string; catchall?: unknown } } })._zod.def;
        if (def.type === 'object' && def.catchall === undefined && jsonSchema.additionalProperties === undefined) {
          jsonSchema.additionalProperties = false;
        }
      },
    }) as JSONObject;
    const def = (schema as unknown as { _zod: { def: { type?: string; shape?: Record<string, unknown> } } })._zod.def;
    declared = def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
  } else if (isZod3Schema(schema)) {
    json = zodToJsonSchema(schema as never, { target: 'jsonSchema7', $refStrategy: 'none' }) as JSONObject;
    const shape = (schema as { shape?: unknown }).shape;
    declared = typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
  } else {
    throw new SchemaConversionError({
      message: `Expected the input of tool "${toolName}" to be a zod schema (zod 3 or zod 4), got ${describe(schema)}.`,
    });
  }
  delete json.$schema;
  if (json.type !== 'object') {
    throw new SchemaConversionError({
      message: `Expected the input of tool "${toolName}" to be a zod object schema, got JSON Schema type ${JSON.stringify(json.type ?? 'none')}.`,
    });
  }
  const properties = json.properties;
  const converted = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  const missing = declared.filter((key) => !converted.includes(key));
  if (missing.length > 0) {
    throw new SchemaConversionError({
      message: `Expected the JSON Schema of tool "${toolName}" to declare [${declared.join(', ')}], but it lacks [${missing.join(', ')}]: the schema converter lost them.`,
    });
  }
  return json;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return `an object with keys [${Object.keys(value).slice(0, 5).join(', ')}]`;
}
