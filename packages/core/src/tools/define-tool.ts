import { z } from 'zod';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { JSONSchema } from '../ir/tool';
import { formatSchemaIssues, type SchemaIssue } from '../schemas/format-schema-issues';
import type { ExecutableTool, ToolArgsValidation, ToolExecutionContext } from './executable-tool';
import type { NeedsApproval } from './needs-approval';
import { type AnyZodSchema, type InferZod, isZod4Schema, zodToInputSchema } from './zod-to-input-schema';

/** Settings of a tool whose input is a zod schema. */
export type ZodToolDefinition<S extends AnyZodSchema> = {
  name: string;
  description: string;
  /** A zod 3 or zod 4 object schema; its JSON Schema becomes the tool's `inputSchema`. */
  input: S;
  execute: (input: InferZod<S>, context: ToolExecutionContext) => unknown;
  /** Calls wait for a person's approval: always, never (default), or when the predicate says so. */
  needsApproval?: NeedsApproval<InferZod<S>>;
  /** Offer the tool lazily, found through tool search (see `docs/deferred-tools.md`). */
  deferLoading?: boolean;
};

/** Settings of a tool described by a plain JSON Schema. */
export type JSONSchemaToolDefinition<T> = {
  name: string;
  description: string;
  /** The JSON Schema of the arguments object. */
  inputSchema: JSONSchema;
  execute: (input: T, context: ToolExecutionContext) => unknown;
  /** Calls wait for a person's approval: always, never (default), or when the predicate says so. */
  needsApproval?: NeedsApproval<T>;
  /** Offer the tool lazily, found through tool search (see `docs/deferred-tools.md`). */
  deferLoading?: boolean;
};

const toolNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Builds an executable tool: the IR {@link Tool} data (name, description, JSON Schema)
 * plus a typed executor. With a zod schema, the JSON Schema is derived from it (zod 4 via
 * `z.toJSONSchema`, zod 3 via `zod-to-json-schema`) and `execute` receives validated,
 * typed input. With `inputSchema`, the agent validates against the JSON Schema.
 *
 * @example
 * const weather = defineTool({
 *   name: 'get_weather',
 *   description: 'Current weather for a city.',
 *   input: z.object({ city: z.string() }),
 *   execute: async ({ city }) => `Sunny in ${city}`,
 * });
 */
export function defineTool<S extends AnyZodSchema>(definition: ZodToolDefinition<S>): ExecutableTool<InferZod<S>>;
export function defineTool<T = Record<string, unknown>>(definition: JSONSchemaToolDefinition<T>): ExecutableTool<T>;
export function defineTool(
  definition: ZodToolDefinition<AnyZodSchema> | JSONSchemaToolDefinition<unknown>,
): ExecutableTool<unknown> {
  if (!toolNamePattern.test(definition.name)) {
    throw new InvalidRequestError({
      message: `Expected a tool name of 1-64 characters from [A-Za-z0-9_-], got "${definition.name}".`,
    });
  }
  if ('input' in definition) {
    const schema = definition.input;
    return {
      name: definition.name,
      description: definition.description,
      inputSchema: zodToInputSchema(schema, definition.name),
      validate: (args) => validateWithZod(schema, args),
      execute: definition.execute as ExecutableTool<unknown>['execute'],
      ...optionalBehaviour(definition),
    };
  }
  if (definition.inputSchema.type !== 'object') {
    throw new InvalidRequestError({
      message: `Expected the inputSchema of tool "${definition.name}" to have type "object", got ${JSON.stringify(definition.inputSchema.type)}.`,
    });
  }
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema,
    execute: definition.execute as ExecutableTool<unknown>['execute'],
    ...optionalBehaviour(definition),
  };
}

// Only the settings given: a tool without them keeps the plain shape.
function optionalBehaviour(definition: {
  needsApproval?: NeedsApproval<never>;
  deferLoading?: boolean;
}): Pick<ExecutableTool<unknown>, 'needsApproval' | 'deferLoading'> {
  return {
    ...(definition.needsApproval === undefined
      ? {}
      : { needsApproval: definition.needsApproval as NeedsApproval<unknown> }),
    ...(definition.deferLoading === undefined ? {} : { deferLoading: definition.deferLoading }),
  };
}

type SafeParse = (value: unknown) => { success: boolean; data?: unknown; error?: { issues: SchemaIssue[] } };

function validateWithZod(schema: AnyZodSchema, args: unknown): ToolArgsValidation<unknown> {
  // zod 4 mini schemas have no methods; `z.safeParse` serves classic and mini alike.
  const result = isZod4Schema(schema)
    ? (z.safeParse(schema as unknown as z.ZodType, args) as ReturnType<SafeParse>)
    : (schema as unknown as { safeParse: SafeParse }).safeParse(args);
  if (result.success) return { success: true, value: result.data };
  return { success: false, error: formatSchemaIssues(result.error?.issues ?? [], 'args') };
}
