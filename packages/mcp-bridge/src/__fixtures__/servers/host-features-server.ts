// An MCP server of ours (the SDK's McpServer) that asks its client for what server-everything
// asks without choice: sampling with model hints and an image, every log level, the roots, a
// form with defaults and a URL-mode elicitation.
// Run as `node --import tsx host-features-server.ts`; see SOURCES.md.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type LoggingLevel, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
// A 1×1 transparent PNG.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const server = new McpServer({ name: 'fixture-host-features', version: '1.0.0' }, { capabilities: { logging: {} } });

server.registerTool(
  'ask-model',
  {
    description: 'Asks the client to sample, with model preferences and optionally an image.',
    inputSchema: {
      prompt: z.string(),
      hints: z.array(z.string()).optional(),
      intelligencePriority: z.number().optional(),
      costPriority: z.number().optional(),
      withImage: z.boolean().optional(),
    },
  },
  async ({ prompt, hints, intelligencePriority, costPriority, withImage }) => {
    const result = await server.server.createMessage({
      messages: [
        { role: 'user', content: { type: 'text', text: prompt } },
        ...(withImage === true
          ? [{ role: 'user' as const, content: { type: 'image' as const, data: PIXEL, mimeType: 'image/png' } }]
          : []),
      ],
      modelPreferences: {
        ...(hints === undefined ? {} : { hints: hints.map((name) => ({ name })) }),
        ...(intelligencePriority === undefined ? {} : { intelligencePriority }),
        ...(costPriority === undefined ? {} : { costPriority }),
      },
      systemPrompt: 'Answer in one word.',
      maxTokens: 64,
    });
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  },
);

server.registerTool('log-every-level', { description: 'Logs one message at each level.' }, async () => {
  for (const level of LEVELS) await server.sendLoggingMessage({ level, logger: 'fixture', data: `at ${level}` });
  return { content: [{ type: 'text', text: 'logged' }] };
});

server.registerTool('list-roots', { description: 'Asks the client for its roots.' }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: JSON.stringify(roots) }] };
});

server.registerTool(
  'ask-form',
  { description: 'Asks the user for a form whose fields all have defaults; answers with what came back.' },
  async () => {
    const result = await server.server.elicitInput({
      message: 'Your settings?',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', default: 'Ada' },
          retries: { type: 'integer', default: 3 },
          verbose: { type: 'boolean', default: false },
          level: { type: 'string', enum: ['low', 'high'], default: 'low' },
        },
      },
    });
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  },
);

server.registerTool(
  'ask-url',
  { description: 'Asks the user to visit a page (URL-mode elicitation), then says the interaction is complete.' },
  async () => {
    const elicitationId = 'visit-1';
    const result = await server.server.elicitInput({
      mode: 'url',
      message: 'Connect your account.',
      url: 'https://example.com/connect?session=1',
      elicitationId,
    });
    if (result.action === 'accept') await server.server.createElicitationCompletionNotifier(elicitationId)();
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  },
);

// Answers -32042 (URL elicitation required) until the client has been told once: a server that
// needs the user to connect an account before the tool works, and trusts the visit was made.
let connectAsked = 0;
server.registerTool(
  'needs-connection',
  { description: 'Works only after the user has visited the connect page (-32042 until then).' },
  async () => {
    connectAsked += 1;
    if (connectAsked === 1) {
      throw new UrlElicitationRequiredError([
        {
          mode: 'url',
          message: 'Connect your calendar first.',
          url: 'https://example.com/connect?session=2',
          elicitationId: 'connect-2',
        },
      ]);
    }
    return { content: [{ type: 'text', text: `connected after ${connectAsked} calls` }] };
  },
);

await server.connect(new StdioServerTransport());
