import type { JSONObject, ToolCall } from '@interlingua/core';
import { repairJsonText } from '@interlingua/core/adapter';
import type { RepairToolCallOptions } from './repair-tool-call';

/**
 * A ready `repairToolCall`: arguments that do not parse are repaired with `repairJsonText`
 * (single quotes, a trailing comma, unquoted keys, a code fence, a missing closing brace), and
 * an unknown tool name that differs from an offered one only in case, `-`/`_` or spaces is
 * corrected. Anything else (arguments that parse but do not validate) is left to the error result.
 *
 * @example
 * const result = await runAgent({ model, tools, messages, repairToolCall: repairJson });
 */
export function repairJson({ toolCall, problem, tools }: RepairToolCallOptions): ToolCall | undefined {
  switch (problem.type) {
    case 'invalid-json': {
      const value = repairJsonText(toolCall.argsText ?? '');
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      return { type: 'tool-call', id: toolCall.id, name: toolCall.name, args: value as JSONObject };
    }
    case 'unknown-tool': {
      const wanted = normalize(toolCall.name);
      const match = tools.find((tool) => normalize(tool.name) === wanted);
      return match === undefined ? undefined : { ...toolCall, name: match.name };
    }
    case 'invalid-arguments':
      return undefined;
    default: {
      const exhaustive: never = problem;
      throw new Error(`Unknown tool call problem ${JSON.stringify(exhaustive)}`);
    }
  }
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}
