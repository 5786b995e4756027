import type { ChatModel } from '@interlingua/core';
import type {
  McpElicitationAnswer,
  McpElicitationHandler,
  McpElicitationRequest,
  McpLoginHook,
  McpSamplingOptions,
  McpUrlElicitationHandler,
} from '@interlingua/mcp-bridge';
import type { TextSink } from './cli-io';
import type { TerminalPrompter } from './create-terminal-prompter';
import { openInBrowser } from './open-in-browser';

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
  // An empty line takes the default (the bridge fills it in, SEP-1034).
  const fallback = 'default' in field && field.default !== undefined ? `, default ${String(field.default)}` : '';
  return `  ${title} (${field.type}${options}${required ? ', required' : ''}${fallback}): `;
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
 * on stderr — a server never spends tokens or gets an answer nobody gave. A URL-mode elicitation
 * shows the server's message and the URL and opens it only if the user says yes; a login or
 * step-up a server asks for mid-chat prints the authorization URL and opens the browser, as
 * `interlingua mcp login` does (with a terminal only: without one the call fails saying how to log in).
 */
export function createTerminalHostHooks(
  model: ChatModel,
  prompter: TerminalPrompter,
  stderr: TextSink,
  env: Record<string, string | undefined> = {},
): {
  sampling: McpSamplingOptions;
  elicitation: McpElicitationHandler;
  urlElicitation: McpUrlElicitationHandler;
  login?: McpLoginHook;
} {
  const name = `${model.provider}:${model.modelId}`;
  const login: McpLoginHook = {
    openAuthorizationUrl: (url, { server, reason, scope }) => {
      const why =
        reason === 'insufficient-scope'
          ? `needs more scope (${scope ?? 'unnamed'}) for this call`
          : 'requires an OAuth login';
      stderr.write(`MCP server \`${server}\` ${why}. Open this URL in a browser to log in:\n\n  ${url.href}\n\n`);
      openInBrowser(url.href, env);
      stderr.write('Waiting for the browser to come back…\n');
    },
  };
  return {
    ...(prompter.interactive ? { login } : {}),
    urlElicitation: async ({ server, message, url }) => {
      const host = new URL(url).host;
      const ask = `MCP server \`${server}\` asks you to visit ${host}: ${preview(message)}\n  ${url}`;
      if (!prompter.interactive) {
        stderr.write(`${ask}\n— cancelled: no terminal to ask.\n`);
        return { action: 'cancel' };
      }
      const answer = await prompter.ask(`${ask}\nOpen it? [y/N] `);
      if (answer === undefined) return { action: 'cancel' };
      if (!/^y(es)?$/i.test(answer.trim())) return { action: 'decline' };
      if (!openInBrowser(url, env)) stderr.write('Open the URL above in a browser.\n');
      return { action: 'accept' };
    },
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
