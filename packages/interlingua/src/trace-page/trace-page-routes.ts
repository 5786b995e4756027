import { basename } from 'node:path';
import { followTraceFile } from './follow-trace-file';
import { readTraceFile } from './read-trace-file';
import { tracePageHtml } from './trace-page-html';

/** What a route answers: a whole body, or a stream of server-sent events. */
export type RouteReply =
  | { status: number; headers: Record<string, string>; body: string }
  | { status: number; headers: Record<string, string>; events: AsyncIterable<string> };

/** What the routes serve. */
export type TracePageApp = { file: string; follow: boolean; script: string };

const SECURITY = {
  // Everything the page uses comes from this server; nothing may be loaded from outside.
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const text = (status: number, body: string, type = 'text/plain; charset=utf-8'): RouteReply => ({
  status,
  headers: { ...SECURITY, 'content-type': type },
  body,
});

/**
 * The routes of the trace page, each a small function of the request's path and query that
 * never touches the socket: `/` the page, `/page.js` and `/page.css` its code, `/trace` the
 * file's lines as JSON, `/events?from=` the lines added since (with `--follow`).
 */
export async function routeTracePage(app: TracePageApp, url: URL, signal: AbortSignal): Promise<RouteReply> {
  switch (url.pathname) {
    case '/':
      return text(200, tracePageHtml(basename(app.file)).html, 'text/html; charset=utf-8');
    case '/page.css':
      return text(200, tracePageHtml(basename(app.file)).css, 'text/css; charset=utf-8');
    case '/favicon.ico':
      return { status: 204, headers: SECURITY, body: '' };
    case '/page.js':
      return text(200, app.script, 'text/javascript; charset=utf-8');
    case '/trace': {
      const read = await readTraceFile(app.file).catch((error: unknown) => error as Error);
      if (read instanceof Error) return text(404, `Cannot read the trace file: ${read.message}`);
      const { lines, problems, next, nextLine } = read;
      return text(
        200,
        JSON.stringify({ file: basename(app.file), follow: app.follow, lines, problems, next, nextLine }),
        'application/json; charset=utf-8',
      );
    }
    case '/events': {
      if (!app.follow) return text(404, 'Not following: start the page with --follow.');
      const from = Number(url.searchParams.get('from') ?? '0');
      const line = Number(url.searchParams.get('line') ?? '1');
      if (!Number.isSafeInteger(from) || from < 0 || !Number.isSafeInteger(line) || line < 1) {
        return text(400, 'Expected ?from=<byte offset>&line=<line number>.');
      }
      return {
        status: 200,
        headers: { ...SECURITY, 'content-type': 'text/event-stream' },
        events: events(app.file, from, line, signal),
      };
    }
    default:
      return text(404, 'Not found.');
  }
}

async function* events(file: string, offset: number, firstLine: number, signal: AbortSignal): AsyncIterable<string> {
  yield ': following\n\n';
  for await (const read of followTraceFile(file, { offset, firstLine, signal })) {
    const { lines, problems, next, nextLine, restarted } = read;
    yield `event: lines\ndata: ${JSON.stringify({ lines, problems, next, nextLine, restarted })}\n\n`;
  }
}
