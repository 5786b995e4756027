// Small MCP servers of ours, on the SDK's low-level `Server`, for what the npm servers do not do.
// Run as `node --import tsx fixture-server.ts <scenario>`; see SOURCES.md.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

const scenario = process.argv[2] ?? 'paged';
const schema = { type: 'object' as const, properties: { value: { type: 'string' } } };
const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({
  name,
  description: `Fixture tool ${name}`,
  inputSchema: schema,
  ...extra,
});

// Three pages of tools, with names that need sanitizing, truncating, or contain `__`.
const pages: Tool[][] = [
  [tool('alpha'), tool('dotted.name')],
  [tool(`${'x'.repeat(80)}1`), tool(`${'x'.repeat(80)}2`)],
  [tool('has__double'), tool('needs-task', { execution: { taskSupport: 'required' } })],
];

let listChangedVersion = 1;

const server = new Server(
  { name: `fixture-${scenario}`, version: '1.0.0' },
  {
    capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
    instructions: `Fixture server for the ${scenario} scenario.`,
  },
);

server.setRequestHandler(ListToolsRequestSchema, (request) => {
  const cursor = request.params?.cursor;
  switch (scenario) {
    case 'paged': {
      const index = cursor === undefined ? 0 : Number(cursor);
      const next = index + 1 < pages.length ? String(index + 1) : undefined;
      return { tools: pages[index] ?? [], ...(next === undefined ? {} : { nextCursor: next }) };
    }
    case 'repeating-cursor':
      return { tools: [tool(`loop-${cursor ?? 'start'}`)], nextCursor: 'again' };
    case 'list-changed':
      return { tools: listChangedVersion === 1 ? [tool('first')] : [tool('second'), tool('third')] };
    default:
      return { tools: [tool('wait')] };
  }
});

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (scenario === 'silent') return new Promise<never>(() => {});
  if (scenario === 'list-changed' && request.params.name === 'first') {
    // A JSON-RPC error, as servers answer a call to a tool they do not have.
    if (listChangedVersion === 2) throw new McpError(ErrorCode.InvalidParams, 'Unknown tool: first');
    listChangedVersion = 2;
    await server.sendToolListChanged();
  }
  return {
    content: [{ type: 'text', text: JSON.stringify({ called: request.params.name, args: request.params.arguments }) }],
  };
});

server.setRequestHandler(ListResourcesRequestSchema, (request) => {
  const second = request.params?.cursor === 'r2';
  return {
    resources: [{ uri: `fixture://resource/${second ? 2 : 1}`, name: `resource ${second ? 2 : 1}` }],
    ...(second ? {} : { nextCursor: 'r2' }),
  };
});

server.setRequestHandler(ReadResourceRequestSchema, (request) => ({
  contents: [{ uri: request.params.uri, mimeType: 'text/plain', text: `contents of ${request.params.uri}` }],
}));

server.setRequestHandler(ListPromptsRequestSchema, (request) => {
  const second = request.params?.cursor === 'p2';
  return { prompts: [{ name: second ? 'second' : 'first' }], ...(second ? {} : { nextCursor: 'p2' }) };
});

server.setRequestHandler(GetPromptRequestSchema, (request) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `prompt ${request.params.name}` } }],
}));

await server.connect(new StdioServerTransport());
// Exit when the client closes stdin, as a well-behaved stdio server does (the spec's shutdown).
process.stdin.on('end', () => process.exit(0));
