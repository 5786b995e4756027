import type { McpBridge } from '../host/mcp-bridge';
import { ServedNames } from './served-names';
import type { McpHttpServer } from './start-mcp-http-server';

/**
 * Passes the bridge's changes to 2026-07-28 clients' `subscriptions/listen` streams (a 2025-era
 * session hears them from its own server): tools, resources and prompts changed, a resource
 * updated (under its served URI). Returns the function that stops it.
 */
export function notifyListenStreams(
  bridge: McpBridge,
  notify: McpHttpServer['notify'],
  options: { prefixNames?: boolean } = {},
): () => void {
  const serverNames = bridge.servers.map((status) => status.name);
  const names = new ServedNames(options.prefixNames ?? serverNames.length !== 1, serverNames);
  return bridge.subscribe((event) => {
    if (
      event.type === 'tools-changed' ||
      event.type === 'server-error' ||
      event.type === 'server-disconnected' ||
      event.type === 'server-restarted'
    ) {
      notify.toolsChanged();
    } else if (event.type === 'resources-changed') notify.resourcesChanged();
    else if (event.type === 'prompts-changed') notify.promptsChanged();
    else if (event.type === 'resource-updated') notify.resourceUpdated(names.uriOut(event.server, event.uri));
  });
}
