import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidSettingError } from '@interlingua/core';
import {
  createMcpHandler,
  isLegacyRequest,
  type McpRequestContext,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { sendWebResponse, toWebRequest } from './node-web-bridge';

/** One HTTP request as an authorization step sees it, before the aggregator does. */
export type McpHttpRequestInfo = {
  /** The request (headers, method, URL); its body is already read into `message`. */
  request: Request;
  /** The JSON-RPC message of a POST (`method`, `params.name` for `tools/call`), or `undefined`. */
  message: unknown;
  /** `modern` for a 2026-07-28 request, `legacy` for a 2025-era one. */
  era: 'modern' | 'legacy';
};

/** Options of {@link startMcpHttpServer}. */
export type McpHttpServerOptions = {
  /** A fresh MCP server for each 2025-era session and each 2026-07-28 request (`createMcpAggregatorServer`). */
  createServer: (context?: McpRequestContext) => { server: Server; dispose: () => void };
  /** Default `127.0.0.1`. Any other address requires `token` or `authorize`. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** The bearer token every request must carry (`Authorization: Bearer …`). */
  token?: string;
  /** The endpoint's path. Default `/mcp`. */
  path?: string;
  /**
   * Runs before every request reaches the aggregator; a `Response` it returns (401, 403, 429) is
   * sent instead. For keys and per-tool rules: it sees the headers and the JSON-RPC message.
   */
  authorize?: (info: McpHttpRequestInfo) => Response | undefined | Promise<Response | undefined>;
};

/** A listening Streamable HTTP endpoint; `notify` reaches 2026-07-28 clients' `subscriptions/listen` streams. */
export type McpHttpServer = {
  url: string;
  close: () => Promise<void>;
  notify: ReturnType<typeof createMcpHandler>['notify'];
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function sameToken(header: string | null, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function parseMessage(body: Buffer): unknown {
  try {
    return body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Serves MCP over Streamable HTTP in both eras on one endpoint: a 2026-07-28 client (no session,
 * `server/discover`, per-request `_meta`) gets a fresh server per request through the SDK's
 * `createMcpHandler`; a 2025-era client (`initialize`, then `Mcp-Session-Id`) gets a session and one
 * server for it — `POST` for requests, `GET` for its notifications stream, `DELETE` to end it.
 * Bound to loopback by default, where a request whose `Host` or `Origin` is not loopback is refused
 * (DNS rebinding); bound elsewhere it refuses to start without `token` or `authorize`.
 */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const token = options.token;
  const loopback = LOOPBACK.has(host);
  if (!loopback && (token === undefined || token === '') && options.authorize === undefined) {
    throw new InvalidSettingError({
      message: `Expected a bearer token to serve MCP on ${host}, which is not a loopback address; got none.`,
    });
  }
  const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; dispose: () => void }>();
  let port = 0;
  const modern = createMcpHandler(
    (context) => {
      const { server, dispose } = options.createServer(context);
      server.onclose = dispose;
      return server;
    },
    { legacy: 'reject' },
  );

  const rebound = (request: Request): Response | undefined => {
    if (!loopback) return undefined;
    const allowed = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
    if (!allowed.includes(request.headers.get('host') ?? ''))
      return jsonRpcError(403, 'Forbidden: the Host is not this server.');
    const origin = request.headers.get('origin');
    if (origin !== null) {
      let originHost: string;
      try {
        originHost = new URL(origin).hostname;
      } catch {
        return jsonRpcError(403, 'Forbidden: the Origin is not a URL.');
      }
      if (!LOOPBACK.has(originHost) && originHost !== '[::1]')
        return jsonRpcError(403, 'Forbidden: the Origin is not loopback.');
    }
    return undefined;
  };

  const startSession = async (request: Request): Promise<Response> => {
    const { server, dispose } = options.createServer({ era: 'legacy', requestInfo: request });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, dispose });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      dispose();
    };
    await server.connect(transport);
    return transport.handleRequest(request);
  };

  const handle = async (request: Request, body: Buffer): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname !== path) return jsonRpcError(404, `Not found: the MCP endpoint is ${path}.`);
    const refused = rebound(request);
    if (refused !== undefined) return refused;
    if (token !== undefined && !sameToken(request.headers.get('authorization'), token)) {
      return jsonRpcError(401, 'Expected `Authorization: Bearer <token>`.', { 'www-authenticate': 'Bearer' });
    }
    const message = parseMessage(body);
    const sessionId = request.headers.get('mcp-session-id');
    const legacy = sessionId !== null || (request.method === 'POST' && (await isLegacyRequest(request, message)));
    if (options.authorize !== undefined) {
      const denied = await options.authorize({ request, message, era: legacy ? 'legacy' : 'modern' });
      if (denied !== undefined) return denied;
    }
    if (!legacy) return modern.fetch(request, message === undefined ? {} : { parsedBody: message });
    const existing = sessionId === null ? undefined : sessions.get(sessionId);
    if (existing !== undefined) return existing.transport.handleRequest(request, { parsedBody: message });
    if (sessionId !== null) return jsonRpcError(404, 'Session not found: start again with initialize.');
    return startSession(request);
  };

  const http = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const converted = await toWebRequest(incoming, response, `http://${incoming.headers.host ?? 'localhost'}`).catch(
        () => undefined,
      );
      const answer =
        converted === undefined
          ? jsonRpcError(413, 'The request body is larger than the server accepts.')
          : await handle(converted.web, converted.body).catch((error: unknown) =>
              jsonRpcError(500, error instanceof Error ? error.message : String(error)),
            );
      await sendWebResponse(answer, response);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${path}`,
    notify: modern.notify,
    close: async () => {
      await Promise.allSettled([...sessions.values()].map(({ transport }) => transport.close()));
      await modern.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
