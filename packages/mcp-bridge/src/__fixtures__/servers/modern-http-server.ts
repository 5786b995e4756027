import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  createMcpHandler,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  McpServer,
} from '@modelcontextprotocol/server';

/** What a test reads back from a {@link startModernServer}: the `_meta` of each tools/call, and its HTTP headers. */
export type ModernServerCall = {
  tool: string;
  /** The request's `_meta` as the server's handler sees it (the SDK lifts its envelope keys out). */
  meta: Record<string, unknown>;
  /** The per-request envelope the SDK read off `_meta`: protocol version, client info, capabilities, log level. */
  envelope: Record<string, unknown>;
  headers: Record<string, string>;
};

/** A server of the SDK's v2 line on a free local port; `legacy: 'reject'` serves 2026-07-28 only. */
export type ModernServer = {
  url: string;
  calls: ModernServerCall[];
  /** Adds a tool and announces the change on every open `subscriptions/listen` stream. */
  addTool(name: string): void;
  /** Reports an update of `uri` to the `subscriptions/listen` streams that name it (the SDK's router filters). */
  updateResource(uri: string): void;
  close(): Promise<void>;
};

const textInput = fromJsonSchema<{ text: string }>({
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
});

function metaOf(context: { mcpReq: { _meta?: object | undefined; envelope?: object | undefined } }) {
  return {
    meta: { ...context.mcpReq._meta } as Record<string, unknown>,
    envelope: { ...context.mcpReq.envelope } as Record<string, unknown>,
  };
}

// The body of a node request as a web Request: the SDK's handler has the fetch shape.
function toWebRequest(request: IncomingMessage, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', url), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(response: Response, out: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  out.writeHead(response.status, headers);
  if (response.body === null) {
    out.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) out.write(chunk);
  out.end();
}

/**
 * Starts an MCP server written with `@modelcontextprotocol/server` 2.4 over Streamable HTTP:
 * `echo` (answers with its text and the log level it was asked for), `confirm` (asks the client
 * for a form through an `InputRequiredResult`, then answers with what came back and the request
 * state it had handed out), and the tools added later with `addTool`.
 */
export async function startModernServer(options: {
  legacy: 'reject' | 'stateless';
  /** Serve `note://1` and `note://2`, with `resources: { subscribe: true }`. */
  resources?: boolean;
}): Promise<ModernServer> {
  const calls: ModernServerCall[] = [];
  const extraTools: string[] = [];
  let currentHeaders: Record<string, string> = {};
  const factory = () => {
    const server = new McpServer(
      { name: 'modern-fixture', version: '1.0.0' },
      {
        capabilities: {
          tools: { listChanged: true },
          ...(options.resources === true ? { resources: { subscribe: true } } : {}),
        },
      },
    );
    for (const uri of options.resources === true ? ['note://1', 'note://2'] : []) {
      server.registerResource(uri, uri, {}, () => ({ contents: [{ uri, text: `the note at ${uri}` }] }));
    }
    server.registerTool('echo', { description: 'Echoes its text.', inputSchema: textInput }, ({ text }, context) => {
      calls.push({ tool: 'echo', ...metaOf(context), headers: currentHeaders });
      return { content: [{ type: 'text', text: `echo: ${text}` }] };
    });
    server.registerTool(
      'confirm',
      { description: 'Asks the user to confirm, then says what they answered.', inputSchema: textInput },
      ({ text }, context) => {
        calls.push({ tool: 'confirm', ...metaOf(context), headers: currentHeaders });
        const answer = inputResponse(context.mcpReq.inputResponses, 'approval');
        if (answer.kind === 'missing') {
          return inputRequired({
            inputRequests: {
              approval: inputRequired.elicit({
                message: `Go ahead with ${text}?`,
                requestedSchema: {
                  type: 'object',
                  properties: { ok: { type: 'boolean', title: 'OK?' } },
                  required: ['ok'],
                },
              }),
            },
            requestState: `state-for-${text}`,
          });
        }
        const state = context.mcpReq.requestState();
        const content = answer.kind === 'elicit' ? JSON.stringify(answer.content ?? null) : answer.kind;
        const action = answer.kind === 'elicit' ? answer.action : answer.kind;
        return { content: [{ type: 'text', text: `${action} ${content} with ${String(state)}` }] };
      },
    );
    for (const name of extraTools) {
      server.registerTool(name, { description: `Added later: ${name}.` }, () => ({
        content: [{ type: 'text', text: name }],
      }));
    }
    return server;
  };
  const handler = createMcpHandler(factory, { legacy: options.legacy });
  const http = createServer((request, response) => {
    currentHeaders = Object.fromEntries(
      Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    handler
      .fetch(toWebRequest(request, url))
      .then((answer) => sendWebResponse(answer, response))
      .catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  return {
    url,
    calls,
    addTool(name) {
      extraTools.push(name);
      handler.notify.toolsChanged();
    },
    updateResource(uri) {
      handler.notify.resourceUpdated(uri);
    },
    async close() {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
