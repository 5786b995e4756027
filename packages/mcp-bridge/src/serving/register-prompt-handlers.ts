import { type Prompt, ProtocolError } from '@modelcontextprotocol/server';
import { type AggregatorContext, forwardRelayed } from './aggregator-context';
import { fitResultToCaller } from './fit-result-to-caller';
import { forwardUpstreamError } from './forward-upstream-error';
import { inputRoundOf } from './input-round-of';
import { audited } from './mcp-audit-line';
import { callerMayUseServer } from './mcp-caller';
import { namespacePromptUris } from './namespace-content-uris';
import { pageOfTools } from './page-of-tools';
import { serversOffering } from './register-resource-handlers';

/** Prompts (`server__prompt` when prefixed), `completion/complete` routed by its reference, `logging/setLevel`. */
export function registerPromptHandlers(context: AggregatorContext): void {
  const { bridge, server, names } = context;
  const listAll = async (): Promise<Prompt[]> => {
    const all: Prompt[] = [];
    for (const name of serversOffering(context, 'prompts')) {
      const listed = await bridge
        .server(name)
        .listPrompts()
        .catch((error: unknown) => {
          throw forwardUpstreamError(error);
        });
      all.push(...listed.map((prompt) => ({ ...prompt, name: names.promptOut(name, prompt.name) }) as Prompt));
    }
    return all;
  };
  const promptTarget = async (served: string) => {
    const found = names.promptIn(served) ?? ((await listAll()) && names.promptIn(served));
    // A server the caller may not use is not there for it.
    const target =
      found !== undefined && callerMayUseServer(context.caller, found.server, names.prefixed) ? found : undefined;
    if (target === undefined) throw new ProtocolError(-32602, `No prompt is served as \`${served}\`.`);
    return target;
  };
  // No upstream offers prompts (server-filesystem, server-memory): the SDK refuses the handlers then.
  if (server.getCapabilities().prompts !== undefined) registerPromptRequests(context, listAll, promptTarget);
  if (context.server.getCapabilities().completions !== undefined) {
    server.setRequestHandler('completion/complete', async (request, ctx) => {
      const ref = request.params.ref;
      const target =
        ref.type === 'ref/prompt'
          ? await promptTarget(ref.name).then((found) => ({ server: found.server, ref: { ...ref, name: found.name } }))
          : (() => {
              const found = names.uriIn(ref.uri);
              if (found === undefined || !callerMayUseServer(context.caller, found.server, names.prefixed))
                throw new ProtocolError(-32602, `No resource template is served as ${ref.uri}.`);
              return { server: found.server, ref: { ...ref, uri: found.uri } };
            })();
      try {
        const result = await bridge
          .server(target.server)
          .request('completion/complete', { ...request.params, ref: target.ref }, { signal: ctx.mcpReq.signal });
        return fitResultToCaller(context, result) as never;
      } catch (error) {
        throw forwardUpstreamError(error);
      }
    });
  }
  if (context.server.getCapabilities().logging !== undefined) {
    server.setRequestHandler('logging/setLevel', async (request) => {
      context.logLevel = request.params.level;
      // Every upstream gets the level: what they send is what this client asked for.
      await bridge.setLogLevel(request.params.level).catch((error: unknown) => {
        throw forwardUpstreamError(error);
      });
      return {};
    });
  }
}

function registerPromptRequests(
  context: AggregatorContext,
  listAll: () => Promise<Prompt[]>,
  promptTarget: (served: string) => Promise<{ server: string; name: string }>,
): void {
  const { bridge, server, names } = context;
  server.setRequestHandler('prompts/list', async (request) => {
    const { items, nextCursor } = pageOfTools(
      await listAll(),
      request.params?.cursor,
      context.pageSize,
      'prompts/list',
    );
    return nextCursor === undefined ? { prompts: items } : { prompts: items, nextCursor };
  });
  server.setRequestHandler('prompts/get', async (request, ctx) => {
    const call = {
      method: 'prompts/get' as const,
      name: request.params.name,
      server: names.promptIn(request.params.name)?.server,
      args: request.params.arguments,
    };
    return audited(context.audit, context.caller, call, async () => {
      const target = await promptTarget(request.params.name);
      const input = inputRoundOf(context, ctx, target.server);
      // The name and arguments alone: the client's `_meta` (its token, its envelope) and any other field stay here.
      const args = request.params.arguments;
      try {
        const result = await forwardRelayed<Record<string, unknown>>(
          context,
          ctx,
          target.server,
          (flight) =>
            bridge
              .server(target.server)
              .request(
                'prompts/get',
                { name: target.name, ...(args === undefined ? {} : { arguments: args }) },
                { signal: flight.controller.signal, ...(input === undefined ? {} : { input }) },
              ),
          input,
        );
        return namespacePromptUris(names, target.server, fitResultToCaller(context, result)) as never;
      } catch (error) {
        throw forwardUpstreamError(error);
      }
    });
  });
}
