import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidSettingError } from '@interlingua/core';
import {
  createMcpHandler,
  isLegacyRequest,
  type McpRequestContext,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { McpBridge } from '../host/mcp-bridge';
import {
  createMcpAggregatorServer,
  type McpAggregatorServer,
  type McpAggregatorServerOptions,
} from './create-mcp-aggregator-server';
import { KeyRateLimiter } from './key-rate-limiter';
import { DEFAULT_MAX_SESSIONS_PER_CALLER, DEFAULT_SESSION_IDLE_MS, LegacySessionTable } from './legacy-session-table';
import {
  holdResourceWatches,
  listenedResourcesOf,
  MAX_WATCHED_RESOURCES,
  releaseWithBody,
  withoutResources,
} from './listen-resource-watches';
import { DEFAULT_MAX_LISTENS_PER_CALLER, isListen, ListenSlots } from './listen-slots';
import { type McpAuditOptions, refusedLine } from './mcp-audit-line';
import type { McpCaller } from './mcp-caller';
import { auditedCallsOf, deniedCall, idOf, jsonRpcError, parseMessage } from './mcp-http-messages';
import { sendWebResponse, toWebRequest } from './node-web-bridge';
import { ServedNames } from './served-names';
import { servedToolResolver } from './served-tool-resolver';

/** One HTTP request as an authorization step sees it, before the aggregator does. */
export type McpHttpRequestInfo = {
  /** The request (headers, method, URL); its body is already read into `message`. */
  request: Request;
  /** The JSON-RPC message of a POST (`method`, `params.name` for `tools/call`), or `undefined`. */
  message: unknown;
  /** `modern` for a 2026-07-28 request, `legacy` for a 2025-era one. */
  era: 'modern' | 'legacy';
  /** Who is calling, as the embedder authenticated it. */
  caller: McpCaller;
};

/** Options of {@link createMcpHttpHandler}: how the aggregator is built, where it answers, what it logs. */
export type McpHttpHandlerOptions = McpAuditOptions & {
  /**
   * The bridge to serve: the handler builds `createMcpAggregatorServer(bridge, { ...aggregator, caller,
   * audit, logArguments })` per caller, and answers a `tools/call` the caller may not use with HTTP 403.
   */
  bridge?: McpBridge;
  /** Options of each aggregator built from `bridge` (tools of the host's own, names, relay, …). */
  aggregator?: Omit<McpAggregatorServerOptions, 'caller' | 'audit' | 'logArguments'>;
  /**
   * Instead of `bridge`: a fresh MCP server for each 2025-era session and each 2026-07-28 request,
   * built for `caller` (pass it to `createMcpAggregatorServer` as `caller`). Without `bridge` the
   * handler refuses with 403 only what the caller's `tools` patterns exclude.
   */
  createServer?: (context: McpRequestContext | undefined, caller: McpCaller) => McpAggregatorServer;
  /** The endpoint's path. Default `/mcp`; any other path is 404. */
  path?: string;
  /**
   * The `Host` header values accepted (`127.0.0.1:8080`, `localhost:8080`, `[::1]:8080`): set it when
   * serving on loopback, so a page on another site cannot reach the endpoint through DNS rebinding;
   * an `Origin` header must then name a loopback host too. Default: no check.
   */
  allowedHosts?: readonly string[];
  /** Runs before a request reaches the aggregator; a `Response` it returns (401, 403, …) is sent instead. */
  authorize?: (info: McpHttpRequestInfo) => Response | undefined | Promise<Response | undefined>;
  /**
   * How long a 2025-era session may go unused (no request, no open stream) before it is closed;
   * its client then gets 404 and initializes again. Default 30 minutes.
   */
  sessionIdleMs?: number;
  /** How many 2025-era sessions one caller (key) may hold; past it, its least recently used is closed. Default 100. */
  maxSessionsPerCaller?: number;
  /** How many 2026-07-28 `subscriptions/listen` streams one caller (key) may hold open; past it, `-32603`. Default 32. */
  maxListensPerCaller?: number;
};

/** A Streamable HTTP endpoint without a listener, for a server that authenticates its callers itself. */
export type McpHttpHandler = {
  /** Serves one HTTP request on the MCP endpoint as `caller` (already authenticated by whoever embeds it). */
  handle(request: IncomingMessage, response: ServerResponse, caller: McpCaller): Promise<void>;
  /** Reaches 2026-07-28 clients' `subscriptions/listen` streams (see `notifyListenStreams`). */
  notify: ReturnType<typeof createMcpHandler>['notify'];
  /** Ends every session and stream. */
  close(): Promise<void>;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

function rebound(request: Request, allowedHosts: readonly string[] | undefined): Response | undefined {
  if (allowedHosts === undefined) return undefined;
  if (!allowedHosts.includes(request.headers.get('host') ?? ''))
    return jsonRpcError(403, 'Forbidden: the Host is not this server.');
  const origin = request.headers.get('origin');
  if (origin === null) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).hostname;
  } catch {
    return jsonRpcError(403, 'Forbidden: the Origin is not a URL.');
  }
  return LOOPBACK.has(originHost) ? undefined : jsonRpcError(403, 'Forbidden: the Origin is not loopback.');
}

/**
 * Serves MCP over Streamable HTTP in both eras on one path, without a listener: a 2026-07-28 client
 * (no session, `server/discover`, per-request `_meta`) gets a fresh server per request through the
 * SDK's `createMcpHandler`; a 2025-era client (`initialize`, then `Mcp-Session-Id`) gets a session and
 * one server for it — `POST` for requests, `GET` for its notifications stream, `DELETE` to end it.
 * Each server is built for the request's caller, who sees only what it may use; a session belongs to
 * the caller that opened it (another caller gets 404, as for a session that is not there). A caller
 * with `requestsPerMinute` past its rate gets 429 with `Retry-After`; a `tools/call` (or
 * `resources/read`, `prompts/get`) of something it may not use gets 403. Every such call writes one
 * line to `audit`.
 */
export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  const { bridge } = options;
  if (bridge === undefined && options.createServer === undefined) {
    throw new InvalidSettingError({
      message: 'createMcpHttpHandler: expected `bridge` or `createServer`, got neither.',
    });
  }
  const path = options.path ?? '/mcp';
  const build =
    options.createServer ??
    ((_context: McpRequestContext | undefined, caller: McpCaller) =>
      createMcpAggregatorServer(bridge as McpBridge, {
        ...options.aggregator,
        caller,
        ...(options.audit === undefined ? {} : { audit: options.audit }),
        ...(options.logArguments === undefined ? {} : { logArguments: options.logArguments }),
      }));
  const resolve = servedToolResolver(bridge, options.aggregator);
  const serverNames = bridge?.servers.map((status) => status.name) ?? [];
  const names = new ServedNames(options.aggregator?.prefixNames ?? serverNames.length !== 1, serverNames);
  const limiter = new KeyRateLimiter();
  const callerOf = new WeakMap<Request, McpCaller>();
  const listens = new ListenSlots(options.maxListensPerCaller ?? DEFAULT_MAX_LISTENS_PER_CALLER);
  const sessions = new LegacySessionTable(
    options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
    options.maxSessionsPerCaller ?? DEFAULT_MAX_SESSIONS_PER_CALLER,
  );
  const modern = createMcpHandler(
    (context) => {
      // The request's caller, recorded just before this request reached the SDK's handler.
      const caller = (context.requestInfo === undefined ? undefined : callerOf.get(context.requestInfo)) ?? {
        name: undefined,
        servers: [],
        tools: [],
      };
      const { server, dispose } = build(context, caller);
      server.onclose = dispose;
      return server;
    },
    { legacy: 'reject' },
  );
  const audit = (line: Parameters<NonNullable<McpAuditOptions['audit']>>[0]) => {
    try {
      options.audit?.(line);
    } catch {
      // A broken log must not fail the request.
    }
  };

  const startSession = async (request: Request, caller: McpCaller, message: unknown): Promise<Response> => {
    const { server, dispose } = build({ era: 'legacy', requestInfo: request }, caller);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.add(id, transport, caller.name);
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
    const answer = await transport.handleRequest(request, message === undefined ? {} : { parsedBody: message });
    // No session came of it (not an initialize: the SDK answered 400): its server would never be closed.
    if (transport.sessionId === undefined) await transport.close();
    return answer;
  };

  const serve = async (request: Request, body: Buffer, caller: McpCaller): Promise<Response> => {
    if (new URL(request.url).pathname !== path) return jsonRpcError(404, `Not found: the MCP endpoint is ${path}.`);
    const refused = rebound(request, options.allowedHosts);
    if (refused !== undefined) return refused;
    const message = parseMessage(body);
    const calls = auditedCallsOf(message);
    if (caller.name !== undefined && caller.requestsPerMinute !== undefined) {
      const wait = limiter.take(caller.name, caller.requestsPerMinute);
      if (wait !== undefined) {
        const why = `Too many requests: the key allows ${caller.requestsPerMinute} a minute.`;
        for (const call of calls) {
          const server = (await resolve(call))?.server;
          audit(refusedLine(caller, { ...call, server }, 'rate_limited', why, options.logArguments));
        }
        return jsonRpcError(
          429,
          `${why} Retry after ${wait} s.`,
          { 'retry-after': String(wait) },
          -32000,
          idOf(message),
        );
      }
    }
    for (const call of calls) {
      const resolved = await resolve(call);
      const denied = deniedCall(caller, call, resolved);
      if (denied === undefined) continue;
      audit(refusedLine(caller, { ...call, server: resolved?.server }, 'denied', denied, options.logArguments));
      return jsonRpcError(403, denied, {}, -32602, call.id);
    }
    const sessionId = request.headers.get('mcp-session-id');
    const legacy = sessionId !== null || (request.method === 'POST' && (await isLegacyRequest(request, message)));
    if (options.authorize !== undefined) {
      const answer = await options.authorize({ request, message, era: legacy ? 'legacy' : 'modern', caller });
      if (answer !== undefined) return answer;
    }
    if (!legacy) {
      callerOf.set(request, caller);
      const listened = bridge === undefined ? undefined : listenedResourcesOf(message);
      const answer = () =>
        listened === undefined
          ? modern.fetch(request, message === undefined ? {} : { parsedBody: message })
          : listenWithWatches(request, message, caller, listened);
      if (!isListen(message)) return answer();
      // Each caller's open listen streams are counted: one key cannot take every slot there is.
      const slot = listens.take(caller.name);
      if (slot === undefined) {
        const why = `Subscription limit reached: a key may hold ${listens.max} open subscriptions/listen streams.`;
        return jsonRpcError(200, why, {}, -32603, idOf(message));
      }
      const opened = await answer().catch((error: unknown) => {
        slot();
        throw error;
      });
      return releaseWithBody(opened, async () => slot());
    }
    // Another caller's session is not there for this one: no taking over a session with another key.
    const existing = sessionId === null ? undefined : sessions.get(sessionId, caller.name);
    if (existing !== undefined && sessionId !== null) {
      // In use until its answer's body is done (a GET notification stream: while it is open).
      const done = sessions.use(sessionId);
      const answer = await existing
        .handleRequest(request, message === undefined ? {} : { parsedBody: message })
        .catch((error: unknown) => {
          done();
          throw error;
        });
      return releaseWithBody(answer, async () => done());
    }
    if (sessionId !== null) return jsonRpcError(404, 'Session not found: start again with initialize.');
    return startSession(request, caller, message);
  };

  // A 2026-07-28 listen for resource updates: the caller may watch only what it may read, and the
  // upstream servers are asked for the updates while the stream is open (the SDK's router filters).
  const listenWithWatches = async (
    request: Request,
    message: unknown,
    caller: McpCaller,
    listened: NonNullable<ReturnType<typeof listenedResourcesOf>>,
  ): Promise<Response> => {
    if (listened.uris.length > MAX_WATCHED_RESOURCES) {
      const why = `Invalid params: at most ${MAX_WATCHED_RESOURCES} resourceSubscriptions in one listen.`;
      return jsonRpcError(200, why, {}, -32602, listened.id);
    }
    for (const uri of listened.uris) {
      const call = { method: 'resources/read' as const, name: uri, args: undefined, id: listened.id };
      const resolved = await resolve(call);
      const denied = deniedCall(caller, call, resolved);
      if (denied === undefined) continue;
      const refused = { method: 'subscriptions/listen' as const, name: uri, server: resolved?.server, args: undefined };
      audit(refusedLine(caller, refused, 'denied', denied, options.logArguments));
      return jsonRpcError(403, denied, {}, -32602, listened.id);
    }
    // What an upstream server refused is left out of the listen: its acknowledgement says so.
    const { release, refused } = await holdResourceWatches(bridge as McpBridge, names, listened.uris);
    const parsedBody = withoutResources(message, refused);
    const answer = await modern.fetch(request, { parsedBody }).catch(async (error: unknown) => {
      await release();
      throw error;
    });
    return releaseWithBody(answer, release);
  };

  return {
    handle: async (incoming, response, caller) => {
      const origin = `http://${incoming.headers.host ?? 'localhost'}`;
      const converted = await toWebRequest(incoming, response, origin).catch(() => undefined);
      const answer =
        converted === undefined
          ? jsonRpcError(413, 'The request body is larger than the server accepts.')
          : await serve(converted.web, converted.body, caller).catch((error: unknown) =>
              jsonRpcError(500, error instanceof Error ? error.message : String(error)),
            );
      await sendWebResponse(answer, response);
    },
    notify: modern.notify,
    close: async () => {
      await sessions.closeAll();
      await modern.close();
    },
  };
}
