import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidSettingError } from '@interlingua/core';
import type { McpRequestContext, Server } from '@modelcontextprotocol/server';
import type { McpBridge } from '../host/mcp-bridge';
import type { McpAggregatorServerOptions } from './create-mcp-aggregator-server';
import { createMcpHttpHandler, type McpHttpHandler, type McpHttpRequestInfo } from './create-mcp-http-handler';
import type { McpAuditOptions } from './mcp-audit-line';
import { ANONYMOUS_CALLER, type McpCaller } from './mcp-caller';
import { jsonRpcError } from './mcp-http-messages';
import { createMcpKeyAuthenticator, type McpServeKeys } from './mcp-serve-keys';
import { sendWebResponse } from './node-web-bridge';

export type { McpHttpRequestInfo } from './create-mcp-http-handler';

/** Options of {@link startMcpHttpServer}. */
export type McpHttpServerOptions = McpAuditOptions & {
  /**
   * A fresh MCP server for each 2025-era session and each 2026-07-28 request (`createMcpAggregatorServer`),
   * built for the request's caller. Or give `bridge` (and `aggregator`) and the endpoint builds them.
   */
  createServer?: (context: McpRequestContext | undefined, caller: McpCaller) => { server: Server; dispose: () => void };
  /** The bridge to serve, one aggregator per caller (see `createMcpHttpHandler`). */
  bridge?: McpBridge;
  /** Options of each aggregator built from `bridge`. */
  aggregator?: Omit<McpAggregatorServerOptions, 'caller' | 'audit' | 'logArguments'>;
  /** Default `127.0.0.1`. Any other address requires `token`, `keys` or `authorize`. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** The bearer token every request must carry (`Authorization: Bearer …`). */
  token?: string;
  /**
   * Named keys (stored as SHA-256) and a master key, presented as `Authorization: Bearer <key>`:
   * each key sees and calls only its servers and tools, at its rate. Unknown or missing key: 401.
   */
  keys?: McpServeKeys;
  /** The endpoint's path. Default `/mcp`. */
  path?: string;
  /**
   * Runs before every request reaches the aggregator; a `Response` it returns (401, 403, 429) is
   * sent instead. For rules of the host's own: it sees the headers, the JSON-RPC message and the caller.
   */
  authorize?: (info: McpHttpRequestInfo) => Response | undefined | Promise<Response | undefined>;
  /** How long a 2025-era session may go unused before it is closed (see `createMcpHttpHandler`). Default 30 minutes. */
  sessionIdleMs?: number;
  /** How many 2025-era sessions one caller may hold; past it, its least recently used is closed. Default 100. */
  maxSessionsPerCaller?: number;
  /** How many 2026-07-28 `subscriptions/listen` streams one caller may hold open; past it, `-32603`. Default 32. */
  maxListensPerCaller?: number;
};

/** A listening Streamable HTTP endpoint; `notify` reaches 2026-07-28 clients' `subscriptions/listen` streams. */
export type McpHttpServer = {
  url: string;
  close: () => Promise<void>;
  notify: McpHttpHandler['notify'];
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Listens on `host:port` and serves {@link createMcpHttpHandler}'s endpoint there, authenticating
 * each request itself: with `keys`, by key (`Authorization: Bearer <key>`, 401 without a known
 * one); with `token`, by that one bearer token; else anyone — which is allowed on loopback only,
 * where a request whose `Host` or `Origin` is not loopback is refused (DNS rebinding). Bound
 * elsewhere it refuses to start without `token`, `keys` or `authorize`.
 */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const token = options.token === '' ? undefined : options.token;
  const hasKeys = (options.keys?.keys?.length ?? 0) > 0 || (options.keys?.masterKey ?? '') !== '';
  const loopback = LOOPBACK.has(host);
  if (!loopback && token === undefined && !hasKeys && options.authorize === undefined) {
    throw new InvalidSettingError({
      message: `Expected a bearer token to serve MCP on ${host}, which is not a loopback address (or keys); got none.`,
    });
  }
  if (hasKeys && token !== undefined) {
    throw new InvalidSettingError({
      message: 'Expected a bearer token or keys to serve MCP, got both: with keys, give each client a key.',
    });
  }
  const authenticate = hasKeys ? createMcpKeyAuthenticator(options.keys ?? {}) : undefined;
  let handler: McpHttpHandler | undefined;
  const http = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      let caller: McpCaller | undefined = ANONYMOUS_CALLER;
      if (authenticate !== undefined) caller = authenticate(incoming.headers.authorization ?? null);
      else if (token !== undefined && !sameToken(incoming.headers.authorization, token)) caller = undefined;
      if (caller === undefined || handler === undefined) {
        incoming.resume();
        const expected = hasKeys
          ? 'Expected `Authorization: Bearer <key>` with a key of this server.'
          : 'Expected `Authorization: Bearer <token>`.';
        await sendWebResponse(jsonRpcError(401, expected, { 'www-authenticate': 'Bearer' }), response);
        return;
      }
      await handler.handle(incoming, response, caller);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  handler = createMcpHttpHandler({
    ...(options.createServer === undefined ? {} : { createServer: options.createServer }),
    ...(options.bridge === undefined ? {} : { bridge: options.bridge }),
    ...(options.aggregator === undefined ? {} : { aggregator: options.aggregator }),
    ...(options.authorize === undefined ? {} : { authorize: options.authorize }),
    ...(options.audit === undefined ? {} : { audit: options.audit }),
    ...(options.logArguments === undefined ? {} : { logArguments: options.logArguments }),
    ...(options.sessionIdleMs === undefined ? {} : { sessionIdleMs: options.sessionIdleMs }),
    ...(options.maxSessionsPerCaller === undefined ? {} : { maxSessionsPerCaller: options.maxSessionsPerCaller }),
    ...(options.maxListensPerCaller === undefined ? {} : { maxListensPerCaller: options.maxListensPerCaller }),
    path,
    ...(loopback ? { allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`] } : {}),
  });
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${path}`,
    notify: handler.notify,
    close: async () => {
      await handler?.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
