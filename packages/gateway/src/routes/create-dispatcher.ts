import { AbortedError } from '@interlingua/core';
import { GatewayError } from '../errors/gateway-error';
import type { InboundFormat } from '../formats/inbound-format';
import type { GatewayServices, RouteParams } from '../handlers/route-handler';
import type { GatewayApp } from '../http/create-node-listener';
import type { GatewayReply, GatewayRequest, RequestRecord } from '../http/gateway-exchange';
import { startRequestSpan } from '../observability/gateway-spans';
import { redactGatewayError } from '../observability/redact-gateway-error';
import type { GatewayRoute } from './gateway-route';

type Match = { route: GatewayRoute; params: RouteParams } | { methods: string[] } | undefined;

/**
 * The app: finds the request's route, enforces `limits.maxConcurrent` and shutdown, runs the
 * handler, and renders every error the handler throws in the route's format (or, for a path no
 * route serves, the format its headers suggest), its message redacted.
 */
export function createDispatcher(
  services: GatewayServices,
  routes: readonly GatewayRoute[],
  formats: Readonly<Record<string, InboundFormat>>,
  inFlight: { count: number },
): GatewayApp {
  for (const route of routes) {
    if (!Object.hasOwn(formats, route.format)) {
      throw new Error(`Route ${route.name} names the format "${route.format}", which the gateway does not have.`);
    }
  }
  const exact = new Map<string, GatewayRoute[]>();
  const patterns: GatewayRoute[] = [];
  for (const route of routes) {
    if (typeof route.path === 'string') exact.set(route.path, [...(exact.get(route.path) ?? []), route]);
    else patterns.push(route);
  }

  const find = (request: GatewayRequest): Match => {
    const methods: string[] = [];
    const consider = (route: GatewayRoute, params: RouteParams): Match => {
      if (route.method !== request.method) {
        methods.push(route.method);
        return undefined;
      }
      if (route.when !== undefined && !route.when(request)) return undefined;
      return { route, params };
    };
    for (const route of exact.get(request.path) ?? []) {
      const match = consider(route, route.stream === undefined ? {} : { stream: route.stream });
      if (match !== undefined) return match;
    }
    for (const route of patterns) {
      const found = (route.path as RegExp).exec(request.path);
      if (found === null) continue;
      const groups = found.groups ?? {};
      const params: RouteParams = {};
      if (groups.model !== undefined) params.model = safeDecode(groups.model);
      if (groups.key !== undefined) params.key = safeDecode(groups.key);
      if (route.stream !== undefined) params.stream = route.stream;
      const match = consider(route, params);
      if (match !== undefined) return match;
    }
    return methods.length > 0 ? { methods } : undefined;
  };

  return async (request: GatewayRequest, record: RequestRecord): Promise<GatewayReply> => {
    const match = find(request);
    if (match === undefined || !('route' in match)) {
      record.span = startRequestSpan(request.method, undefined, services.redact(request.path), request.headers);
      const format = formats[guessFormat(request)] as InboundFormat;
      record.format = format.name;
      const error =
        match === undefined
          ? new GatewayError({ type: 'not_found', message: `No route for ${request.method} ${request.path}.` })
          : new GatewayError({
              type: 'method_not_allowed',
              message: `${request.path} takes ${[...new Set(match.methods)].join(', ')}, not ${request.method}.`,
            });
      return fail(format, error, request, record);
    }
    const { route, params } = match;
    const format = formats[route.format] as InboundFormat;
    record.route = route.name;
    if (route.operational === true) return route.handler(services, { request, record, format, params });
    const span = startRequestSpan(
      request.method,
      route.httpRoute ?? (typeof route.path === 'string' ? route.path : route.name),
      // A Gemini path names the model: whatever the caller typed there.
      services.redact(request.path),
      request.headers,
    );
    record.span = span;
    if (services.draining) {
      return fail(
        format,
        new GatewayError({ type: 'overloaded', message: 'The gateway is shutting down.' }),
        request,
        record,
        {
          connection: 'close',
        },
      );
    }
    if (inFlight.count >= services.config.limits.maxConcurrent) {
      const error = new GatewayError({
        type: 'overloaded',
        message: `The gateway is serving its limit of ${services.config.limits.maxConcurrent} requests (limits.maxConcurrent).`,
        retryAfterSeconds: 1,
      });
      return fail(format, error, request, record);
    }
    inFlight.count++;
    services.metrics.inFlight.inc();
    let streaming = false;
    try {
      // Active while the handler runs: spans of instrumented libraries under it nest in the request's.
      const reply = await span.run(() => route.handler(services, { request, record, format, params }));
      if (reply.stream !== undefined) {
        streaming = true;
        reply.stream = countWhileStreaming(reply.stream, () => release());
      }
      return reply;
    } catch (error) {
      if (AbortedError.isInstance(error) && request.signal.aborted) {
        return { status: 499, headers: {}, body: '' };
      }
      const mapped = GatewayError.isInstance(error)
        ? error
        : new GatewayError({ type: 'internal', message: `Internal gateway error: ${String(error)}`, cause: error });
      return fail(format, mapped, request, record);
    } finally {
      if (!streaming) release();
    }
  };

  function release(): void {
    inFlight.count--;
    services.metrics.inFlight.dec();
  }

  function fail(
    format: InboundFormat,
    error: GatewayError,
    request: GatewayRequest,
    record: RequestRecord,
    extra: Record<string, string> = {},
  ): GatewayReply {
    // Messages quote what the caller sent (a model name, a tool call id), where a secret may have been typed.
    const redacted = redactGatewayError(error, services.redact);
    record.error = { type: redacted.type, message: redacted.message };
    const rendered = format.renderError(redacted, request.id);
    return { status: rendered.status, headers: { ...rendered.headers, ...extra }, body: rendered.body };
  }
}

/**
 * The stream, calling `done` once when it ends, fails or is closed. A plain iterator, not an
 * async generator around it: each chunk costs one forwarded `next()`, not a generator's
 * resumption (`yield*` awaits every step).
 */
function countWhileStreaming(stream: AsyncIterable<string>, done: () => void): AsyncIterable<string> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = stream[Symbol.asyncIterator]();
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        done();
      };
      return {
        async next() {
          try {
            const result = await iterator.next();
            if (result.done === true) finish();
            return result;
          } catch (error) {
            finish();
            throw error;
          }
        },
        async return(value?: unknown) {
          try {
            return (await iterator.return?.(value)) ?? { done: true as const, value: undefined };
          } finally {
            finish();
          }
        },
      };
    },
  };
}

/** The format of a request no route matched: Gemini paths, Anthropic headers, else OpenAI. */
function guessFormat(request: GatewayRequest): string {
  if (request.path.startsWith('/v1beta/') || request.headers['x-goog-api-key'] !== undefined) return 'gemini';
  if (request.headers['anthropic-version'] !== undefined || request.headers['x-api-key'] !== undefined) {
    return 'anthropic';
  }
  return 'openai';
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
