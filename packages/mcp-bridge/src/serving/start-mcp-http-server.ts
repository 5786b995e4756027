import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidSettingError } from '@interlingua/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Options of {@link startMcpHttpServer}. */
export type McpHttpServerOptions = {
  /** A fresh MCP server for each client session (the aggregator's `createMcpAggregatorServer`). */
  createServer: () => { server: Server; dispose: () => void };
  /** Default `127.0.0.1`. Any other address requires `token`. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** The bearer token every request must carry (`Authorization: Bearer …`). */
  token?: string;
  /** The endpoint's path. Default `/mcp`. */
  path?: string;
};

/** A listening Streamable HTTP endpoint. */
export type McpHttpServer = { url: string; close: () => Promise<void> };

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function jsonRpcError(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Serves MCP over Streamable HTTP with one session (and one server from `createServer`) per
 * client: `POST` for requests, `GET` for the server's notifications stream, `DELETE` to end the
 * session. Bound to loopback by default, where requests whose `Host` is not the loopback address
 * are refused (DNS rebinding); bound elsewhere it refuses to start without a bearer `token`, and
 * then answers 401 to a request without it.
 */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const token = options.token;
  const loopback = LOOPBACK.has(host);
  if (!loopback && (token === undefined || token === '')) {
    throw new InvalidSettingError({
      message: `Expected a bearer token to serve MCP on ${host}, which is not a loopback address; got none.`,
    });
  }
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; dispose: () => void }>();
  let allowedHosts: string[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://placeholder');
    if (url.pathname !== path) return jsonRpcError(response, 404, `Not found: the MCP endpoint is ${path}.`);
    if (token !== undefined && !sameToken(request.headers.authorization, token)) {
      return jsonRpcError(response, 401, 'Expected `Authorization: Bearer <token>`.', { 'www-authenticate': 'Bearer' });
    }
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing !== undefined) return existing.transport.handleRequest(request, response);
    if (request.method !== 'POST' || sessionId !== undefined) {
      return jsonRpcError(
        response,
        sessionId === undefined ? 400 : 404,
        'Expected an initialize request, or a live session id.',
      );
    }
    const { server, dispose } = options.createServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, dispose });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
      ...(loopback ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      dispose();
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) jsonRpcError(response, 500, error instanceof Error ? error.message : String(error));
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${path}`,
    close: async () => {
      await Promise.allSettled([...sessions.values()].map(({ transport }) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
