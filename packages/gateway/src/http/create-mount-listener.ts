import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Principal } from '../auth/create-authenticator';
import { GatewayError } from '../errors/gateway-error';
import type { InboundFormat } from '../formats/inbound-format';
import type { GatewayServices } from '../handlers/route-handler';
import { startRequestSpan } from '../observability/gateway-spans';
import { redactGatewayError } from '../observability/redact-gateway-error';
import type { GatewayMount } from '../routes/gateway-mount';
import type { RequestOutcome } from './create-node-listener';
import { newRequestRecord, type RequestRecord } from './gateway-exchange';

/** What {@link createMountListener} shares with the rest of the gateway. */
export type MountListenerContext = {
  services: GatewayServices;
  /** The format whose error shape the mounts' refusals take (OpenAI's: `{ error: { message, type, code } }`). */
  format: InboundFormat;
  /** The gateway's in-flight count (`limits.maxConcurrent`, and what `close()` waits for). */
  inFlight: { count: number };
  /** The gateway's end of a request: redaction, metrics, the log line, the span. */
  onComplete(record: RequestRecord, outcome: RequestOutcome): void;
};

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const MINUTE = 60_000;

/**
 * Serves the {@link GatewayMount}s: returns a function that takes a request whose path is a
 * mount's (answering `true`) or leaves it to the route listener (`false`). Before the mount
 * runs: shutdown (503), a keyless gateway's DNS-rebinding check (a non-loopback `Host` or
 * `Origin`: 403), a declared body over `limits.maxBodyBytes` (413), the key (401), the mount's
 * per-key `rpm` (429) and, for requests that are not long-lived streams, `limits.maxConcurrent`
 * (503) — all in the gateway's error shape.
 */
export function createMountListener(
  mounts: readonly GatewayMount[],
  context: MountListenerContext,
): (incoming: IncomingMessage, outgoing: ServerResponse) => boolean {
  const byPath = new Map(mounts.map((mount) => [mount.path, mount]));
  const { services, format, inFlight } = context;
  return (incoming, outgoing) => {
    const url = incoming.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const mount = byPath.get(path);
    if (mount === undefined) return false;
    void serve(mount, incoming, outgoing, path);
    return true;
  };

  async function serve(mount: GatewayMount, incoming: IncomingMessage, outgoing: ServerResponse, path: string) {
    const startedAt = performance.now();
    const offered = incoming.headers['x-request-id'];
    const id =
      typeof offered === 'string' && requestIdPattern.test(offered) && services.redact(offered) === offered
        ? offered
        : randomUUID();
    const method = incoming.method ?? 'GET';
    const record = newRequestRecord(id, method, path, mount.name);
    const span = startRequestSpan(method, mount.path, services.redact(path), incoming.headers);
    record.span = span;
    let release: (() => void) | undefined;
    let handled: Promise<void> = Promise.resolve();
    outgoing.once('close', () => {
      release?.();
      const aborted = !outgoing.writableFinished;
      const durationMs = performance.now() - startedAt;
      const outcome: RequestOutcome = {
        status: aborted && !outgoing.headersSent ? 499 : outgoing.statusCode,
        durationMs,
        // The mount's own time is its upstream's: what the gateway adds is its checks before it.
        overheadMs: record.upstreamMs === 0 ? durationMs : Math.max(0, durationMs - record.upstreamMs),
        aborted,
      };
      const complete = () => context.onComplete(record, outcome);
      void handled.then(complete, complete);
    });
    outgoing.setHeader('x-request-id', id);
    try {
      const principal = await admit(mount, incoming, record);
      const stream = mount.isStream?.(incoming) ?? method === 'GET';
      if (!stream) release = takeSlot();
      const handing = performance.now();
      record.stream = stream;
      handled = span.run(() => mount.handle(incoming, outgoing, principal));
      await handled.finally(() => {
        record.upstreamMs = performance.now() - handing;
      });
    } catch (error) {
      const mapped = GatewayError.isInstance(error)
        ? error
        : new GatewayError({ type: 'internal', message: `Internal gateway error: ${String(error)}`, cause: error });
      refuse(mount, incoming, outgoing, record, mapped);
    }
  }

  /** The checks before the mount runs; throws the refusal as a `GatewayError`. */
  async function admit(mount: GatewayMount, incoming: IncomingMessage, record: RequestRecord): Promise<Principal> {
    if (services.draining) throw new GatewayError({ type: 'overloaded', message: 'The gateway is shutting down.' });
    if (!services.authenticator.enabled) {
      // Without keys anyone who reaches the port is served: a web page must not reach it through
      // a name that resolves to 127.0.0.1 (DNS rebinding).
      const foreign = foreignHost(incoming);
      if (foreign !== undefined) throw new GatewayError({ type: 'permission', message: foreign });
    }
    const declared = Number(incoming.headers['content-length']);
    const max = services.config.limits.maxBodyBytes;
    if (Number.isFinite(declared) && declared > max) {
      throw new GatewayError({
        type: 'request_too_large',
        message: `Expected a request body of at most ${max} bytes (limits.maxBodyBytes).`,
      });
    }
    const principal = await services.authenticator.authenticate(presentedKey(incoming));
    record.key = principal.name;
    const rpm = principal.kind === 'key' ? mount.rpm?.(principal) : undefined;
    if (rpm !== undefined) {
      const bucket = { name: `key:${principal.name}:${mount.name}:rpm`, limit: rpm, windowMs: MINUTE, amount: 1 };
      const taken = await services.store.take([bucket]);
      if (!taken.ok) {
        const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
        throw new GatewayError({
          type: 'rate_limit',
          message: `Rate limit of the key "${principal.name}" on ${mount.path}: ${rpm} requests per minute; retry in ${seconds} s.`,
          retryAfterSeconds: seconds,
        });
      }
    }
    const stream = mount.isStream?.(incoming) ?? incoming.method === 'GET';
    if (!stream && inFlight.count >= services.config.limits.maxConcurrent) {
      throw new GatewayError({
        type: 'overloaded',
        message: `The gateway is serving its limit of ${services.config.limits.maxConcurrent} requests (limits.maxConcurrent).`,
        retryAfterSeconds: 1,
      });
    }
    return principal;
  }

  function takeSlot(): () => void {
    inFlight.count++;
    services.metrics.inFlight.inc();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight.count--;
      services.metrics.inFlight.dec();
    };
  }

  function refuse(
    mount: GatewayMount,
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    record: RequestRecord,
    error: GatewayError,
  ) {
    // Messages may quote what the caller sent.
    const redacted = redactGatewayError(error, services.redact);
    record.error = { type: redacted.type, message: redacted.message };
    if (outgoing.headersSent) {
      // The mount failed mid-answer: nothing more can be said on this response.
      outgoing.destroy();
      return;
    }
    const rendered = (mount.renderError ?? format.renderError)(redacted, record.id);
    const headers: Record<string, string> = { ...rendered.headers };
    if (redacted.type === 'authentication') headers['www-authenticate'] = 'Bearer';
    if (redacted.retryAfterSeconds !== undefined && headers['retry-after'] === undefined)
      headers['retry-after'] = String(Math.max(0, Math.ceil(redacted.retryAfterSeconds)));
    if (!incoming.complete) {
      // Answered before the body was read: the connection is not reused, and the rest is discarded.
      headers.connection = 'close';
      incoming.resume();
    }
    outgoing.writeHead(rendered.status, headers);
    outgoing.end(rendered.body);
  }
}

// The key as any of the gateway's formats takes it: `Authorization: Bearer`, `x-api-key`, `x-goog-api-key`.
function presentedKey(incoming: IncomingMessage): string | undefined {
  const header = incoming.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] : undefined;
  if (bearer !== undefined) return bearer;
  for (const name of ['x-api-key', 'x-goog-api-key']) {
    const value = incoming.headers[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** Why a keyless gateway refuses the request's `Host` or `Origin`, or `undefined` when both are loopback. */
function foreignHost(incoming: IncomingMessage): string | undefined {
  const host = hostnameOf(`http://${incoming.headers.host ?? ''}`);
  if (host === undefined || !LOOPBACK_HOSTS.has(host)) {
    return 'This gateway has no keys and serves loopback clients only: the request\'s Host is not a loopback name. Add "keys" (or "masterKey") to serve other hosts.';
  }
  const origin = incoming.headers.origin;
  if (origin !== undefined) {
    const originHost = hostnameOf(origin);
    if (originHost === undefined || !LOOPBACK_HOSTS.has(originHost)) {
      return "This gateway has no keys and serves loopback clients only: the request's Origin is not a loopback page.";
    }
  }
  return undefined;
}

function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
