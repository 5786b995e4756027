import type { McpBridge } from '../host/mcp-bridge';
import { callerMayUseServer, type McpCaller } from './mcp-caller';
import { idOf, record } from './mcp-http-messages';
import type { ServedNames } from './served-names';

/** A 2026-07-28 `subscriptions/listen` request that names resources: its id and the served URIs. */
export type ListenedResources = { id: string | number | null; uris: string[] };

/**
 * The resources a `subscriptions/listen` request asks updates of (`params.notifications.
 * resourceSubscriptions`, the strings among them, once each); `undefined` for any other message,
 * a batch, or a listen that names none. What the filter is otherwise is the SDK's to judge.
 */
export function listenedResourcesOf(message: unknown): ListenedResources | undefined {
  const request = record(message);
  if (request?.method !== 'subscriptions/listen') return undefined;
  const asked = record(record(request.params)?.notifications)?.resourceSubscriptions;
  if (!Array.isArray(asked)) return undefined;
  const uris = [...new Set(asked.filter((uri): uri is string => typeof uri === 'string'))];
  return uris.length === 0 ? undefined : { id: idOf(request), uris };
}

/** At most this many resources in one `subscriptions/listen`, and held by one 2025-era session. */
export const MAX_WATCHED_RESOURCES = 1000;

/**
 * Asks the upstream servers behind `uris` (served URIs; those that name no server are left out) to
 * report their updates, each server once for all of its URIs. Resolves with the function that
 * lets go of every hold, and the served URIs a server refused (not held).
 */
export async function holdResourceWatches(
  bridge: McpBridge,
  names: ServedNames,
  uris: readonly string[],
): Promise<{ release: () => Promise<void>; refused: string[] }> {
  const byServer = new Map<string, Map<string, string>>();
  for (const uri of uris) {
    const target = names.uriIn(uri);
    if (target === undefined) continue;
    const served = byServer.get(target.server) ?? new Map<string, string>();
    served.set(target.uri, uri);
    byServer.set(target.server, served);
  }
  const held = await Promise.all(
    [...byServer].map(async ([server, served]) => {
      try {
        const { release, refused } = await bridge.server(server).watchResources([...served.keys()]);
        return { release, refused: [...refused.keys()].map((uri) => served.get(uri) ?? uri) };
      } catch {
        return { release: async () => {}, refused: [...served.values()] };
      }
    }),
  );
  return {
    release: async () => {
      await Promise.allSettled(held.map((hold) => hold.release()));
    },
    refused: held.flatMap((hold) => hold.refused),
  };
}

/**
 * {@link holdResourceWatches} for `caller`: a URI of a server it may not read is not asked for and
 * comes back refused, with those the servers refused (more than {@link MAX_WATCHED_RESOURCES}: all).
 */
export async function holdListenedResources(
  bridge: McpBridge,
  names: ServedNames,
  caller: McpCaller,
  uris: readonly string[],
): Promise<{ release: () => Promise<void>; refused: string[] }> {
  if (uris.length > MAX_WATCHED_RESOURCES) return { release: async () => {}, refused: [...uris] };
  const denied = new Set(
    uris.filter((uri) => {
      const server = names.uriIn(uri)?.server;
      return server !== undefined && !callerMayUseServer(caller, server, names.prefixed);
    }),
  );
  const held = await holdResourceWatches(
    bridge,
    names,
    uris.filter((uri) => !denied.has(uri)),
  );
  return { release: held.release, refused: [...denied, ...held.refused] };
}

/** `message` (a `subscriptions/listen`) without the resources in `refused`: the acknowledgement then leaves them out. */
export function withoutResources(message: unknown, refused: readonly string[]): unknown {
  if (refused.length === 0) return message;
  const request = message as { params: { notifications: { resourceSubscriptions: unknown[] } } };
  const notifications = request.params.notifications;
  const left = new Set<unknown>(refused);
  const kept = notifications.resourceSubscriptions.filter((uri) => !left.has(uri));
  return {
    ...request,
    params: { ...request.params, notifications: { ...notifications, resourceSubscriptions: kept } },
  };
}

/**
 * `response` with `release` called once its body is done: read to the end, cancelled (the client
 * went away), or failed — or at once when it has no body.
 */
export function releaseWithBody(response: Response, release: () => Promise<void>): Response {
  const body = response.body;
  if (body === null) {
    void release();
    return response;
  }
  const reader = body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          void release();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        void release();
      }
    },
    async cancel(reason) {
      void release();
      await reader.cancel(reason);
    },
  });
  return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
}
