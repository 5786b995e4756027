import { sanitizeToolNamePart } from '../host/expose-tool-name';
import type { McpBridge } from '../host/mcp-bridge';
import type { McpAggregatorServerOptions } from './create-mcp-aggregator-server';
import type { AuditedCall, ResolvedCall } from './mcp-http-messages';
import { ServedNames } from './served-names';

/**
 * Finds the upstream server behind a served name before any aggregator is built (for the HTTP
 * layer's 403 and audit line), named as `createMcpAggregatorServer` names them with `options`.
 * Without a bridge nothing can be told: every answer is `undefined`.
 */
export function servedToolResolver(
  bridge: McpBridge | undefined,
  options: Pick<McpAggregatorServerOptions, 'prefixNames' | 'tools'> = {},
): (call: AuditedCall) => Promise<ResolvedCall | undefined> {
  if (bridge === undefined) return async () => undefined;
  const serverNames = bridge.servers.map((status) => status.name);
  const prefixed = options.prefixNames ?? serverNames.length !== 1;
  const names = new ServedNames(prefixed, serverNames);
  const own = new Set((options.tools ?? []).map((tool) => tool.definition.name));
  const only = prefixed ? undefined : serverNames[0];
  return async (call) => {
    if (call.method === 'resources/read') return { server: names.uriIn(call.name)?.server, prefixed };
    if (call.method === 'tools/call') {
      if (own.has(call.name)) return { server: undefined, prefixed };
      if (!prefixed) return { server: only, prefixed };
      // The bridge knows its routes once it has listed; a name it does not know yet may be new.
      const known = bridge.serverOf(call.name)?.server;
      const server =
        known ??
        (await bridge.toolDefinitions().then(
          () => bridge.serverOf(call.name)?.server,
          () => undefined,
        ));
      return { server, prefixed };
    }
    if (!prefixed) return { server: only, prefixed };
    // A served prompt name is `server__prompt`, the server's name sanitized as for tools.
    const server = serverNames
      .filter((name) => call.name.startsWith(`${sanitizeToolNamePart(name)}__`))
      .sort((a, b) => b.length - a.length)[0];
    return { server, prefixed };
  };
}
