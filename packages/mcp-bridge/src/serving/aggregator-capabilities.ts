import type { ServerCapabilities } from '@modelcontextprotocol/server';
import type { McpServerStatus } from '../host/mcp-server-status';

/**
 * The capabilities an aggregator declares: exactly what its upstream servers offer — resources
 * (with `subscribe` and `listChanged` when one of them has them), prompts, completions and logging
 * when one offers them — and tools whenever there are tools to serve (with `listChanged`, since a
 * server that dies or comes back changes the list).
 */
export function aggregatorCapabilities(servers: readonly McpServerStatus[], ownTools: boolean): ServerCapabilities {
  const offered = servers.map((server) => server.capabilities ?? {});
  const some = (test: (capabilities: (typeof offered)[number]) => unknown) => offered.some((c) => Boolean(test(c)));
  return {
    ...(ownTools || some((c) => c.tools) ? { tools: { listChanged: true } } : {}),
    ...(some((c) => c.resources)
      ? {
          resources: {
            ...(some((c) => c.resources?.subscribe) ? { subscribe: true } : {}),
            ...(some((c) => c.resources?.listChanged) ? { listChanged: true } : {}),
          },
        }
      : {}),
    ...(some((c) => c.prompts) ? { prompts: some((c) => c.prompts?.listChanged) ? { listChanged: true } : {} } : {}),
    ...(some((c) => c.completions) ? { completions: {} } : {}),
    ...(some((c) => c.logging) ? { logging: {} } : {}),
  };
}
