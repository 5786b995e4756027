import type { Tool, ToolChoice, Warning } from '@interlingua/core';
import { warnDeferredTools } from '@interlingua/core/adapter';
import type { FunctionTool, ToolChoiceFunction, ToolChoiceOptions } from 'openai/resources/responses/responses';
import { TOOL_CHOICE_WITHOUT_TOOLS } from '../openai-prepare-tools';

/**
 * Converts IR tools and tool choice to Responses `tools` (`{ type: 'function', name,
 * description, parameters, strict }`) and `tool_choice` (`auto`, `none`, `required` or
 * `{ type: 'function', name }`). `strict` is always sent: the Responses API makes function tools
 * strict when it is left out, and strict mode rejects most schemas (every property must be
 * required, `additionalProperties: false`). A tool choice without tools is not sent (the API
 * rejects it) and becomes a warning.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tool_choice
 */
export function prepareOpenAIResponsesTools(
  tools: readonly Tool[] | undefined,
  toolChoice: ToolChoice | undefined,
  strict: boolean,
): { tools?: FunctionTool[]; toolChoice?: ToolChoiceOptions | ToolChoiceFunction; warnings: Warning[] } {
  const warnings: Warning[] = [];
  if (tools === undefined || tools.length === 0) {
    if (toolChoice !== undefined) warnings.push(TOOL_CHOICE_WITHOUT_TOOLS);
    return { warnings };
  }
  warnDeferredTools(tools, 'The Responses API codec', warnings);
  const converted: FunctionTool[] = tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
    strict,
  }));
  if (toolChoice === undefined) return { tools: converted, warnings };
  return {
    tools: converted,
    toolChoice: typeof toolChoice === 'string' ? toolChoice : { type: 'function', name: toolChoice.name },
    warnings,
  };
}
