import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type EventStreamMessage, encodeEventStream } from './event-stream';

/** One request the server received. */
export type RecordedRequest = {
  method: string;
  /** Path with the query string, e.g. `/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`. */
  url: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body as text. */
  rawBody: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  body: unknown;
};

/**
 * The SSE framing of each provider: `openai` (Chat Completions: `data:` lines and `[DONE]`),
 * `openai-responses` and `anthropic` (an `event:` line naming the event's `type` before each
 * `data:` line, no terminator), `gemini` (`data:` lines, CRLF).
 */
export type SSEFormat = 'openai' | 'openai-responses' | 'anthropic' | 'gemini';

/**
 * How an SSE reply ends: `close` ends the response normally; `hang` keeps the connection open
 * without another byte (a stalled stream); `reset` resets the socket (TCP RST), as a dropped
 * connection would. `hang` and `reset` leave out the terminator (`[DONE]` for OpenAI).
 */
export type SSEEnd = 'close' | 'hang' | 'reset';

/** What a route answers. Build replies with {@link json}, {@link sse}, {@link raw}, {@link hang}. */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers: Record<string, string> }
  | { kind: 'raw'; status: number; body: string | Uint8Array; headers: Record<string, string> }
  | {
      kind: 'sse';
      format: SSEFormat;
      events: unknown[];
      status: number;
      headers: Record<string, string>;
      /** Write the stream in pieces of this many bytes, to split events and characters anywhere. */
      splitEvery: number | undefined;
      /** End the stream without its terminator (`[DONE]` for OpenAI), as a dropped connection would. */
      truncate: boolean;
      /** What happens after the events (default `close`). */
      end: SSEEnd;
      /** Write the first `after` events, then wait for `until` before the rest (a stream paused mid-way). */
      hold: { after: number; until: Promise<unknown> } | undefined;
    }
  | {
      kind: 'eventstream';
      messages: EventStreamMessage[];
      status: number;
      headers: Record<string, string>;
      /** Write the stream in pieces of this many bytes, to split frames anywhere. */
      splitEvery: number | undefined;
      /** Cut the body after this many messages, in the middle of the next frame, as a dropped connection would. */
      truncateAfter: number | undefined;
      /** Send the messages, then keep the connection open: a stream that stalls after them. */
      hang: boolean;
      /** Send the messages, then reset the socket (TCP RST), as a dropped connection would. */
      reset?: boolean;
    }
  | { kind: 'hang' };

/** A route: which requests it matches and what it answers (one reply per request, in turn; the last repeats). */
export type Route = {
  method?: string;
  path: string | RegExp | ((path: string) => boolean);
  reply: Reply | Reply[] | ((request: RecordedRequest, index: number) => Reply | Promise<Reply>);
};

/** A running provider server. */
export type ProviderServer = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /**
   * Resolves with `performance.now()` when the connection of request `index` (in arrival
   * order) closed or its answer ended: how a test sees a client (a gateway) hang up.
   */
  closed(index: number): Promise<number>;
  close(): Promise<void>;
};

/** A JSON reply. */
export function json(body: unknown, options: { status?: number; headers?: Record<string, string> } = {}): Reply {
  return { kind: 'json', status: options.status ?? 200, body, headers: options.headers ?? {} };
}

/**
 * A reply of any body text or bytes, e.g. a 200 whose body is not JSON, or event-stream frames
 * with a corrupted byte. The content type defaults to `application/json`.
 */
export function raw(
  body: string | Uint8Array,
  options: { status?: number; headers?: Record<string, string> } = {},
): Reply {
  return {
    kind: 'raw',
    status: options.status ?? 200,
    body,
    headers: { 'content-type': 'application/json', ...options.headers },
  };
}

/**
 * An SSE reply in one provider's framing. Each event is a JSON object (Anthropic, OpenAI Responses: its `type` names the event).
 * `end: 'hang'` with no events is a stream that stalls right after the headers; with events, one
 * that stalls after them. `end: 'reset'` drops the connection after the events.
 */
export function sse(
  format: SSEFormat,
  events: unknown[],
  options: {
    status?: number;
    headers?: Record<string, string>;
    splitEvery?: number;
    truncate?: boolean;
    end?: SSEEnd;
    /** Write the first `after` events, then wait for `until` before the rest (a stream paused mid-way). */
    hold?: { after: number; until: Promise<unknown> };
  } = {},
): Reply {
  const end = options.end ?? 'close';
  return {
    kind: 'sse',
    format,
    events,
    status: options.status ?? 200,
    headers: options.headers ?? {},
    splitEvery: options.splitEvery,
    truncate: (options.truncate ?? false) || end !== 'close',
    end,
    hold: options.hold,
  };
}

/**
 * A binary AWS event-stream reply (`application/vnd.amazon.eventstream`, as Bedrock's
 * `ConverseStream` answers), framed by `@smithy/eventstream-codec`. Build the messages with
 * `eventStreamEvent`, `eventStreamException` or `eventStreamMessagesOf(chunks)`.
 */
export function eventStream(
  messages: EventStreamMessage[],
  options: {
    status?: number;
    headers?: Record<string, string>;
    splitEvery?: number;
    truncateAfter?: number;
    /** Keep the connection open after the messages (a stalled stream). */
    hang?: boolean;
    /** Reset the socket after the messages (a dropped connection). */
    reset?: boolean;
  } = {},
): Reply {
  return {
    kind: 'eventstream',
    messages,
    status: options.status ?? 200,
    headers: options.headers ?? {},
    splitEvery: options.splitEvery,
    truncateAfter: options.truncateAfter,
    hang: options.hang ?? false,
    reset: options.reset ?? false,
  };
}

/** A reply that never comes: the request stays open until the client gives up or the server closes. */
export function hang(): Reply {
  return { kind: 'hang' };
}

/** Frames events as the provider's SSE body. */
export function encodeSSE(format: SSEFormat, events: unknown[], truncate = false): string {
  let out = '';
  for (const event of events) {
    const data = JSON.stringify(event);
    if (format === 'anthropic' || format === 'openai-responses') {
      const type = (event as { type?: unknown }).type;
      out += `event: ${typeof type === 'string' ? type : 'message'}\ndata: ${data}\n\n`;
    } else if (format === 'gemini') {
      out += `data: ${data}\r\n\r\n`;
    } else {
      out += `data: ${data}\n\n`;
    }
  }
  if (format === 'openai' && !truncate) out += 'data: [DONE]\n\n';
  return out;
}

/**
 * Starts a local HTTP server on 127.0.0.1 (random port) that speaks a provider's wire
 * protocol from scripted routes — JSON, SSE, or AWS's binary event stream — and records every request. Point an official
 * SDK's `baseURL` at `url` to test an adapter over real HTTP. Unmatched requests get a 404
 * whose body names the path.
 */
export async function startProviderServer(options: { routes: Route[] }): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  const hits = new Map<Route, number>();
  const open = new Set<ServerResponse>();
  const closings: Promise<number>[] = [];

  const server = createServer(async (incoming, response) => {
    open.add(response);
    closings.push(new Promise((resolve) => response.once('close', () => resolve(performance.now()))));
    response.on('close', () => open.delete(response));
    const request = await record(incoming);
    requests.push(request);
    const route = options.routes.find((candidate) => matches(candidate, request));
    if (route === undefined) {
      send(response, json({ error: { message: `No route for ${request.method} ${request.path}` } }, { status: 404 }));
      return;
    }
    const index = hits.get(route) ?? 0;
    hits.set(route, index + 1);
    try {
      send(response, await pick(route, request, index));
    } catch (error) {
      send(response, json({ error: { message: String(error) } }, { status: 500 }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    closed: (index) => closings[index] ?? Promise.reject(new Error(`No request ${index} arrived.`)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function record(incoming: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  let body: unknown;
  try {
    body = rawBody === '' ? undefined : JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  const url = incoming.url ?? '/';
  const parsed = new URL(url, 'http://127.0.0.1');
  return {
    method: incoming.method ?? 'GET',
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers: incoming.headers,
    rawBody,
    body,
  };
}

function matches(route: Route, request: RecordedRequest): boolean {
  if (route.method !== undefined && route.method.toUpperCase() !== request.method) return false;
  if (typeof route.path === 'string') return route.path === request.path;
  if (route.path instanceof RegExp) return route.path.test(request.path);
  return route.path(request.path);
}

async function pick(route: Route, request: RecordedRequest, index: number): Promise<Reply> {
  if (typeof route.reply === 'function') return route.reply(request, index);
  if (Array.isArray(route.reply)) {
    const reply = route.reply[Math.min(index, route.reply.length - 1)];
    if (reply === undefined) throw new Error('A route needs at least one reply.');
    return reply;
  }
  return route.reply;
}

function send(response: ServerResponse, reply: Reply): void {
  if (reply.kind === 'hang') return;
  if (reply.kind === 'json') {
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.body));
    return;
  }
  if (reply.kind === 'eventstream') {
    response.writeHead(reply.status, { 'content-type': 'application/vnd.amazon.eventstream', ...reply.headers });
    let body = Buffer.from(encodeEventStream(reply.messages));
    if (reply.truncateAfter !== undefined) {
      // A cut stream: the first messages whole, then half of the next frame, then the end of the body.
      const kept = encodeEventStream(reply.messages.slice(0, reply.truncateAfter)).length;
      const next = encodeEventStream(reply.messages.slice(reply.truncateAfter, reply.truncateAfter + 1)).length;
      body = body.subarray(0, kept + Math.floor(next / 2));
    }
    response.flushHeaders();
    writeInPieces(response, body, reply.splitEvery);
    if (reply.reset === true) response.write(Buffer.alloc(0), () => response.socket?.resetAndDestroy());
    else if (!reply.hang) response.end();
    return;
  }
  if (reply.kind === 'raw') {
    response.writeHead(reply.status, reply.headers);
    response.end(reply.body);
    return;
  }
  response.writeHead(reply.status, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...reply.headers,
  });
  response.flushHeaders();
  if (reply.hold !== undefined) {
    const { after, until } = reply.hold;
    writeInPieces(
      response,
      Buffer.from(encodeSSE(reply.format, reply.events.slice(0, after), true), 'utf8'),
      reply.splitEvery,
    );
    void until.then(() => {
      // The client (a gateway) may have gone away meanwhile.
      if (!response.destroyed) writeRest(response, { ...reply, events: reply.events.slice(after) });
    });
    return;
  }
  writeRest(response, reply);
}

function writeRest(response: ServerResponse, reply: Extract<Reply, { kind: 'sse' }>): void {
  writeInPieces(response, Buffer.from(encodeSSE(reply.format, reply.events, reply.truncate), 'utf8'), reply.splitEvery);
  if (reply.end === 'close') response.end();
  // Reset once the bytes are on the wire, so the client sees the events and then the dropped connection.
  else if (reply.end === 'reset') response.write(Buffer.alloc(0), () => response.socket?.resetAndDestroy());
}

function writeInPieces(response: ServerResponse, body: Buffer, splitEvery: number | undefined): void {
  const step = splitEvery ?? body.length;
  for (let offset = 0; offset < body.length; offset += step) response.write(body.subarray(offset, offset + step));
}
