import type { IncomingMessage, ServerResponse } from 'node:http';

/** The most bytes of one request body read: 4 MiB, the SDK's own bound. */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/**
 * A Node request as a web `Request` (the SDK's v2 serving speaks fetch), its body read whole and
 * bounded; the signal aborts when the client goes away. `undefined` for a body over the bound.
 */
export async function toWebRequest(
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<{ web: Request; body: Buffer } | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const aborted = new AbortController();
  // The response closes when it is done or the client went away; either way the exchange is over.
  response.once('close', () => aborted.abort());
  const method = request.method ?? 'GET';
  const web = new Request(new URL(request.url ?? '/', origin), {
    method,
    headers,
    signal: aborted.signal,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
  });
  return { web, body };
}

/** Writes a web `Response` to a Node response, streaming its body (SSE included) as it comes. */
export async function sendWebResponse(web: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  web.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = web.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(web.status, headers);
  response.flushHeaders();
  if (web.body === null) {
    response.end();
    return;
  }
  const reader = web.body.getReader();
  response.once('close', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      response.write(value);
    }
  } finally {
    response.end();
  }
}
