import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeTracePage, type TracePageApp } from './trace-page-routes';

/** A running trace page. */
export type TraceServer = { url: string; close(): Promise<void> };

/**
 * Serves the trace page for `app.file` on 127.0.0.1 only, at `port` (0: any free one). Requests
 * whose `Host` is not this loopback address are refused, so a web page elsewhere cannot reach
 * it through a rebound DNS name.
 */
export async function startTraceServer(app: TracePageApp, port = 0): Promise<TraceServer> {
  const open = new Set<AbortController>();
  let allowedHosts: Set<string> = new Set();
  const server = createServer((request, response) => {
    void handle(app, request, response, allowedHosts, open);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  allowedHosts = new Set([`127.0.0.1:${bound}`, `localhost:${bound}`]);
  return {
    url: `http://127.0.0.1:${bound}/`,
    async close() {
      for (const controller of open) controller.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function handle(
  app: TracePageApp,
  request: IncomingMessage,
  response: ServerResponse,
  allowedHosts: Set<string>,
  open: Set<AbortController>,
): Promise<void> {
  if (!allowedHosts.has(request.headers.host ?? '')) {
    response.writeHead(403, { 'content-type': 'text/plain' }).end('Expected a request to 127.0.0.1.');
    return;
  }
  if (request.method !== 'GET') {
    response.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('Expected GET.');
    return;
  }
  const controller = new AbortController();
  open.add(controller);
  response.on('close', () => {
    controller.abort();
    open.delete(controller);
  });
  try {
    const reply = await routeTracePage(app, new URL(request.url ?? '/', 'http://127.0.0.1'), controller.signal);
    response.writeHead(reply.status, reply.headers);
    if ('body' in reply) {
      response.end(reply.body);
      return;
    }
    for await (const chunk of reply.events) {
      if (response.write(chunk)) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done).off('close', done);
          resolve();
        };
        response.on('drain', done).on('close', done);
      });
    }
    response.end();
  } catch (error) {
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
    response.end(`The trace page failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
