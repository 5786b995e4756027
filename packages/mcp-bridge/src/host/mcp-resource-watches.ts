import type { Client, McpSubscription } from '@modelcontextprotocol/client';
import type { McpProtocolEra } from '../transports/connect-mcp-client';
import { sleepUnlessAborted } from './sleep-unless-aborted';

/** What {@link McpResourceWatches} needs of its connection. */
export type ResourceWatchSource = {
  name: string;
  /** The connected client, `undefined` while there is none (the watches are then applied on connect). */
  client(): Client | undefined;
  era(): McpProtocolEra | undefined;
  timeout: number;
  /** How long to wait before opening a `subscriptions/listen` stream the server ended. */
  reopenDelayMs: number;
  /** Aborted when the connection closes for good. */
  signal: AbortSignal;
  /** A watch that could not be applied again (after a reconnect, or a stream the server ended). */
  onError(error: unknown): void;
};

/** Lets go of one hold on a watched resource. Calling it again does nothing. */
export type ReleaseResourceWatch = () => Promise<void>;

/**
 * The resources a server is asked to report updates of, counted by holder: the server hears once
 * that a URI is wanted however many clients hold it, and that it is no longer wanted only when the
 * last one lets go. A 2025-era server gets `resources/subscribe` and `resources/unsubscribe`; a
 * 2026-07-28 server one `subscriptions/listen` stream naming every held URI, replaced (new one
 * acknowledged first, then the old one closed) when the set changes and opened again when the
 * server ends it. The holds outlive the connection: after a reconnect they are applied again.
 * Updates arrive as `notifications/resources/updated` on the client.
 */
export class McpResourceWatches {
  private readonly held = new Map<string, number>();
  /** What the current client was told: the URIs subscribed (2025) or listened for (2026-07-28). */
  private applied = new Set<string>();
  private appliedOn: Client | undefined;
  private listening: McpSubscription | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly source: ResourceWatchSource) {}

  /** The URIs held now. */
  get uris(): string[] {
    return [...this.held.keys()];
  }

  /**
   * Holds `uri` watched. Resolves once the server was told (at once while it is not connected:
   * it is told on connect); rejects, holding nothing, when the server refused.
   */
  async watch(uri: string): Promise<ReleaseResourceWatch> {
    const { release, refused } = await this.watchAll([uri]);
    if (refused.has(uri)) throw refused.get(uri);
    return release;
  }

  /**
   * Holds each of `uris` watched, the server told once for all of them (one request each, or one
   * stream). What it refused is not held and comes back with why.
   */
  async watchAll(uris: readonly string[]): Promise<{ release: ReleaseResourceWatch; refused: Map<string, unknown> }> {
    const unique = [...new Set(uris)];
    for (const uri of unique) this.held.set(uri, (this.held.get(uri) ?? 0) + 1);
    const failures = await this.enqueue().catch((error: unknown) => new Map(unique.map((uri) => [uri, error])));
    const refused = new Map(unique.filter((uri) => failures.has(uri)).map((uri) => [uri, failures.get(uri)]));
    const kept = unique.filter((uri) => !refused.has(uri));
    if (this.drop([...refused.keys()])) await this.enqueue().catch(() => undefined);
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      if (this.drop(kept)) await this.enqueue().catch(() => undefined);
    };
    return { release, refused };
  }

  /** Takes one hold off each URI; whether one is no longer held at all. */
  private drop(uris: readonly string[]): boolean {
    let changed = false;
    for (const uri of uris) {
      const left = (this.held.get(uri) ?? 1) - 1;
      if (left > 0) this.held.set(uri, left);
      else changed = this.held.delete(uri) || changed;
    }
    return changed;
  }

  /** Tells a new connection's server the held URIs (its session starts with none). */
  reconnected(): void {
    void this.enqueue().then(
      (failures) => {
        for (const failure of new Set(failures.values())) this.source.onError(failure);
      },
      (error: unknown) => this.source.onError(error),
    );
  }

  private enqueue(): Promise<Map<string, unknown>> {
    const next = this.queue.then(() => this.apply());
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Brings the server in line with the holds; the URIs it refused, with why. */
  private async apply(): Promise<Map<string, unknown>> {
    const failures = new Map<string, unknown>();
    const client = this.source.client();
    if (client === undefined || this.source.signal.aborted) return failures;
    if (client !== this.appliedOn) {
      this.appliedOn = client;
      this.applied = new Set();
      this.listening = undefined;
    }
    const options = { timeout: this.source.timeout };
    if (this.source.era() === 'modern') {
      const wanted = this.uris;
      if (wanted.length === this.applied.size && wanted.every((uri) => this.applied.has(uri))) return failures;
      const old = this.listening;
      this.listening = undefined;
      if (wanted.length > 0) {
        try {
          const subscription = await client.listen({ resourceSubscriptions: wanted }, options);
          const honored = new Set(subscription.honoredFilter.resourceSubscriptions ?? []);
          this.listening = subscription;
          this.applied = new Set(wanted.filter((uri) => honored.has(uri)));
          for (const uri of wanted) if (!honored.has(uri)) failures.set(uri, this.notHonored(uri));
          void subscription.closed.then((how) => this.closed(subscription, how));
        } catch (error) {
          this.listening = old;
          for (const uri of wanted) if (!this.applied.has(uri)) failures.set(uri, error);
          return failures;
        }
      } else {
        this.applied = new Set();
      }
      await old?.close().catch(() => undefined);
      return failures;
    }
    for (const uri of [...this.applied]) {
      if (this.held.has(uri)) continue;
      this.applied.delete(uri);
      await client.unsubscribeResource({ uri }, options).catch(() => undefined);
    }
    for (const uri of this.uris) {
      if (this.applied.has(uri)) continue;
      try {
        await client.subscribeResource({ uri }, options);
        this.applied.add(uri);
      } catch (error) {
        failures.set(uri, error);
      }
    }
    return failures;
  }

  private notHonored(uri: string): Error {
    return new Error(`MCP server \`${this.source.name}\` did not agree to report updates of ${uri}.`);
  }

  /** A stream the server or the network ended while it was the current one is opened again. */
  private async closed(subscription: McpSubscription, how: 'local' | 'graceful' | 'remote'): Promise<void> {
    if (how === 'local' || this.listening !== subscription) return;
    this.listening = undefined;
    this.applied = new Set();
    await sleepUnlessAborted(this.source.reopenDelayMs, this.source.signal);
    if (this.source.signal.aborted || this.appliedOn !== this.source.client()) return;
    this.reconnected();
  }
}
