import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import { sleepUnlessAborted } from './sleep-unless-aborted';

/** What {@link listenForToolChanges} needs besides the client. */
export type ListenForToolChangesOptions = {
  timeout: number;
  /** How long to wait before opening a stream that ended again. */
  reopenDelayMs: number;
  /** Aborted when the connection closes for good. */
  signal: AbortSignal;
  /** Whether the client is still the connection's: a replaced client is not listened on again. */
  current: () => boolean;
  onReopened: (subscription: McpSubscription) => void;
  onError: (error: unknown) => void;
};

/**
 * Opens a 2026-07-28 `subscriptions/listen` stream for tool-list changes (they then arrive as
 * `notifications/tools/list_changed`, to the handler registered on the client). A stream the
 * server or the network ends while the client is in use is opened again — the SDK does not.
 */
export async function listenForToolChanges(
  client: Client,
  options: ListenForToolChangesOptions,
): Promise<McpSubscription> {
  const subscription = await client.listen({ toolsListChanged: true }, { timeout: options.timeout });
  void subscription.closed.then(async (how) => {
    if (how !== 'remote' || !options.current() || options.signal.aborted) return;
    await sleepUnlessAborted(options.reopenDelayMs, options.signal);
    if (!options.current() || options.signal.aborted) return;
    try {
      options.onReopened(await listenForToolChanges(client, options));
    } catch (error) {
      options.onError(error);
    }
  });
  return subscription;
}
