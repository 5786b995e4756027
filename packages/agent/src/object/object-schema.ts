import {
  type AnyZodSchema,
  defineTool,
  type InferZod,
  type JSONObject,
  type ToolArgsValidation,
} from '@interlingua/core';
import { repairJsonText } from '@interlingua/core/adapter';
import { validateToolArguments } from '../validate-tool-arguments';

/** What `generateObject`, `streamObject` and `runAgent({ output })` take: a zod 3 or zod 4 object schema, or a JSON Schema object. */
export type ObjectSchema = AnyZodSchema | JSONObject;

/** The object type a schema describes: zod's output type, or `T` (default `unknown`) for JSON Schema. */
export type InferObject<S, T = unknown> = S extends AnyZodSchema ? InferZod<S> : T;

/** A schema ready to use: its JSON Schema and a validator. */
export type PreparedObjectSchema = {
  jsonSchema: JSONObject;
  validate: (value: unknown) => ToolArgsValidation<unknown>;
};

/**
 * Turns a zod 3, zod 4 or JSON Schema object schema into the JSON Schema the model is sent and
 * a validator (zod's own, else JSON Schema validation). The root must be an object schema.
 */
export function prepareObjectSchema(schema: ObjectSchema, name: string): PreparedObjectSchema {
  const tool =
    '_zod' in schema || '_def' in schema
      ? defineTool({ name, description: '', input: schema as AnyZodSchema, execute: () => undefined })
      : defineTool({
          name,
          description: '',
          inputSchema: schema as JSONObject & { type: 'object' },
          execute: () => undefined,
        });
  const validate = tool.validate;
  return {
    jsonSchema: tool.inputSchema,
    validate:
      validate === undefined
        ? (value) => validateToolArguments({ ...tool, execute: () => undefined }, value)
        : (value) => validate(value),
  };
}

/** The outcome of reading an answer as the object. */
export type ParsedObject = { success: true; value: unknown } | { success: false; issues: string[] };

/**
 * Reads a model's answer text as the object: JSON (repaired with `repairJsonText` when it is
 * almost JSON: a code fence, single quotes, a trailing comma; not with `repair: false`), then
 * validated. Never throws.
 */
export function parseObjectText(
  text: string,
  schema: PreparedObjectSchema,
  options: { repair?: boolean } = {},
): ParsedObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Text cut off at the token limit is not repaired: completing it would invent the rest.
    value = options.repair === false ? undefined : repairJsonText(text);
    if (value === undefined) {
      const reason = error instanceof Error ? error.message : String(error);
      return { success: false, issues: [`The answer is not JSON: ${reason}`] };
    }
  }
  const checked = schema.validate(value);
  if (checked.success) return { success: true, value: checked.value };
  return { success: false, issues: checked.error.split('; ').map((issue) => issue.replace(/^args\b/, 'object')) };
}
