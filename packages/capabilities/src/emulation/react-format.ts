import type { AssistantMessage, Tool, ToolMessage, UserContentPart } from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import { createReActParser } from './create-react-parser';
import type { EmulationFormat } from './emulation-format';
import { renderResultContent } from './render-result-content';

/**
 * ReAct: `Thought / Action / Action Input / Observation / Final Answer`, with `Observation:` as a
 * stop sequence so the model stops where the tool result belongs.
 */
export const reactFormat: EmulationFormat = {
  name: 'react',
  stopSequences: ['Observation:'],

  describeTools(tools: readonly Tool[], instructions: readonly string[]): string {
    const list = tools
      .map((tool) => `- ${tool.name}: ${tool.description}\n  Input schema: ${JSON.stringify(tool.inputSchema)}`)
      .join('\n');
    return [
      '## Tools',
      '',
      'You can use these tools:',
      '',
      list,
      '',
      'To use a tool, reply in exactly this format, then stop:',
      '',
      'Thought: why you need the tool',
      `Action: the tool name, one of ${tools.map((tool) => tool.name).join(', ')}`,
      "Action Input: the input as a single JSON object matching the tool's input schema",
      '',
      'You may write several Action / Action Input pairs in one reply to use several tools at once.',
      'Never write "Observation:" yourself: each result comes back to you as "Observation: <result>".',
      '',
      'When you have everything you need, reply in this format:',
      '',
      'Thought: your reasoning',
      'Final Answer: your answer to the user',
      ...(instructions.length === 0 ? [] : ['', ...instructions]),
    ].join('\n');
  },

  renderAssistant(message: AssistantMessage): string {
    const hasCalls = message.content.some((part) => part.type === 'tool-call');
    const hasReasoning = message.content.some((part) => part.type === 'reasoning' && part.text !== '');
    const lines: string[] = [];
    for (const part of message.content) {
      switch (part.type) {
        case 'reasoning':
          if (part.text !== '') lines.push(`Thought: ${part.text}`);
          break;
        case 'text':
          if (part.text !== '') lines.push(!hasCalls && hasReasoning ? `Final Answer: ${part.text}` : part.text);
          break;
        case 'tool-call':
          lines.push(`Action: ${part.name}`, `Action Input: ${part.argsText ?? JSON.stringify(part.args)}`);
          break;
        case 'hosted-tool-call':
        case 'hosted-tool-result':
          lines.push(renderHostedToolPart(part));
          break;
        default: {
          const exhaustive: never = part;
          throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
        }
      }
    }
    return lines.join('\n');
  },

  renderToolResults(message: ToolMessage): UserContentPart[] {
    const several = message.content.length > 1;
    const lines: string[] = [];
    const attachments: UserContentPart[] = [];
    for (const result of message.content) {
      const rendered = renderResultContent(result);
      lines.push(`Observation${several ? ` (${result.toolName})` : ''}: ${rendered.text}`);
      attachments.push(...rendered.attachments);
    }
    return [{ type: 'text', text: lines.join('\n') }, ...attachments];
  },

  createParser: createReActParser,
};
