// Small MCP servers of ours, on the SDK's low-level `Server`, for what the npm servers do not do.
// Run as `node --import tsx fixture-server.ts <scenario>`; see SOURCES.md.
import { spawn } from 'node:child_process';
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
  SubscribeRequestSchema,
  type Tool,
  UnsubscribeRequestSchema,
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
// list-changed-late: a list_changed owed, sent just before the next request is handled.
let owesListChanged = false;
// stubborn: a child of its own, which must end with the server's process group.
const child =
  scenario === 'stubborn'
    ? // Extra arguments (a test's marker) go on the child's command line too.
      spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...process.argv.slice(3)], { stdio: 'ignore' })
    : undefined;

const server = new Server(
  { name: `fixture-${scenario}`, version: '1.0.0' },
  {
    capabilities: {
      tools: { listChanged: true },
      resources: scenario === 'subscribe' ? { subscribe: true } : {},
      prompts: {},
    },
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
    case 'list-changed-late':
      return { tools: listChangedVersion === 1 ? [tool('first')] : [tool('second'), tool('third')] };
    case 'stubborn':
      return { tools: [tool('pids')] };
    case 'big':
      return { tools: [tool('big'), tool('echo')] };
    case 'subscribe':
      return { tools: [tool('touch'), tool('subscriptions')] };
    case 'slow-weather':
      return {
        tools: [tool('get_weather', { inputSchema: { type: 'object', properties: { city: { type: 'string' } } } })],
      };
    default:
      return { tools: [tool('wait')] };
  }
});

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  if (scenario === 'silent') return new Promise<never>(() => {});
  if (scenario === 'subscribe') {
    // `touch` reports an update of the URI in `value` when it is subscribed; `subscriptions` tells
    // what is subscribed and every subscribe/unsubscribe received, in order.
    const uri = String(request.params.arguments?.value ?? '');
    if (request.params.name === 'touch' && subscribed.has(uri)) await server.sendResourceUpdated({ uri });
    const state = { subscribed: [...subscribed], log: subscriptionLog };
    return { content: [{ type: 'text', text: JSON.stringify(state) }] };
  }
  if (scenario === 'slow-weather') {
    // Three progress notifications 150 ms apart (when the call carries a token), then the answer.
    const progressToken = request.params._meta?.progressToken;
    const city = String(request.params.arguments?.city ?? '');
    for (let step = 1; step <= 3 && progressToken !== undefined; step++) {
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: step, total: 3, message: `asking the ${city} station` },
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return { content: [{ type: 'text', text: `${city}今天晴，25°C` }] };
  }
  if (scenario === 'stubborn') {
    return { content: [{ type: 'text', text: JSON.stringify({ server: process.pid, child: child?.pid }) }] };
  }
  if (scenario === 'big') {
    const value = String(request.params.arguments?.value ?? '');
    // `big` answers with `value` bytes of text (`3MB`, `11MB` or a number); `echo` echoes.
    if (request.params.name === 'echo') return { content: [{ type: 'text', text: `echo ${value}` }] };
    const size = value.endsWith('MB') ? Number.parseFloat(value) * 1024 * 1024 : Number(value);
    return { content: [{ type: 'text', text: 'x'.repeat(size) }] };
  }
  if (scenario === 'list-changed-late' && request.params.name === 'first') {
    listChangedVersion = 2;
    owesListChanged = true;
    return { content: [{ type: 'text', text: 'switched' }] };
  }
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

// echo-params: a read or a prompt answers with the request's params as the server received them.
const echoed = (params: object, otherwise: string) => (scenario === 'echo-params' ? JSON.stringify(params) : otherwise);

server.setRequestHandler(ReadResourceRequestSchema, (request) => ({
  contents: [
    {
      uri: request.params.uri,
      mimeType: 'text/plain',
      text: echoed(request.params, `contents of ${request.params.uri}`),
    },
  ],
}));

// subscribe: what the client asked to hear of.
const subscribed = new Set<string>();
const subscriptionLog: string[] = [];
if (scenario === 'subscribe') {
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri);
    subscriptionLog.push(`subscribe ${request.params.uri}`);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    subscriptionLog.push(`unsubscribe ${request.params.uri}`);
    return {};
  });
}

server.setRequestHandler(ListPromptsRequestSchema, (request) => {
  const second = request.params?.cursor === 'p2';
  return { prompts: [{ name: second ? 'second' : 'first' }], ...(second ? {} : { nextCursor: 'p2' }) };
});

server.setRequestHandler(GetPromptRequestSchema, (request) => ({
  messages: [
    { role: 'user', content: { type: 'text', text: echoed(request.params, `prompt ${request.params.name}`) } },
  ],
}));

const transport = new StdioServerTransport();
await server.connect(transport);
if (scenario === 'list-changed-late') {
  // The notification leaves after the call's result, ahead of whatever the client sends next.
  const handle = transport.onmessage;
  transport.onmessage = (message) => {
    if (!owesListChanged) return handle?.(message);
    owesListChanged = false;
    void server.sendToolListChanged().then(() => handle?.(message));
  };
}
if (scenario === 'stubborn') {
  // Ignores stdin EOF, as server-everything does once simulated logging runs, and SIGTERM too
  // is left to its default: only the client's signals end it.
  setInterval(() => {}, 1000);
} else {
  // Exit when the client closes stdin, as a well-behaved stdio server does (the spec's shutdown).
  process.stdin.on('end', () => process.exit(0));
}
