import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { McpToolCallError } from '../host/mcp-tool-call-error';
import { type AggregatorContext, forwardRelayed, progressTo, type RoundOwner, roundOwner } from './aggregator-context';
import { forwardUpstreamError } from './forward-upstream-error';
import { pageOfTools } from './page-of-tools';

/** `tools/list` and `tools/call`: the bridge's tools under their served names, then the host's own. */
export function registerToolHandlers(context: AggregatorContext): void {
  const { bridge, server, names, own } = context;
  // Served name → the bridge's exposed name, as of the last listing (unprefixed names differ).
  let exposedOf = new Map<string, string>();
  const listAll = async (): Promise<Tool[]> => {
    const definitions = await bridge.toolDefinitions();
    const next = new Map<string, string>();
    const served = definitions.map((definition) => {
      const name = names.prefixed ? definition.name : (bridge.serverOf(definition.name)?.tool ?? definition.name);
      next.set(name, definition.name);
      return { ...definition, name } as Tool;
    });
    exposedOf = next;
    return [...served, ...[...own.values()].map((tool) => tool.definition as Tool)];
  };
  server.setRequestHandler('tools/list', async (request) => {
    const { items, nextCursor } = pageOfTools(await listAll(), request.params?.cursor, context.pageSize);
    return nextCursor === undefined ? { tools: items } : { tools: items, nextCursor };
  });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const served = own.get(name);
    if (served !== undefined) {
      const owner: RoundOwner = roundOwner(context, ctx);
      try {
        return (await served.call(args, {
          signal: ctx.mcpReq.signal,
          sendProgress:
            owner.progressToken === undefined
              ? undefined
              : (progress) =>
                  owner.notify({
                    method: 'notifications/progress',
                    params: { progressToken: owner.progressToken, ...progress },
                  }),
        })) as CallToolResult;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { content: [{ type: 'text', text: `Tool \`${name}\` failed: ${message}` }], isError: true };
      }
    }
    if (!names.prefixed && !exposedOf.has(name)) await listAll();
    const exposed = names.prefixed ? name : (exposedOf.get(name) ?? name);
    const upstream = bridge.serverOf(exposed)?.server ?? '';
    try {
      return (await forwardRelayed<unknown>(context, ctx, upstream, (flight) =>
        bridge.forwardToolCall(exposed, args, {
          signal: flight.controller.signal,
          ...(context.callTimeout === undefined ? {} : { timeout: context.callTimeout }),
          onProgress: progressTo(flight),
        }),
      )) as CallToolResult;
    } catch (error) {
      // No result from the upstream (dead, timed out, lost): an error result, as the agent would give.
      if (McpToolCallError.isInstance(error) && error.reason !== 'no-such-tool' && error.reason !== 'rpc-error') {
        return { content: [{ type: 'text', text: error.message }], isError: true };
      }
      throw forwardUpstreamError(error);
    }
  });
}
