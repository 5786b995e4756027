import type { Tool, ToolChoice, Warning } from '@interlingua/core';
import { warnDeferredTools } from '@interlingua/core/adapter';
import type { OpenAIChatTool, OpenAIChatToolChoice } from './openai-api';

/** The warning for a tool choice in a request without tools (both OpenAI APIs reject one). */
export const TOOL_CHOICE_WITHOUT_TOOLS: Warning = {
  type: 'unsupported',
  feature: 'toolChoice',
  message: 'A tool choice needs tools; the request declares none, so `tool_choice` was not sent.',
};

/**
 * Converts IR tools and tool choice to Chat Completions `tools` / `tool_choice`.
 * A tool choice without tools is not sent (the API rejects it) and becomes a warning.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tool_choice
 */
export function prepareOpenAITools(
  tools: readonly Tool[] | undefined,
  toolChoice: ToolChoice | undefined,
  strict: boolean,
): { tools?: OpenAIChatTool[]; toolChoice?: OpenAIChatToolChoice; warnings: Warning[] } {
  const warnings: Warning[] = [];
  if (tools === undefined || tools.length === 0) {
    if (toolChoice !== undefined) warnings.push(TOOL_CHOICE_WITHOUT_TOOLS);
    return { warnings };
  }
  warnDeferredTools(tools, 'Chat Completions', warnings);
  const converted: OpenAIChatTool[] = [];
  for (const tool of tools) {
    converted.push({
      type: 'function',
      function: strict
        ? { name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: true }
        : { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    });
  }
  if (toolChoice === undefined) return { tools: converted, warnings };
  return { tools: converted, toolChoice: convertToolChoice(toolChoice), warnings };
}

function convertToolChoice(choice: ToolChoice): OpenAIChatToolChoice {
  if (typeof choice === 'string') return choice;
  return { type: 'function', function: { name: choice.name } };
}
