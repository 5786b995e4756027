import type { Tool, ToolChoice, Warning } from '@interlingua/core';
import { warnDeferredTools } from '@interlingua/core/adapter';
import type { BedrockCachePoint, BedrockConverseRequest, BedrockTool, BedrockToolChoice } from './bedrock-api';
import { readCachePoint } from './bedrock-cache-point';

/**
 * Converts IR tools and tool choice to Converse `toolConfig`: each tool as
 * `{ toolSpec: { name, description, inputSchema: { json } } }` (a `cachePoint` after them when
 * asked), `toolChoice` `auto → { auto: {} }`, `required → { any: {} }`, `{ type: 'tool', name } →
 * { tool: { name } }`. Converse has no `none`: the tools are still sent (a history with
 * `toolUse` blocks needs them) without a choice, with a warning. A choice without tools is
 * dropped with a warning; a request without tools whose history has calls declares the tools it
 * calls (Converse rejects tool blocks without a `toolConfig`), with a warning.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolConfiguration.html
 */
export function prepareBedrockTools(options: {
  tools: readonly Tool[] | undefined;
  toolChoice: ToolChoice | undefined;
  cachePoint: BedrockCachePoint | undefined;
  /** The tool names the history's calls use, for a request that declares no tools. */
  historyToolNames: readonly string[];
  warnings: Warning[];
}): Pick<BedrockConverseRequest, 'toolConfig'> {
  const declared = options.tools ?? [];
  if (declared.length === 0 && options.historyToolNames.length > 0) {
    // Converse rejects toolUse / toolResult blocks without a toolConfig: declare what the history calls.
    options.warnings.push({
      type: 'degraded',
      feature: 'tools',
      message: `The history has tool calls but the request declares no tools; Converse requires a toolConfig then, so ${options.historyToolNames.join(', ')} were declared with an empty object schema.`,
    });
    const tools: BedrockTool[] = historyTools(options.historyToolNames).map((tool) => ({
      toolSpec: { name: tool.name, inputSchema: { json: tool.inputSchema } },
    }));
    return { toolConfig: { tools } };
  }
  warnDeferredTools(declared, 'Bedrock Converse', options.warnings);
  const tools: BedrockTool[] = [];
  for (const tool of declared) {
    tools.push({
      toolSpec: {
        name: tool.name,
        ...(tool.description === '' ? {} : { description: tool.description }),
        inputSchema: { json: tool.inputSchema },
      },
    });
    // A tool's breakpoint: a cachePoint right after it in the list.
    const cachePoint = readCachePoint(tool);
    if (cachePoint !== undefined) tools.push({ cachePoint });
  }
  const choice = options.toolChoice;
  if (tools.length === 0) {
    if (choice !== undefined && choice !== 'none' && choice !== 'auto')
      options.warnings.push({
        type: 'unsupported',
        feature: 'toolChoice',
        message: 'Dropped toolChoice: the request has no tools, and Converse rejects a toolChoice without tools.',
      });
    return {};
  }
  if (options.cachePoint !== undefined && !('cachePoint' in (tools.at(-1) ?? {})))
    tools.push({ cachePoint: options.cachePoint });
  let toolChoice: BedrockToolChoice | undefined;
  if (choice === 'auto') toolChoice = { auto: {} };
  else if (choice === 'required') toolChoice = { any: {} };
  else if (typeof choice === 'object') toolChoice = { tool: { name: choice.name } };
  else if (choice === 'none')
    options.warnings.push({
      type: 'unsupported',
      feature: 'toolChoice',
      message:
        'Converse has no "none" tool choice: the tools were sent without a toolChoice, so the model may still call one.',
    });
  return { toolConfig: { tools, ...(toolChoice === undefined ? {} : { toolChoice }) } };
}

/**
 * The tools declared for a request that has none but whose history calls some (Converse needs a
 * `toolConfig` then): one per name, in order of first use, with `{ type: 'object' }` as schema.
 */
export function historyTools(names: readonly string[]): Tool[] {
  return [...new Set(names)].map((name) => ({ name, description: '', inputSchema: { type: 'object' } }));
}
