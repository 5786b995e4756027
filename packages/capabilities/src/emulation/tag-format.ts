import type { AssistantMessage, Tool, ToolMessage, UserContentPart } from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import { createTagParser } from './create-tag-parser';
import type { EmulationFormat } from './emulation-format';
import { renderResultContent } from './render-result-content';

/**
 * Tag-based calls, the format Hermes- and Qwen-style open models are trained on:
 * `<tool_call>{"name": …, "arguments": …}</tool_call>`, results in `<tool_response>` tags.
 * Earlier reasoning is not replayed (these models' own chat templates drop it too).
 */
export const tagFormat: EmulationFormat = {
  name: 'tags',
  stopSequences: ['<tool_response>'],

  describeTools(tools: readonly Tool[], instructions: readonly string[]): string {
    const signatures = tools.map((tool) =>
      JSON.stringify({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      }),
    );
    return [
      '# Tools',
      '',
      'You may call one or more functions to help with the request. Their signatures, one per line:',
      '<tools>',
      ...signatures,
      '</tools>',
      '',
      'To call a function, write a JSON object with its name and arguments inside <tool_call></tool_call> tags, then stop:',
      '<tool_call>',
      '{"name": "<function name>", "arguments": {"<argument>": "<value>"}}',
      '</tool_call>',
      '',
      'Write one <tool_call> block per call; several blocks call several functions.',
      'Each result comes back inside <tool_response></tool_response> tags. Never write those yourself.',
      'When you need no function, answer directly in plain text.',
      ...(instructions.length === 0 ? [] : ['', ...instructions]),
    ].join('\n');
  },

  renderAssistant(message: AssistantMessage): string {
    const blocks: string[] = [];
    for (const part of message.content) {
      switch (part.type) {
        case 'reasoning':
          break;
        case 'text':
          if (part.text !== '') blocks.push(part.text);
          break;
        case 'tool-call':
          blocks.push(
            `<tool_call>\n${part.argsError === undefined ? JSON.stringify({ name: part.name, arguments: part.args }) : (part.argsText ?? '')}\n</tool_call>`,
          );
          break;
        case 'hosted-tool-call':
        case 'hosted-tool-result':
          blocks.push(renderHostedToolPart(part));
          break;
        default: {
          const exhaustive: never = part;
          throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
        }
      }
    }
    return blocks.join('\n');
  },

  renderToolResults(message: ToolMessage): UserContentPart[] {
    const blocks: string[] = [];
    const attachments: UserContentPart[] = [];
    for (const result of message.content) {
      const rendered = renderResultContent(result);
      blocks.push(`<tool_response>\n${rendered.text}\n</tool_response>`);
      attachments.push(...rendered.attachments);
    }
    return [{ type: 'text', text: blocks.join('\n') }, ...attachments];
  },

  createParser: createTagParser,
};
