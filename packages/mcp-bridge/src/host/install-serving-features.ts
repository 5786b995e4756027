import type { Client } from '@modelcontextprotocol/client';
import type { McpBridgeEvent } from './mcp-bridge-event';
import type { McpRequestRelay } from './mcp-request-relay';

/**
 * What an aggregator serving the bridge on needs from each connection: resource and prompt changes
 * as events, and — with a relay — the server's sampling, elicitation and roots requests passed on
 * as they are (these handlers replace the host's own).
 */
export function installServingFeatures(
  client: Client,
  server: string,
  relay: McpRequestRelay | undefined,
  emit: (event: McpBridgeEvent) => void,
): void {
  client.setNotificationHandler('notifications/resources/list_changed', () =>
    emit({ type: 'resources-changed', server }),
  );
  client.setNotificationHandler('notifications/prompts/list_changed', () => emit({ type: 'prompts-changed', server }));
  client.setNotificationHandler('notifications/resources/updated', (notification) =>
    emit({ type: 'resource-updated', server, uri: notification.params.uri }),
  );
  if (relay === undefined) return;
  // The SDK's handlers validate the result against the method's schema before it is sent.
  client.setRequestHandler(
    'sampling/createMessage',
    async (request, context) =>
      (await relay(
        server,
        { method: 'sampling/createMessage', params: request.params as Record<string, unknown> },
        context.mcpReq.signal,
      )) as never,
  );
  client.setRequestHandler(
    'elicitation/create',
    async (request, context) =>
      (await relay(
        server,
        { method: 'elicitation/create', params: request.params as Record<string, unknown> },
        context.mcpReq.signal,
      )) as never,
  );
  client.setRequestHandler(
    'roots/list',
    async (request, context) =>
      (await relay(
        server,
        { method: 'roots/list', params: request.params as Record<string, unknown> | undefined },
        context.mcpReq.signal,
      )) as never,
  );
}
