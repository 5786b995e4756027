import type { ChatModel } from '@interlingua/core';
import type {
  McpElicitationAnswer,
  McpElicitationHandler,
  McpElicitationRequest,
  McpSamplingOptions,
} from '@interlingua/mcp-bridge';
import type { TextSink } from './cli-io';
import type { TerminalPrompter } from './create-terminal-prompter';

type Field = McpElicitationRequest['requestedSchema']['properties'][string];

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

function describeField(name: string, field: Field, required: boolean): string {
  const options =
    'enum' in field && Array.isArray(field.enum)
      ? ` one of ${field.enum.join(' | ')}`
      : 'oneOf' in field && Array.isArray(field.oneOf)
        ? ` one of ${field.oneOf.map((option) => option.const).join(' | ')}`
        : field.type === 'array'
          ? ' comma-separated'
          : '';
  const title = 'title' in field && typeof field.title === 'string' ? field.title : name;
  return `  ${title} (${field.type}${options}${required ? ', required' : ''}): `;
}

// A typed line as the field's type; `undefined` for an empty line.
function readValue(field: Field, line: string): string | number | boolean | string[] | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  switch (field.type) {
    case 'boolean':
      return /^(y|yes|true|1)$/i.test(text);
    case 'number':
    case 'integer':
      return Number(text);
    case 'array':
      return text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    default:
      return text;
  }
}

/**
 * The CLI's answers to servers' sampling and elicitation requests: it asks in the terminal. With
 * no terminal (stdin piped), sampling is refused and an elicitation is cancelled, each with a note
 * on stderr — a server never spends tokens or gets an answer nobody gave.
 */
export function createTerminalHostHooks(
  model: ChatModel,
  prompter: TerminalPrompter,
  stderr: TextSink,
): { sampling: McpSamplingOptions; elicitation: McpElicitationHandler } {
  const name = `${model.provider}:${model.modelId}`;
  return {
    sampling: {
      models: model,
      approve: async ({ server, request }) => {
        const last = request.messages.at(-1);
        const text = last?.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ') ?? '';
        const ask = `MCP server \`${server}\` asks ${name} for a completion (up to ${request.maxOutputTokens ?? 'default'} tokens): "${preview(text)}"`;
        if (!prompter.interactive) {
          stderr.write(`${ask} — refused: no terminal to ask.\n`);
          return false;
        }
        const answer = await prompter.ask(`${ask}\nAllow? [y/N] `);
        return answer !== undefined && /^y(es)?$/i.test(answer.trim());
      },
    },
    elicitation: async ({ server, message, requestedSchema }): Promise<McpElicitationAnswer> => {
      if (!prompter.interactive) {
        stderr.write(`MCP server \`${server}\` asks: ${preview(message)} — cancelled: no terminal to ask.\n`);
        return { action: 'cancel' };
      }
      const choice = await prompter.ask(
        `MCP server \`${server}\` asks: ${message}\nAnswer? [y]es / [n]o (decline) / [c]ancel: `,
      );
      if (choice === undefined || /^c/i.test(choice.trim())) return { action: 'cancel' };
      if (!/^y/i.test(choice.trim())) return { action: 'decline' };
      const required = new Set(requestedSchema.required ?? []);
      const content: Record<string, string | number | boolean | string[]> = {};
      for (const [field, schema] of Object.entries(requestedSchema.properties)) {
        const line = await prompter.ask(describeField(field, schema, required.has(field)));
        if (line === undefined) return { action: 'cancel' };
        const value = readValue(schema, line);
        if (value !== undefined) content[field] = value;
      }
      return { action: 'accept', content };
    },
  };
}
