import type { CallToolResult, ServerContext, Tool } from '@modelcontextprotocol/server';
import { McpToolCallError } from '../host/mcp-tool-call-error';
import { type AggregatorContext, forwardRelayed, progressTo, type RoundOwner, roundOwner } from './aggregator-context';
import { fitResultToCaller } from './fit-result-to-caller';
import { forwardUpstreamError } from './forward-upstream-error';
import { inputRoundOf } from './input-round-of';
import { audited } from './mcp-audit-line';
import { callerMayUseTool } from './mcp-caller';
import type { McpServedTool } from './mcp-served-tool';
import { namespaceContentUris } from './namespace-content-uris';
import { pageOfTools } from './page-of-tools';
import { unknownToolError } from './unknown-tool-error';

async function callOwn(
  context: AggregatorContext,
  served: McpServedTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
): Promise<CallToolResult> {
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
    return {
      content: [{ type: 'text', text: `Tool \`${served.definition.name}\` failed: ${message}` }],
      isError: true,
    };
  }
}

/**
 * `tools/list` and `tools/call`: the bridge's tools under their served names, then the host's own —
 * those the caller may use; a call to any other name is a short `-32602` (`unknownToolError`) that
 * names none of the tools the caller may not see.
 */
export function registerToolHandlers(context: AggregatorContext): void {
  const { bridge, server, names, own, caller } = context;
  // Served name → the bridge's exposed name, as of the last listing (unprefixed names differ).
  let exposedOf = new Map<string, string>();
  const listAll = async (): Promise<Tool[]> => {
    const definitions = await bridge.toolDefinitions();
    const next = new Map<string, string>();
    const served = definitions.flatMap((definition) => {
      const name = names.prefixed ? definition.name : (bridge.serverOf(definition.name)?.tool ?? definition.name);
      next.set(name, definition.name);
      const upstream = bridge.serverOf(definition.name)?.server;
      return callerMayUseTool(caller, name, upstream) ? [{ ...definition, name } as Tool] : [];
    });
    exposedOf = next;
    const mine = [...own.values()].filter((tool) => callerMayUseTool(caller, tool.definition.name, undefined));
    return [...served, ...mine.map((tool) => tool.definition as Tool)];
  };
  // Names only what this caller may see: the others' tools are not its business.
  const unknownTool = async (name: string) =>
    unknownToolError(
      name,
      (await listAll().catch(() => [])).map((tool) => tool.name),
    );
  server.setRequestHandler('tools/list', async (request) => {
    const { items, nextCursor } = pageOfTools(await listAll(), request.params?.cursor, context.pageSize);
    return nextCursor === undefined ? { tools: items } : { tools: items, nextCursor };
  });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const served = own.get(name);
    if (served === undefined && !names.prefixed && !exposedOf.has(name)) await listAll();
    const exposed = names.prefixed ? name : (exposedOf.get(name) ?? name);
    const upstream = served === undefined ? bridge.serverOf(exposed)?.server : undefined;
    const call = { method: 'tools/call' as const, name, server: upstream, args: request.params.arguments };
    return audited(context.audit, caller, call, async (): Promise<CallToolResult> => {
      if (!callerMayUseTool(caller, name, upstream)) throw await unknownTool(name);
      if (served !== undefined) return callOwn(context, served, args, ctx);
      const input = inputRoundOf(context, ctx, upstream ?? '');
      try {
        const result = await forwardRelayed<unknown>(
          context,
          ctx,
          upstream ?? '',
          (flight) =>
            bridge.forwardToolCall(exposed, args, {
              signal: flight.controller.signal,
              ...(context.callTimeout === undefined ? {} : { timeout: context.callTimeout }),
              onProgress: progressTo(flight),
              ...(input === undefined ? {} : { input }),
            }),
          input,
        );
        const fitted = fitResultToCaller(context, result as CallToolResult);
        return Array.isArray(fitted.content)
          ? { ...fitted, content: namespaceContentUris(names, upstream ?? '', fitted.content) }
          : fitted;
      } catch (error) {
        if (McpToolCallError.isInstance(error) && error.reason === 'no-such-tool') throw await unknownTool(name);
        // No result from the upstream (dead, timed out, lost): an error result, as the agent would give.
        if (McpToolCallError.isInstance(error) && error.reason !== 'rpc-error') {
          return { content: [{ type: 'text', text: error.message }], isError: true };
        }
        throw forwardUpstreamError(error);
      }
    });
  });
}
