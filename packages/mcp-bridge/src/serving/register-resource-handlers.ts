import { ProtocolError, type Resource, type ResourceTemplateType } from '@modelcontextprotocol/server';
import { type AggregatorContext, forwardRelayed } from './aggregator-context';
import { fitResultToCaller } from './fit-result-to-caller';
import { forwardUpstreamError } from './forward-upstream-error';
import { inputRoundOf } from './input-round-of';
import { MAX_WATCHED_RESOURCES } from './listen-resource-watches';
import { audited } from './mcp-audit-line';
import { callerMayUseServer } from './mcp-caller';
import { pageOfTools } from './page-of-tools';

/** Every connected server that declares `capability` and whose resources and prompts the caller may use. */
export function serversOffering(context: AggregatorContext, capability: 'resources' | 'prompts'): string[] {
  return context.bridge.servers
    .filter((status) => status.state === 'connected' && status.capabilities?.[capability] !== undefined)
    .map((status) => status.name)
    .filter((name) => callerMayUseServer(context.caller, name, context.names.prefixed));
}

function targetOf(context: AggregatorContext, uri: string): { server: string; uri: string } {
  const target = context.names.uriIn(uri);
  // A server the caller may not use is not there for it.
  if (target === undefined || !callerMayUseServer(context.caller, target.server, context.names.prefixed)) {
    throw new ProtocolError(-32602, `Resource not found: ${uri} names none of the served servers.`, { uri });
  }
  return target;
}

/** Resources, templates, reads and subscriptions, every URI namespaced per `ServedNames`. */
export function registerResourceHandlers(context: AggregatorContext): void {
  const { bridge, server, names } = context;
  server.setRequestHandler('resources/list', async (request) => {
    const all: Resource[] = [];
    for (const name of serversOffering(context, 'resources')) {
      const listed = await bridge
        .server(name)
        .listResources()
        .catch((error: unknown) => {
          throw forwardUpstreamError(error);
        });
      all.push(...listed.map((resource) => ({ ...resource, uri: names.uriOut(name, resource.uri) }) as Resource));
    }
    const { items, nextCursor } = pageOfTools(all, request.params?.cursor, context.pageSize, 'resources/list');
    return nextCursor === undefined ? { resources: items } : { resources: items, nextCursor };
  });
  server.setRequestHandler('resources/templates/list', async (request) => {
    const all: ResourceTemplateType[] = [];
    for (const name of serversOffering(context, 'resources')) {
      const listed = await bridge
        .server(name)
        .listResourceTemplates()
        .catch((error: unknown) => {
          throw forwardUpstreamError(error);
        });
      all.push(
        ...listed.map(
          (template) =>
            ({ ...template, uriTemplate: names.uriOut(name, template.uriTemplate) }) as unknown as ResourceTemplateType,
        ),
      );
    }
    const page = pageOfTools(all, request.params?.cursor, context.pageSize, 'resources/templates/list');
    return page.nextCursor === undefined
      ? { resourceTemplates: page.items }
      : { resourceTemplates: page.items, nextCursor: page.nextCursor };
  });
  server.setRequestHandler('resources/read', async (request, ctx) => {
    const call = {
      method: 'resources/read' as const,
      name: request.params.uri,
      server: names.uriIn(request.params.uri)?.server,
      args: undefined,
    };
    return audited(context.audit, context.caller, call, () => readResource(request.params, ctx));
  });
  const readResource = async (params: { uri: string }, ctx: Parameters<typeof forwardRelayed>[1]) => {
    const request = { params };
    const target = targetOf(context, request.params.uri);
    const input = inputRoundOf(context, ctx, target.server);
    try {
      const result: Record<string, unknown> = await forwardRelayed<Record<string, unknown>>(
        context,
        ctx,
        target.server,
        (flight) =>
          bridge.server(target.server).request(
            'resources/read',
            // The URI alone: the client's `_meta` (its token, its envelope) and any other field stay here.
            { uri: target.uri },
            { signal: flight.controller.signal, ...(input === undefined ? {} : { input }) },
          ),
        input,
      );
      const fitted = fitResultToCaller(context, result);
      const contents = (fitted as { contents?: { uri: string }[] }).contents;
      if (!Array.isArray(contents)) return fitted as never;
      return {
        ...fitted,
        contents: contents.map((content) => ({ ...content, uri: names.uriOut(target.server, content.uri) })),
      } as never;
    } catch (error) {
      throw forwardUpstreamError(error);
    }
  };
  // A session holds one watch per served URI; the bridge counts the holds of every session.
  server.setRequestHandler('resources/subscribe', async (request) => {
    const uri = request.params.uri;
    const target = targetOf(context, uri);
    if (context.subscriptions.has(uri)) return {};
    if (context.subscriptions.size >= MAX_WATCHED_RESOURCES) {
      throw new ProtocolError(-32602, `Too many subscriptions: a session may hold ${MAX_WATCHED_RESOURCES}.`, { uri });
    }
    try {
      const release = await bridge.server(target.server).watchResource(target.uri);
      // The session ended (or subscribed again) while the server was being asked.
      if (context.disposed || context.subscriptions.has(uri)) await release();
      else context.subscriptions.set(uri, release);
    } catch (error) {
      throw forwardUpstreamError(error);
    }
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', async (request) => {
    targetOf(context, request.params.uri);
    const release = context.subscriptions.get(request.params.uri);
    context.subscriptions.delete(request.params.uri);
    await release?.();
    return {};
  });
}
