import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { GatewayError } from '../errors/gateway-error';
import { createClientPresence } from './client-gone';
import {
  type GatewayReply,
  type GatewayRequest,
  type GatewayTap,
  newRequestRecord,
  type RequestRecord,
} from './gateway-exchange';
import { NodeGatewayRequest } from './node-gateway-request';

/** The app behind the listener: answers a request, filling in its record. Never throws. */
export type GatewayApp = (request: GatewayRequest, record: RequestRecord) => Promise<GatewayReply>;

/** How one request ended, for the log line and the metrics. */
export type RequestOutcome = {
  status: number;
  /** Milliseconds from the request's arrival to the last byte written (or the client leaving). */
  durationMs: number;
  /** The time spent in the gateway: `durationMs` less the backend and client waits. */
  overheadMs: number;
  /** True when the client left before the answer was complete. */
  aborted: boolean;
};

/** Options of {@link createNodeListener}. */
export type NodeListenerOptions = {
  maxBodyBytes: number;
  /**
   * How long an answer sent before the request's body was read (a 413, a 401) keeps reading
   * and discarding the rest of the body before the connection closes, so that a client still
   * sending reads the answer instead of a reset. Default 5000; at most `maxBodyBytes` are read.
   */
  lingerMs?: number;
  /**
   * Called once per request, when its answer is complete or the client left — and, either way,
   * once the handler is done with it (a stream's end ran) and `record.settled` resolved.
   */
  onComplete(record: RequestRecord, outcome: RequestOutcome): void;
  /** Redacts secrets; an offered `x-request-id` it would change is replaced by a fresh id. */
  redact?: ((text: string) => string) | undefined;
  /** Sees every exchange whole (for trace files); when absent nothing is copied. */
  tap?: GatewayTap | undefined;
};

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;
const DEFAULT_LINGER_MS = 5_000;
// Gathered stream text is written at once from this many characters on, without waiting for the tick's end.
const FLUSH_AT = 65_536;

/**
 * The only code that touches sockets: turns `node:http` requests into {@link GatewayRequest}s,
 * calls the app, and writes its {@link GatewayReply} — a whole body, or a stream written with
 * backpressure (waiting for `drain`), the chunks that arrive in one tick as one write. Adds `x-request-id` and `x-interlingua-overhead-ms` to
 * every answer; aborts the request's signal (made only when read) and calls `clientGone`'s watchers the moment the client goes away.
 */
export function createNodeListener(
  app: GatewayApp,
  options: NodeListenerOptions,
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  // A caller's id is echoed, logged and sent upstream: one holding a secret is not taken.
  const redact = options.redact;
  const holdsSecret = (text: string) => redact !== undefined && redact(text) !== text;
  return (incoming, outgoing) => {
    const startedAt = performance.now();
    const url = incoming.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const offered = incoming.headers['x-request-id'];
    const id =
      typeof offered === 'string' && requestIdPattern.test(offered) && !holdsSecret(offered) ? offered : randomUUID();
    // No AbortController unless the request's signal is read or the client leaves.
    const presence = createClientPresence();
    const record = newRequestRecord(id, incoming.method ?? 'GET', path);
    let status = 0;
    let bodyRead = false;
    // The whole answer is on the wire; only the rest of the request body is being read.
    let lingering = false;
    const tap = options.tap;
    // What was answered, kept only for the tap.
    const answer: { body?: string; chunks?: string[] } = {};
    // The handler's work, the answer written (or abandoned): a stream settles in its own end,
    // which runs after the client left.
    let handled: Promise<void> = Promise.resolve();
    outgoing.once('close', () => {
      const aborted = !outgoing.writableFinished && !lingering;
      if (aborted) presence.leave(new GatewayError({ type: 'internal', message: 'The client closed the connection.' }));
      const durationMs = performance.now() - startedAt;
      const outcome: RequestOutcome = {
        status: aborted && status === 0 ? 499 : status,
        durationMs,
        overheadMs: Math.max(0, durationMs - record.upstreamMs - record.clientWaitMs),
        aborted,
      };
      const complete = () => {
        options.onComplete(record, outcome);
        tap?.response(record, outcome, answer);
      };
      // One log line per request, once the call is settled: a client that left mid-stream is
      // logged with what its call was charged, not before the stream's end ran.
      void handled.then(() => record.settled).then(complete, complete);
    });

    const readWhole = () => {
      if (bodyRead) return Promise.reject(new Error('The body was read already.'));
      bodyRead = true;
      const body = readBody(incoming, options.maxBodyBytes);
      if (tap === undefined) return body;
      return body.then((bytes) => {
        tap.request(record, incoming.headers, bytes);
        return bytes;
      });
    };
    const request = new NodeGatewayRequest(
      record.method,
      path,
      incoming.headers,
      id,
      presence,
      url,
      queryAt,
      readWhole,
    );

    handled = app(request, record).then(
      (reply) => write(reply),
      (error: unknown) => {
        // The app answers its own errors; this is the last line of defence.
        write({
          status: 500,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            error: { message: `Internal gateway error: ${redact?.(String(error)) ?? String(error)}` },
          }),
        });
      },
    );

    function head(reply: GatewayReply): void {
      status = reply.status;
      const overhead = performance.now() - startedAt - record.upstreamMs;
      reply.headers['x-request-id'] = id;
      reply.headers['x-interlingua-overhead-ms'] = overhead.toFixed(2);
      outgoing.writeHead(reply.status, reply.headers);
    }

    /**
     * An answer given before the body was read (413, 401, 404): closing at once would reset a
     * client that is still sending, and a reset makes it drop the answer unread. So the answer
     * is written whole (its length stated, `connection: close`), the rest of the body is read
     * and discarded — bounded in bytes and time — and only then does the response end and the
     * connection close.
     */
    function answerBeforeBody(reply: GatewayReply): void {
      const body = reply.body ?? '';
      reply.headers.connection = 'close';
      reply.headers['content-length'] = String(Buffer.byteLength(body));
      head(reply);
      outgoing.write(body);
      lingering = true;
      void drainBody(incoming, options.maxBodyBytes, options.lingerMs ?? DEFAULT_LINGER_MS).then(() => {
        if (!outgoing.destroyed) outgoing.end();
      });
    }

    async function write(reply: GatewayReply): Promise<void> {
      if (outgoing.destroyed) {
        // The client left while the answer was being prepared. A stream still has to run its
        // end (the backend call closed, the reservation settled, the span ended).
        if (reply.stream !== undefined) await abandon(reply.stream);
        return;
      }
      if (reply.stream === undefined) {
        if (tap !== undefined) answer.body = reply.body ?? '';
        if (!incoming.complete) {
          answerBeforeBody(reply);
          return;
        }
        head(reply);
        outgoing.end(reply.body ?? '');
        return;
      }
      head(reply);
      record.firstByteMs = performance.now() - startedAt;
      if (tap !== undefined) answer.chunks = [];
      // The chunks that arrive in one tick (the upstream's events of one read) go out in two
      // writes at most: the first at once (never held for the next one), the rest gathered and
      // written as one HTTP chunk once the tick's microtasks are done.
      let gathered = '';
      let scheduled = false;
      // Set when a write said to wait: listened for at once, since `drain` may come before the next chunk.
      let drained: Promise<void> | undefined;
      const send = (text: string) => {
        if (!outgoing.write(text)) drained = drainOrClose(outgoing);
      };
      const flush = () => {
        scheduled = false;
        if (gathered === '' || outgoing.destroyed) return;
        const text = gathered;
        gathered = '';
        send(text);
      };
      try {
        for await (const text of reply.stream) {
          answer.chunks?.push(text);
          if (outgoing.destroyed) break;
          if (!scheduled) {
            // The first chunk of a tick is written at once; the later ones wait for the tick's end.
            // A write to an uncorked socket corks it until the next tick (Node's `write_`), which
            // would hold this chunk — and the headers, on the first — behind the work on the rest
            // of the tick's events: the socket is uncorked right after, so it leaves now. The
            // socket's, never the response's: on Node 22 the response's own cork() (even paired)
            // buffers the chunked body apart and answers `false` without a `drain` to follow, and
            // its uncork() alone put the body before the headers.
            scheduled = true;
            process.nextTick(flush);
            send(text);
            const socket = outgoing.socket;
            if (socket !== null && socket.writableCorked > 0) socket.uncork();
          } else {
            gathered += text;
            if (gathered.length >= FLUSH_AT) flush();
          }
          if (drained !== undefined) {
            // Backpressure: nothing more is read from the stream until the client took the rest.
            const waitStart = performance.now();
            const waiting = drained;
            await waiting;
            if (drained === waiting) drained = undefined;
            record.clientWaitMs += performance.now() - waitStart;
          }
        }
      } catch {
        // Handlers frame their own stream errors; a throw here only ends the response.
      }
      flush();
      if (!outgoing.destroyed) outgoing.end();
    }
  };
}

// Only a generator that has started runs its `finally` when it is closed: start it, then close it.
async function abandon(stream: AsyncIterable<string>): Promise<void> {
  const iterator = stream[Symbol.asyncIterator]();
  try {
    await iterator.next();
  } catch {
    // The stream's own end handles its failure; nothing is written to a client that left.
  } finally {
    await Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

function drainOrClose(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off('drain', done);
      outgoing.off('close', done);
      resolve();
    };
    outgoing.on('drain', done);
    outgoing.on('close', done);
  });
}

function readBody(incoming: IncomingMessage, max: number): Promise<Buffer> {
  const tooLarge = () => {
    // Stop reading; the 413 closes the connection after a bounded drain (answerBeforeBody).
    return new GatewayError({
      type: 'request_too_large',
      message: `Expected a request body of at most ${max} bytes (limits.maxBodyBytes).`,
    });
  };
  const declared = Number(incoming.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    incoming.pause();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        incoming.off('data', onData);
        incoming.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    incoming.on('data', onData);
    incoming.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    incoming.once('error', (error) =>
      reject(new GatewayError({ type: 'invalid_request', message: 'The request body was cut off.', cause: error })),
    );
  });
}

/** Reads and discards what is left of a request body: until its end, `maxBytes` more, or `maxMs`. */
function drainBody(incoming: IncomingMessage, maxBytes: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', done);
      incoming.off('close', done);
      incoming.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    incoming.on('data', onData);
    incoming.once('end', done);
    incoming.once('close', done);
    incoming.once('error', done);
    incoming.resume();
  });
}
