import {
  functionToolsOf,
  type HostedTool,
  isHostedTool,
  type JSONObject,
  type Tool,
  type ToolChoice,
  type Warning,
} from '@interlingua/core';
import { warnDeferredTools } from '@interlingua/core/adapter';
import type { FunctionTool, ToolChoiceFunction, ToolChoiceOptions } from 'openai/resources/responses/responses';
import { TOOL_CHOICE_WITHOUT_TOOLS } from '../openai-prepare-tools';
import { convertToOpenAIResponsesHostedTool } from './openai-responses-hosted-tools';

/**
 * Converts IR tools and tool choice to Responses `tools` (`{ type: 'function', name,
 * description, parameters, strict }`) and `tool_choice` (`auto`, `none`, `required` or
 * `{ type: 'function', name }`). `strict` is always sent: the Responses API makes function tools
 * strict when it is left out, and strict mode rejects most schemas (every property must be
 * required, `additionalProperties: false`). A tool choice without tools is not sent (the API
 * rejects it) and becomes a warning. Hosted tools go at their place (see
 * `convertToOpenAIResponsesHostedTool`).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tool_choice
 */
export function prepareOpenAIResponsesTools(
  tools: readonly (Tool | HostedTool)[] | undefined,
  toolChoice: ToolChoice | undefined,
  strict: boolean,
): { tools?: (FunctionTool | JSONObject)[]; toolChoice?: ToolChoiceOptions | ToolChoiceFunction; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const converted: (FunctionTool | JSONObject)[] = [];
  (tools ?? []).forEach((tool, index) => {
    if (!isHostedTool(tool)) {
      converted.push({
        type: 'function',
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
        strict,
      });
      return;
    }
    const hosted = convertToOpenAIResponsesHostedTool(tool, index, warnings);
    if (hosted !== undefined) converted.push(hosted);
  });
  if (converted.length === 0) {
    if (toolChoice !== undefined) warnings.push(TOOL_CHOICE_WITHOUT_TOOLS);
    return { warnings };
  }
  warnDeferredTools(functionToolsOf(tools), 'The Responses API codec', warnings);
  if (toolChoice === undefined) return { tools: converted, warnings };
  return {
    tools: converted,
    toolChoice: typeof toolChoice === 'string' ? toolChoice : { type: 'function', name: toolChoice.name },
    warnings,
  };
}
