import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatModel, Codec, StreamEvent } from '@interlingua/core';
import { InterlinguaError } from '@interlingua/core';
import { type WireProvider, wireCodecs } from '../wire-codecs';
import { createDemoModel } from './demo-model';

/** Settings of {@link startDemoServer}. */
export type DemoServerSettings = {
  /**
   * The wire protocol to speak: Chat Completions, Responses, Messages or generateContent. An
   * `openai` server answers `/v1/responses` too, as api.openai.com does, so one `OPENAI_BASE_URL`
   * serves both OpenAI APIs.
   */
  provider: WireProvider;
  /** The model behind the wire. Default: {@link createDemoModel} with a short pause between text pieces. */
  model?: ChatModel;
};

/** A running demo server. */
export type DemoServer = {
  /** The wire protocol it speaks. */
  provider: WireProvider;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** What to give the provider's SDK as its base URL (`<url>/v1` for OpenAI, `<url>` otherwise). */
  baseURL: string;
  close(): Promise<void>;
};

/**
 * Serves a `ChatModel` (by default the offline demo model) over HTTP in one provider's real
 * wire protocol, on 127.0.0.1 and a free port: it decodes each incoming body with that
 * provider's codec (`decodeRequest`), asks the model, and answers with `encodeResponse`, or
 * with `encodeStream` as server-sent events framed the way the provider frames them. Point the
 * provider's official SDK at `baseURL` and every leg — SDK, codec, wire — is the real one.
 * Malformed bodies get a 400 in the provider's error shape.
 *
 * @example
 * const server = await startDemoServer({ provider: 'anthropic' });
 * const claude = model('anthropic:claude-sonnet-4-6', { baseURL: server.baseURL, apiKey: 'offline' });
 */
export async function startDemoServer(settings: DemoServerSettings): Promise<DemoServer> {
  const { provider } = settings;
  const model = settings.model ?? createDemoModel({ chunkDelayMs: 12 });
  const open = new Set<ServerResponse>();

  const server = createServer((incoming, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    handle(provider, model, incoming, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(provider, response, 500, errorMessage(error));
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    provider,
    url,
    baseURL: provider === 'openai' || provider === 'openai-responses' ? `${url}/v1` : url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(
  served: WireProvider,
  model: ChatModel,
  incoming: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = new URL(incoming.url ?? '/', 'http://127.0.0.1').pathname;
  const route = matchRoute(served, incoming.method ?? 'GET', path);
  if (route === undefined) {
    sendError(served, response, 404, `Expected a ${ROUTE_HINT[served]} request, got ${incoming.method} ${path}.`);
    return;
  }
  // The protocol of this request: an OpenAI server speaks Responses on its own path.
  const provider = route.provider ?? served;
  const codec = wireCodecs[provider] as Codec;
  const raw = await readBody(incoming);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    sendError(provider, response, 400, 'Expected a JSON request body.');
    return;
  }
  let decoded: ReturnType<Codec['decodeRequest']>;
  try {
    decoded = codec.decodeRequest(body);
  } catch (error) {
    sendError(provider, response, 400, errorMessage(error));
    return;
  }
  const modelId = route.model ?? decoded.value.model ?? model.modelId;
  const stream = route.stream ?? decoded.value.stream;
  const signal = abortOnClose(response);
  if (!stream) {
    const result = await model.generate(decoded.value.request, { signal });
    sendJson(response, 200, codec.encodeResponse(result, { model: modelId }).value);
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const events: AsyncIterable<StreamEvent> = model.stream(decoded.value.request, { signal });
  for await (const chunk of codec.encodeStream(events, { model: modelId })) {
    response.write(frameEvent(provider, chunk));
  }
  if (provider === 'openai') response.write('data: [DONE]\n\n');
  response.end();
}

const ROUTE_HINT: Record<WireProvider, string> = {
  openai: 'POST /v1/chat/completions (or /v1/responses)',
  'openai-responses': 'POST /v1/responses',
  anthropic: 'POST /v1/messages',
  gemini: 'POST /v1beta/models/<model>:generateContent (or :streamGenerateContent)',
};

function matchRoute(
  provider: WireProvider,
  method: string,
  path: string,
): { model?: string; stream?: boolean; provider?: WireProvider } | undefined {
  if (method !== 'POST') return undefined;
  switch (provider) {
    case 'openai':
      if (path.endsWith('/responses')) return { provider: 'openai-responses' };
      return path.endsWith('/chat/completions') ? {} : undefined;
    case 'openai-responses':
      return path.endsWith('/responses') ? {} : undefined;
    case 'anthropic':
      return path.endsWith('/messages') ? {} : undefined;
    case 'gemini': {
      // The model and the streaming choice ride in the URL, not the body.
      const match = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
      if (match?.[1] === undefined) return undefined;
      return { model: decodeURIComponent(match[1]), stream: match[2] === 'streamGenerateContent' };
    }
    default: {
      const exhaustive: never = provider;
      throw new Error(`Unknown provider ${String(exhaustive)}`);
    }
  }
}

/** One chunk in the provider's SSE framing: Anthropic and Responses name the event, Gemini ends lines with CRLF. */
function frameEvent(provider: WireProvider, chunk: unknown): string {
  const data = JSON.stringify(chunk);
  if (provider === 'anthropic' || provider === 'openai-responses') {
    const type = (chunk as { type?: unknown }).type;
    return `event: ${typeof type === 'string' ? type : 'message'}\ndata: ${data}\n\n`;
  }
  if (provider === 'gemini') return `data: ${data}\r\n\r\n`;
  return `data: ${data}\n\n`;
}

/** An error body in the provider's own shape, so the SDK raises its usual error. */
function sendError(provider: WireProvider, response: ServerResponse, status: number, message: string): void {
  const type = status === 404 ? 'not_found_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
  const body =
    provider === 'anthropic'
      ? { type: 'error', error: { type, message } }
      : provider === 'gemini'
        ? {
            error: {
              code: status,
              message,
              status: status === 404 ? 'NOT_FOUND' : status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT',
            },
          }
        : { error: { message, type, param: null, code: null } };
  sendJson(response, status, body);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function abortOnClose(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  return controller.signal;
}

function errorMessage(error: unknown): string {
  if (InterlinguaError.isInstance(error) || error instanceof Error) return error.message;
  return String(error);
}
