import { type OutputUnit, type Schema, type SchemaDraft, Validator } from '@cfworker/json-schema';
import type { ToolArgsValidation } from '@interlingua/core';
import type { AgentTool } from './agent-tool';

const validators = new WeakMap<object, Validator>();

/**
 * Passes a `trusted` tool's arguments as they are; else validates them with the tool's own `validate` (zod tools), else against its JSON
 * Schema (plain and MCP tools). Errors read `args.days: Instance type "string" is invalid. Expected "integer".`
 */
export function validateToolArguments(tool: AgentTool, args: unknown): ToolArgsValidation<unknown> {
  if (tool.trusted === true) return { success: true, value: args };
  if (tool.validate !== undefined) return tool.validate(args);
  let validator = validators.get(tool.inputSchema);
  if (validator === undefined) {
    const schema = tool.inputSchema as Schema;
    validator = new Validator(schema, draftOf(schema.$schema), false);
    validators.set(tool.inputSchema, validator);
  }
  const result = validator.validate(args);
  if (result.valid) return { success: true, value: args };
  return { success: false, error: formatErrors(result.errors) };
}

// Zod 4 emits 2020-12, zod-to-json-schema draft-07; MCP servers send any of them.
function draftOf(uri: unknown): SchemaDraft {
  if (typeof uri !== 'string') return '2020-12';
  if (uri.includes('draft-04')) return '4';
  if (uri.includes('draft-07') || uri.includes('draft-06')) return '7';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

// Parent units ("Property "x" does not match schema.") only repeat their children, and a `false`
// schema's own unit says less than its `additionalProperties` parent: keep the informative ones.
const wrapperKeywords = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'false']);

function formatErrors(errors: readonly OutputUnit[]): string {
  const leaves = errors.filter((error) => !wrapperKeywords.has(error.keyword));
  const shown = leaves.length > 0 ? leaves : errors;
  return shown.map((error) => `${formatLocation(error.instanceLocation)}: ${error.error}`).join('; ');
}

function formatLocation(location: string): string {
  let out = 'args';
  for (const segment of location.replace(/^#\/?/, '').split('/')) {
    if (segment === '') continue;
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(key) ? `[${key}]` : `.${key}`;
  }
  return out;
}
