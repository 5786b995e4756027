import { redactError } from '@interlingua/core/adapter';
import type {
  CallToolResult,
  Client,
  InputRequiredResult,
  LoggingLevel,
  McpSubscription,
  Tool as McpTool,
  Progress,
  RequestOptions,
} from '@modelcontextprotocol/client';
import type { McpRoot, McpServerConfig } from '../config/mcp-server-config';
import { mcpServerSecrets } from '../config/mcp-server-secrets';
import { connectMcpClient, type McpClientConnection, type McpProtocolEra } from '../transports/connect-mcp-client';
import { answerUrlElicitationRequired } from './answer-url-elicitation-required';
import { callableTools } from './callable-tools';
import type { ConnectionSettings } from './connection-settings';
import { createConnectionObserver } from './create-connection-observer';
import { eraMeta } from './era-meta';
import { clientCapabilitiesOf, installClientFeatures } from './install-client-features';
import { lastWholeLines } from './last-whole-lines';
import { listServerTools } from './list-server-tools';
import { listenForToolChanges } from './listen-for-tool-changes';
import { McpResourceWatches } from './mcp-resource-watches';
import type { McpServerStatus } from './mcp-server-status';
import { restartWithBackoff } from './restart-with-backoff';
import { type McpToolCallExtras, sendMcpToolCall } from './send-mcp-tool-call';

const STDERR_TAIL = 4096;
const SYNC_TIMEOUT_MS = 5000;

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** One configured server: its live client, its tool list, and its restarts. Internal to the bridge. */
export class McpServerConnection {
  state: McpServerStatus['state'] = 'connecting';
  error: Error | undefined;
  /** The callable tools from the last complete listing. */
  tools: McpTool[] = [];
  restarts = 0;
  private live: McpClientConnection | undefined;
  private protocolVersion: string | undefined;
  private stderrTail = '';
  private stderrCut = false;
  private changeCount = 0;
  private listedAtChange = 0;
  private refreshing: Promise<void> | undefined;
  private ready: Promise<void> = Promise.resolve();
  private readonly closing = new AbortController();
  private readonly progressListeners = new Map<string | number, (progress: Progress) => void>();
  private progressCount = 0;
  private readonly warnedTaskTools = new Set<string>();
  // A call finished since the last sync: a list_changed it caused may still be on its way.
  private unsynced = false;
  /** The roots `roots/list` answers with; `false` when the roots capability is not declared. */
  roots: McpRoot[] | false;
  private logLevel: LoggingLevel | undefined;
  /** The era of the last connection, kept for restarts. */
  private knownEra: McpProtocolEra | undefined;
  /** The `subscriptions/listen` stream of a 2026-07-28 connection that announces list changes. */
  private subscription: McpSubscription | undefined;
  /** Until when the server said its tool list may be reused (`ttlMs`, 2026-07-28); then it is listed again. */
  private freshUntil: number | undefined;
  /** The resources clients asked updates of, counted by holder; told to the server again after a reconnect. */
  readonly resourceWatches: McpResourceWatches;

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly settings: ConnectionSettings,
  ) {
    this.roots = config.roots ?? settings.defaultRoots;
    this.logLevel = settings.logLevel;
    this.resourceWatches = new McpResourceWatches({
      name,
      client: () => this.client,
      era: () => this.live?.era,
      timeout: settings.connectTimeout,
      reopenDelayMs: settings.restart.initialDelayMs,
      signal: this.closing.signal,
      onError: (error) => this.warn('resources', 'Asking for resource updates again', error),
    });
  }

  /** Replaces the roots and, when connected, sends `notifications/roots/list_changed`. */
  async setRoots(roots: McpRoot[]): Promise<void> {
    this.roots = roots;
    await this.client?.sendRootsListChanged();
  }

  /** Sends `logging/setLevel` (now, when connected and the server logs, and after each reconnect). */
  async setLogLevel(level: LoggingLevel): Promise<void> {
    this.logLevel = level;
    const client = this.client;
    // In 2026-07-28 the level travels in each request's `_meta`: nothing to send now.
    if (client?.getServerCapabilities()?.logging !== undefined && this.live?.era === 'legacy') {
      await client.setLoggingLevel(level, { timeout: this.settings.connectTimeout });
    }
  }

  /** The client for a call, or undefined when the server is not connected. */
  get client(): Client | undefined {
    return this.state === 'connected' ? this.live?.client : undefined;
  }

  get stale(): boolean {
    if (this.freshUntil !== undefined && Date.now() >= this.freshUntil) return true;
    return this.changeCount !== this.listedAtChange;
  }

  status(): McpServerStatus {
    const client = this.live?.client;
    return {
      name: this.name,
      state: this.state,
      transport: this.live?.kind,
      pid: this.live?.pid,
      protocolVersion: this.protocolVersion,
      era: this.live?.era,
      serverInfo: client?.getServerVersion(),
      capabilities: client?.getServerCapabilities(),
      instructions: client?.getInstructions(),
      toolCount: this.tools.length,
      restarts: this.restarts,
      error: this.error,
      stderr: this.stderrTail,
    };
  }

  /** Connects, handshakes and lists the tools; on failure the state is `failed` and the error kept. */
  async start(): Promise<void> {
    const attempt = this.connect();
    this.ready = attempt;
    try {
      await attempt;
    } catch (error) {
      this.fail(error);
      throw this.error;
    }
  }

  /** Waits (at most `timeout` ms) while the server is connecting or restarting. */
  async whenReady(timeout: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.state !== 'connecting' && this.state !== 'restarting') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    try {
      await Promise.race([
        this.ready,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeout);
          onAbort = resolve;
          signal?.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
    } catch {
      // The restart failed: the state says so and the caller reports it.
    } finally {
      clearTimeout(timer);
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Sends `tools/call`; a `-32042` goes to the URL hook, then the call once more. With `onProgress`,
   * progress is read off the frames in arrival order (the SDK's handler drops the last one when it
   * arrives with the response). With `input`, a 2026-07-28 server's `input_required` result comes
   * back as it is ({@link sendMcpToolCall}); a legacy server's requests go to the client's handlers.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: RequestOptions,
    extra: McpToolCallExtras = {},
  ): Promise<CallToolResult | InputRequiredResult> {
    const client = this.client;
    if (client === undefined) return Promise.reject(new Error(`MCP server \`${this.name}\` is ${this.state}.`));
    const era = this.live?.era;
    const meta = eraMeta(era, this.logLevel, extra.traceContext);
    const input = era === 'modern' ? extra.input : undefined;
    const { onProgress } = extra;
    const urls = { server: this.name, features: this.settings.features, signal: options.signal };
    let call: Promise<CallToolResult | InputRequiredResult>;
    if (onProgress === undefined) {
      call = answerUrlElicitationRequired(() => sendMcpToolCall(client, { name, args, options, meta, input }), urls);
    } else {
      const progressToken = `interlingua-${++this.progressCount}`;
      this.progressListeners.set(progressToken, onProgress);
      const request = { name, args, options, meta: { ...meta, progressToken }, input };
      call = answerUrlElicitationRequired(() => sendMcpToolCall(client, request), urls).finally(() =>
        this.progressListeners.delete(progressToken),
      );
    }
    if (client.getServerCapabilities()?.tools?.listChanged === true) {
      return call.finally(() => {
        this.unsynced = true;
      });
    }
    return call;
  }

  /**
   * After a call to a server that announces list changes, one `ping` round trip: the server
   * answers it only after whatever it sent before (a `list_changed` the call caused, queued
   * behind its result), and frames arrive in order, so the list is known to be current.
   */
  private async sync(): Promise<void> {
    const client = this.client;
    if (!this.unsynced || client === undefined) return;
    // A 2026-07-28 server announces changes on its own listen stream, in no order with the call's answer.
    if (this.live?.era === 'modern') {
      this.unsynced = false;
      return;
    }
    this.unsynced = false;
    try {
      await client.ping({ timeout: Math.min(this.settings.connectTimeout, SYNC_TIMEOUT_MS) });
    } catch {
      // A server that cannot answer a ping: the list stays as last known.
    }
  }

  /** Re-lists the tools (every page) when a `list_changed` notification made them stale. */
  async refreshIfStale(): Promise<void> {
    if (this.unsynced) await this.sync();
    if (!this.stale || this.state !== 'connected') return;
    this.refreshing ??= this.listTools()
      .catch((error: unknown) => this.warn('tools/list', 'Re-listing tools', error))
      .finally(() => {
        this.refreshing = undefined;
      });
    await this.refreshing;
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.state = 'closed';
    const live = this.live;
    this.live = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    await Promise.allSettled([subscription?.close(), live?.client.close(), this.ready]);
  }

  private async connect(): Promise<void> {
    const observe = createConnectionObserver({
      server: this.name,
      progressListeners: this.progressListeners,
      trace: this.settings.trace,
      // The SDK does not expose the negotiated version on stdio, so it is read off the handshake.
      onProtocolVersion: (version) => {
        this.protocolVersion = version;
      },
    });
    const live = await connectMcpClient(this.config, {
      knownEra: this.knownEra,
      clientInfo: this.settings.clientInfo,
      server: this.name,
      tokenStore: this.settings.tokenStore,
      login: this.settings.login,
      capabilities: clientCapabilitiesOf(this.roots, this.settings.features),
      timeout: this.settings.connectTimeout,
      observe,
      setup: (client) => {
        installClientFeatures(client, this.name, () => this.roots, this.settings.features);
        client.setNotificationHandler('notifications/tools/list_changed', () => {
          this.changeCount++;
          this.settings.emit({ type: 'tools-changed', server: this.name });
        });
      },
      maxMessageBytes: this.settings.maxMessageBytes,
      maxListPages: this.settings.maxListPages,
      closeTimeout: this.settings.closeTimeout,
      onStderr: (text) => {
        const joined = this.stderrTail + text;
        this.stderrCut ||= joined.length > STDERR_TAIL;
        this.stderrTail = joined.slice(-STDERR_TAIL);
        this.settings.emit({ type: 'stderr', server: this.name, text });
      },
    });
    if (this.closing.signal.aborted) {
      await live.client.close();
      throw new Error(`MCP server \`${this.name}\` was closed while connecting.`);
    }
    this.live = live;
    this.knownEra = live.era;
    this.protocolVersion = live.protocolVersion ?? this.protocolVersion;
    live.client.onclose = () => this.handleClose(live);
    try {
      const capabilities = live.client.getServerCapabilities();
      if (this.logLevel !== undefined && capabilities?.logging !== undefined && live.era === 'legacy') {
        await live.client.setLoggingLevel(this.logLevel, { timeout: this.settings.connectTimeout });
      }
      // 2026-07-28 has no list_changed on a session: the bridge listens for it on a stream of its own.
      if (live.era === 'modern' && capabilities?.tools?.listChanged === true) {
        this.subscription = await listenForToolChanges(live.client, {
          timeout: this.settings.connectTimeout,
          reopenDelayMs: this.settings.restart.initialDelayMs,
          signal: this.closing.signal,
          current: () => live === this.live,
          onReopened: (subscription) => {
            this.subscription = subscription;
            // A change may have come and gone while no stream was open.
            this.changeCount++;
          },
          onError: (error) => this.warn('subscriptions/listen', 'Listening for tool-list changes again', error),
        });
      }
      await this.listTools();
    } catch (error) {
      this.live = undefined;
      await live.client.close();
      throw error;
    }
    this.state = 'connected';
    this.error = undefined;
    this.resourceWatches.reconnected();
    this.settings.emit({
      type: 'server-connected',
      server: this.name,
      protocolVersion: this.protocolVersion,
      toolCount: this.tools.length,
    });
  }

  private async listTools(): Promise<void> {
    const live = this.live;
    if (live === undefined) return;
    const changeCount = this.changeCount;
    const { tools: listed, ttlMs } = await listServerTools(live, {
      server: this.name,
      logLevel: this.logLevel,
      timeout: this.settings.connectTimeout,
      maxPages: this.settings.maxListPages,
    });
    const callable = callableTools(this.name, listed, this.warnedTaskTools, this.settings.emit);
    this.freshUntil = ttlMs === undefined ? undefined : Date.now() + ttlMs;
    const refreshed = this.state === 'connected';
    this.tools = callable;
    this.settings.onToolsReplaced();
    this.listedAtChange = changeCount;
    if (refreshed) this.settings.emit({ type: 'tools-refreshed', server: this.name, toolCount: callable.length });
  }

  private handleClose(live: McpClientConnection): void {
    // While connecting or restarting, the attempt in progress sees the failure and handles it.
    if (live !== this.live || this.closing.signal.aborted || this.state !== 'connected') return;
    this.live = undefined;
    this.settings.emit({ type: 'server-disconnected', server: this.name });
    if (this.settings.restart.maxAttempts <= 0) {
      this.fail(new Error(`MCP server \`${this.name}\` closed its connection.`));
      return;
    }
    this.state = 'restarting';
    this.ready = this.restart();
    this.ready.catch(() => {});
  }

  private async restart(): Promise<void> {
    const outcome = await restartWithBackoff(
      this.settings.restart,
      this.closing.signal,
      () => this.connect(),
      (attempt, delayMs) => this.settings.emit({ type: 'server-restarting', server: this.name, attempt, delayMs }),
    );
    if (outcome.type === 'closed') return;
    if (outcome.type === 'restarted') {
      this.restarts++;
      this.settings.emit({ type: 'server-restarted', server: this.name, attempt: outcome.attempt });
      return;
    }
    const { maxAttempts } = this.settings.restart;
    this.fail(
      new Error(`MCP server \`${this.name}\` did not come back after ${maxAttempts} restart attempts.`, {
        cause: outcome.lastError,
      }),
    );
    throw this.error;
  }

  private warn(feature: string, what: string, error: unknown): void {
    const message = `${what} failed: ${asError(error).message}`;
    this.settings.emit({ type: 'warning', server: this.name, warning: { type: 'other', feature, message } });
  }

  private fail(error: unknown): void {
    this.state = 'failed';
    this.settings.onToolsReplaced();
    const cause = asError(error);
    const stderr = lastWholeLines(this.stderrTail, this.stderrCut);
    const failure =
      stderr === '' ? cause : new Error(`${cause.message}\nLast lines of its stderr:\n${stderr}`, { cause });
    // A remote server's URL token or header value may be in what failed: never in the error.
    this.error = redactError(failure, mcpServerSecrets(this.config));
    this.settings.emit({ type: 'server-error', server: this.name, error: this.error });
  }
}
