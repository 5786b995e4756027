import {
  type ClientRequest,
  type Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  Agent as NodeHttpAgent,
} from 'node:http';
import { request as httpsRequest, Agent as NodeHttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate, constants as zlib } from 'node:zlib';

/** Settings of {@link createKeepAliveFetch}. */
export type KeepAliveFetchSettings = {
  /** Sockets kept open per host (idle or busy). Default 256. */
  maxSockets?: number;
  /** Idle sockets kept per host. Default 64. */
  maxFreeSockets?: number;
  /**
   * Milliseconds an idle socket is kept before it is closed. Default 4,000: below the 5 s
   * keep-alive timeout of Node servers, so the client closes first and does not send on a socket
   * the server is closing (a shorter `Keep-Alive: timeout=` hint of the server wins). A call
   * waiting longer for its answer is not cut: only idle sockets are closed.
   */
  idleTimeoutMs?: number;
  /**
   * More certificate authorities to trust for `https:` (PEM), e.g. a private backend's; Node's
   * bundled roots (and `NODE_EXTRA_CA_CERTS`) stay trusted.
   */
  ca?: string | readonly string[];
};

/** A `fetch` over keep-alive `node:http` / `node:https` agents, with `close()` to end its sockets. */
export type KeepAliveFetch = typeof globalThis.fetch & {
  /** Closes every socket, idle or busy; later calls open new ones. */
  close(): void;
};

type BodySource = {
  bytes: Buffer | undefined;
  stream: ReadableStream<Uint8Array> | undefined;
  type: string | undefined;
};

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);
// A reused idle socket the server had closed: Node's documented case for one retry.
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * A `fetch` for the official SDKs (their `fetch` option) that sends over keep-alive `node:http`
 * and `node:https` agents instead of undici: the same contract the SDKs rely on, at a fraction of
 * undici's cost per call. Request and response bodies stream; an `AbortSignal` rejects the call
 * or errors the body with the signal's reason; a network failure rejects with
 * `TypeError('fetch failed')` and a body cut off errors with `TypeError('terminated')`, as undici
 * does (each with the Node error as `cause`); gzip, deflate and br bodies are decoded; every
 * `set-cookie` is kept. Redirects are not followed (the 3xx is returned as is: the SDKs never
 * rely on one). A request that fails on a reused idle socket before any answer is sent once more
 * on a new socket when its body can be replayed. Node only.
 *
 * @example
 * const fetch = createKeepAliveFetch();
 * const gpt = createOpenAI({ fetch })('gpt-4.1-mini');
 * // … at shutdown:
 * fetch.close();
 */
export function createKeepAliveFetch(settings: KeepAliveFetchSettings = {}): KeepAliveFetch {
  const options = {
    keepAlive: true,
    maxSockets: settings.maxSockets ?? 256,
    maxFreeSockets: settings.maxFreeSockets ?? 64,
    timeout: settings.idleTimeoutMs ?? 4_000,
    scheduling: 'lifo' as const,
  };
  const extraCa = settings.ca === undefined ? [] : typeof settings.ca === 'string' ? [settings.ca] : [...settings.ca];
  const agents = {
    http: new NodeHttpAgent(options),
    // `ca` replaces the trusted roots in Node, so the bundled ones are listed again.
    https: new NodeHttpsAgent(extraCa.length === 0 ? options : { ...options, ca: [...rootCertificates, ...extraCa] }),
  };

  const keepAliveFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request === undefined ? String(input) : request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError('fetch failed', { cause: new Error(`Expected an http: or https: URL, got ${url.protocol}`) });
    }
    const signal = init?.signal ?? request?.signal ?? undefined;
    if (signal?.aborted) throw abortReason(signal);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = collectHeaders(init?.headers ?? request?.headers);
    const body = await readBodySource(init?.body ?? (init === undefined || !('body' in init) ? request?.body : null));
    if (body.type !== undefined && headers['content-type'] === undefined) headers['content-type'] = body.type;
    if (body.bytes !== undefined) headers['content-length'] = String(body.bytes.length);
    else if (body.stream === undefined && (method === 'POST' || method === 'PUT' || method === 'PATCH'))
      headers['content-length'] = '0';
    headers['accept'] ??= '*/*';
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    const agent = url.protocol === 'https:' ? agents.https : agents.http;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;

    const attempt = (retry: boolean): Promise<Response> =>
      new Promise<Response>((resolve, reject) => {
        let settled = false;
        const outgoing: ClientRequest = send(url, { method, headers, agent: agent as HttpAgent });
        const onAbort = () => {
          const reason = abortReason(signal as AbortSignal);
          outgoing.destroy();
          if (!settled) {
            settled = true;
            reject(reason);
          }
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const forget = () => signal?.removeEventListener('abort', onAbort);
        outgoing.once('response', (incoming) => {
          settled = true;
          try {
            resolve(toResponse(incoming, url, method, signal, forget));
          } catch (error) {
            forget();
            incoming.destroy();
            reject(new TypeError('fetch failed', { cause: error }));
          }
        });
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          if (settled) return;
          settled = true;
          forget();
          if (signal?.aborted) return reject(abortReason(signal));
          const replayable = body.stream === undefined;
          if (!retry && replayable && outgoing.reusedSocket && STALE_SOCKET_CODES.has(error.code ?? '')) {
            attempt(true).then(resolve, reject);
            return;
          }
          reject(new TypeError('fetch failed', { cause: error }));
        });
        if (body.stream === undefined) outgoing.end(body.bytes);
        else void pipeBody(body.stream, outgoing);
      });
    return attempt(false);
  };

  return Object.assign(keepAliveFetch as typeof globalThis.fetch, {
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

// Lower-cased names; repeated names joined as fetch's Headers joins them (set-cookie aside, which requests never send twice).
function collectHeaders(source: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (source === undefined) return out;
  const add = (name: string, value: string) => {
    const key = name.toLowerCase();
    const previous = out[key];
    out[key] = previous === undefined ? value : `${previous}, ${value}`;
  };
  if (source instanceof Headers) {
    source.forEach((value, name) => {
      add(name, value);
    });
  } else if (Array.isArray(source)) {
    for (const [name, value] of source) add(String(name), String(value));
  } else {
    for (const name of Object.keys(source)) {
      const value = (source as Record<string, unknown>)[name];
      if (value !== undefined && value !== null) add(name, String(value));
    }
  }
  return out;
}

// Strings and bytes are sent with a length; streams chunked; anything else (FormData, Blob,
// URLSearchParams) is serialized the way fetch would, by a Response.
async function readBodySource(body: BodyInit | null | undefined): Promise<BodySource> {
  if (body === undefined || body === null) return { bytes: undefined, stream: undefined, type: undefined };
  if (typeof body === 'string')
    return { bytes: Buffer.from(body), stream: undefined, type: 'text/plain;charset=UTF-8' };
  if (body instanceof Uint8Array)
    return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength), stream: undefined, type: undefined };
  if (body instanceof ArrayBuffer) return { bytes: Buffer.from(body), stream: undefined, type: undefined };
  if (ArrayBuffer.isView(body))
    return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength), stream: undefined, type: undefined };
  if (body instanceof ReadableStream) return { bytes: undefined, stream: body, type: undefined };
  const serialized = new Response(body as BodyInit);
  const type = serialized.headers.get('content-type') ?? undefined;
  if (body instanceof FormData) return { bytes: undefined, stream: serialized.body ?? undefined, type };
  return { bytes: Buffer.from(await serialized.arrayBuffer()), stream: undefined, type };
}

async function pipeBody(stream: ReadableStream<Uint8Array>, outgoing: ClientRequest): Promise<void> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (outgoing.destroyed) return;
      if (!outgoing.write(value)) await new Promise((resolve) => outgoing.once('drain', resolve));
    }
    outgoing.end();
  } catch (error) {
    outgoing.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    reader.releaseLock();
  }
}

function toResponse(
  incoming: IncomingMessage,
  url: URL,
  method: string,
  signal: AbortSignal | undefined,
  forget: () => void,
): Response {
  const status = incoming.statusCode ?? 502;
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2)
    headers.append(raw[index] as string, raw[index + 1] as string);
  const empty = method === 'HEAD' || NULL_BODY_STATUS.has(status);
  let body: ReadableStream<Uint8Array> | null = null;
  if (empty) {
    incoming.on('error', forget);
    incoming.once('end', forget);
    incoming.resume();
  } else {
    body = toWebStream(decode(incoming, headers.get('content-encoding')), incoming, signal, forget);
  }
  const response = new Response(body, { status, statusText: incoming.statusMessage ?? '', headers });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}

// The body decoded per content-encoding, as fetch does (the headers stay as received).
function decode(incoming: IncomingMessage, encoding: string | null): Readable {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let stream: Readable = incoming;
  for (const coding of codings.reverse()) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip({ flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH })
        : coding === 'deflate'
          ? createInflate({ flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH })
          : coding === 'br'
            ? createBrotliDecompress({ flush: zlib.BROTLI_OPERATION_FLUSH, finishFlush: zlib.BROTLI_OPERATION_FLUSH })
            : undefined;
    if (decoder === undefined) return incoming;
    stream.on('error', (error) => decoder.destroy(error));
    stream = stream.pipe(decoder);
  }
  return stream;
}

// A byte stream that pulls from the Node stream (backpressure), errors with fetch's
// `TypeError('terminated')` when the connection drops, and with the signal's reason on abort.
function toWebStream(
  source: Readable,
  incoming: IncomingMessage,
  signal: AbortSignal | undefined,
  forget: () => void,
): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const finish = (error?: unknown) => {
          if (done) return;
          done = true;
          forget();
          signal?.removeEventListener('abort', onAbort);
          if (error === undefined) controller.close();
          else controller.error(error);
        };
        const onAbort = () => {
          finish(abortReason(signal as AbortSignal));
          incoming.destroy();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        source.on('data', (chunk: Buffer) => {
          if (done) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) source.pause();
        });
        source.once('end', () => finish());
        source.on('error', (error) => finish(new TypeError('terminated', { cause: error })));
        incoming.once('aborted', () => finish(new TypeError('terminated', { cause: new Error('other side closed') })));
        incoming.once('close', () => {
          if (!incoming.complete) finish(new TypeError('terminated', { cause: new Error('other side closed') }));
        });
      },
      pull() {
        source.resume();
      },
      cancel() {
        done = true;
        forget();
        incoming.destroy();
      },
    },
    // Up to 64 KiB buffered before the socket is paused: with a mark of one chunk, the upstream
    // paused after every HTTP chunk, and each event reached the reader in a turn of its own.
    { highWaterMark: 65_536, size: (chunk) => chunk.byteLength },
  );
}
