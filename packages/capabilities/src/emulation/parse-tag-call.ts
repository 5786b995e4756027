import type { JSONObject, ToolCall } from '@interlingua/core';
import { findJSONValueIssue, formatSchemaIssues } from '@interlingua/core/adapter';
import { cleanToolName } from './clean-tool-name';
import { findJsonEnd } from './find-json-end';
import { parseEmulatedArguments } from './parse-emulated-arguments';
import { stripCodeFence } from './strip-code-fence';

const unnamed = 'unknown';

function isObject(value: unknown): value is JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the content of one `<tool_call>`: `{"name": …, "arguments": {…}}`, fenced or not, closed or not. */
export function parseTagCall(content: string, id: string, toolNames: readonly string[]): ToolCall {
  const body = stripCodeFence(content);
  const failed = (reason: string): ToolCall => {
    const salvaged = /"name"\s*:\s*"([^"\\]+)"/.exec(body)?.[1];
    const name = salvaged === undefined ? '' : cleanToolName(salvaged, toolNames);
    return {
      type: 'tool-call',
      id,
      name: name === '' ? unnamed : name,
      args: {},
      argsText: body,
      argsError: `Expected the <tool_call> content to be a JSON object {"name": "<tool>", "arguments": {…}}, but ${reason}`,
    };
  };
  const start = body.indexOf('{');
  if (start === -1) return failed('it holds no JSON object.');
  const end = findJsonEnd(body, start);
  let value: unknown;
  try {
    value = JSON.parse(end === -1 ? body.slice(start) : body.slice(start, end));
  } catch (error) {
    return failed(`it does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(value)) return failed('it is not an object.');
  const functionField = isObject(value.function) ? value.function : undefined;
  const rawName = typeof value.name === 'string' ? value.name : functionField?.name;
  if (typeof rawName !== 'string' || rawName.trim() === '') return failed('it has no "name".');
  const name = cleanToolName(rawName, toolNames);
  const rawArgs = value.arguments ?? value.parameters ?? functionField?.arguments;
  if (rawArgs === undefined) return { type: 'tool-call', id, name, args: {} };
  if (isObject(rawArgs)) {
    // The arguments sit one level down in what was parsed; the project-wide depth limit holds for them too.
    const issue = findJSONValueIssue(rawArgs);
    if (issue !== undefined) return failed(`its ${formatSchemaIssues([issue], 'arguments')}.`);
    return { type: 'tool-call', id, name, args: rawArgs };
  }
  if (typeof rawArgs === 'string') {
    const parsed = parseEmulatedArguments(rawArgs);
    return parsed.argsError === undefined
      ? { type: 'tool-call', id, name, args: parsed.args }
      : { type: 'tool-call', id, name, args: {}, argsText: parsed.argsText, argsError: parsed.argsError };
  }
  return {
    type: 'tool-call',
    id,
    name,
    args: {},
    argsText: JSON.stringify(rawArgs),
    argsError: `Expected "arguments" to be a JSON object, got ${Array.isArray(rawArgs) ? 'an array' : typeof rawArgs}.`,
  };
}
