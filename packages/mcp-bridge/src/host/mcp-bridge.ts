import {
  type ExecutableTool,
  InvalidSettingError,
  type ToolOutput,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { redactError } from '@interlingua/core/adapter';
import type {
  CallToolResult,
  LoggingLevel,
  Tool as McpTool,
  Progress,
  RequestOptions,
} from '@modelcontextprotocol/client';
import type { McpRoot, McpServerConfig } from '../config/mcp-server-config';
import { mcpServerSecrets } from '../config/mcp-server-secrets';
import { toMcpRoot } from '../config/parse-mcp-config';
import { readMcpConfigSource } from '../config/read-mcp-config-file';
import { buildToolRoutes, type ToolRoute } from './build-tool-routes';
import { classifyCallFailure } from './classify-call-failure';
import { createConnectionSettings } from './connection-settings';
import { convertResourceContents, resourceLinkTarget } from './convert-mcp-content';
import type { McpBridgeEvent } from './mcp-bridge-event';
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_MAX_RESULT_BYTES,
  type McpBridgeOptions,
  type McpCallOptions,
  type McpForwardCallOptions,
  type McpForwardedResult,
} from './mcp-bridge-options';
import { endMcpCallSpan, type McpTelemetryOptions, startMcpCallSpan } from './mcp-call-span';
import { McpServerAccess } from './mcp-server-access';
import { McpServerConnection } from './mcp-server-connection';
import type { McpServerStatus } from './mcp-server-status';
import { McpToolCallError } from './mcp-tool-call-error';
import { checkBridgeOptions, parseBridgeConfig } from './parse-bridge-config';
import { sdkRequestSignal } from './sdk-request-signal';
import { settleCallOutput } from './settle-call-output';
import { findWithdrawnTool, noSuchToolError, serverUnavailableError } from './unroutable-call-errors';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorOutput(error: McpToolCallError): ToolOutput {
  return { type: 'tool-output', content: [{ type: 'text', text: error.message }], isError: true, cause: error };
}

/**
 * MCP servers from an mcp.json, exposed as core `ExecutableTool`s named `server__tool`, which
 * the agent loop and every adapter use unchanged.
 *
 * @example
 * ```ts
 * const bridge = await McpBridge.fromConfig('./mcp.json', { onServerError: 'skip' });
 * try {
 *   const tools = await bridge.tools();
 *   const output = await bridge.callTool('everything__echo', { message: 'hi' });
 * } finally {
 *   await bridge.close();
 * }
 * ```
 */
export class McpBridge {
  /** Warnings from the config and from discovery (ignored keys, tools that need tasks). */
  readonly warnings: Warning[] = [];
  private readonly connections: McpServerConnection[];
  private readonly listeners = new Set<(event: McpBridgeEvent) => void>();
  private readonly callTimeout: number;
  private readonly telemetry: McpTelemetryOptions | undefined;
  private routes = new Map<string, ToolRoute>();
  // Bumped when any server's tools change; routes are rebuilt when they lag behind.
  private toolsGeneration = 0;
  private routesGeneration = -1;
  private readonly maxResultBytes: number;
  private closed = false;

  private constructor(
    servers: Record<string, McpServerConfig>,
    defaultRoots: McpRoot[] | false,
    private readonly workspaceFolder: string,
    options: McpBridgeOptions,
  ) {
    if (options.onEvent !== undefined) this.listeners.add(options.onEvent);
    this.callTimeout = options.callTimeout ?? DEFAULT_CALL_TIMEOUT_MS;
    this.maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
    this.telemetry = options.telemetry;
    const settings = createConnectionSettings(options, defaultRoots, {
      emit: (event) => this.emit(event),
      onToolsReplaced: () => {
        this.toolsGeneration++;
      },
    });
    this.connections = Object.entries(servers).map(([name, config]) => new McpServerConnection(name, config, settings));
  }

  /**
   * Reads an mcp.json (a path, or the parsed object), starts every server in parallel, runs each
   * initialize handshake and lists every server's tools (all pages).
   * A bad config throws an `InvalidSettingError` naming the server and field. A server that fails
   * to start throws too, unless `onServerError: 'skip'`.
   */
  static async fromConfig(pathOrObject: string | URL | object, options: McpBridgeOptions = {}): Promise<McpBridge> {
    const source =
      typeof pathOrObject === 'string' || pathOrObject instanceof URL
        ? await readMcpConfigSource(pathOrObject)
        : undefined;
    checkBridgeOptions(options);
    const parsed = parseBridgeConfig(source ?? pathOrObject, source, options);
    const bridge = new McpBridge(parsed.servers, parsed.defaultRoots, parsed.workspaceFolder, options);
    bridge.warnings.push(...parsed.warnings);
    const results = await Promise.allSettled(bridge.connections.map((connection) => connection.start()));
    const failed = results.findIndex((result) => result.status === 'rejected');
    try {
      if (failed !== -1 && options.onServerError !== 'skip') {
        const name = bridge.connections[failed]?.name ?? '';
        throw new InvalidSettingError({
          message: `MCP server \`${name}\` failed to start: ${bridge.connections[failed]?.error?.message}`,
          cause: bridge.connections[failed]?.error,
        });
      }
      bridge.rebuildRoutes();
    } catch (error) {
      await bridge.close();
      throw error;
    }
    return bridge;
  }

  /** Every configured server's state, handshake results and last error, in config order. */
  get servers(): McpServerStatus[] {
    return this.connections.map((connection) => connection.status());
  }

  /**
   * The tools of every connected server, as `ExecutableTool`s named `server__tool`. Servers whose
   * list changed (`notifications/tools/list_changed`) are re-listed first. Throws an
   * `InvalidSettingError` when two tools end up with the same exposed name.
   */
  async tools(): Promise<ExecutableTool[]> {
    await Promise.all(this.connections.map((connection) => connection.refreshIfStale()));
    this.rebuildRoutes();
    return [...this.routes.values()].map((route) => route.executable);
  }

  /**
   * Which server and original tool name an exposed `server__tool` name routes to, as of the last
   * `tools()`; `undefined` for a name the bridge does not expose. Read from the routing map, never
   * by splitting the name (server and tool names may contain `__`, and long names are hashed).
   */
  serverOf(exposedName: string): { server: string; tool: string } | undefined {
    const route = this.routes.get(exposedName);
    return route === undefined ? undefined : { server: route.connection.name, tool: route.tool.name };
  }

  /**
   * Calls a tool by its exposed name and returns a core `ToolOutput`. Never throws: a tool that
   * reports `isError` gives an error output with the server's text; a call that produced no result
   * (JSON-RPC error, timeout, dead connection, unknown name) gives an error output whose `cause` is
   * an {@link McpToolCallError} with the reason.
   */
  callTool(name: string, args: unknown, options: McpCallOptions = {}): Promise<ToolOutput> {
    // Not async: the call's own promise is handed back, with no frame of ours around it.
    const timeout = options.timeout ?? this.callTimeout;
    const toolCallId = options.toolCallId;
    const route = this.resolveRoute(name);
    if (route === undefined) {
      const withdrawn = findWithdrawnTool(this.connections, name);
      if (withdrawn !== undefined) {
        return Promise.resolve(this.unavailable(withdrawn.connection, withdrawn.tool, toolCallId));
      }
      const error = noSuchToolError(name, this.routes.keys());
      this.emit({ type: 'call-error', server: '', tool: name, toolCallId, error });
      return Promise.resolve(errorOutput(error));
    }
    const { connection, tool } = route;
    if (!isPlainObject(args)) {
      const error = new McpToolCallError({
        server: connection.name,
        tool: tool.name,
        reason: 'invalid-arguments',
        message: `Tool \`${name}\` expects its arguments as a JSON object, got ${args === null ? 'null' : Array.isArray(args) ? 'an array' : typeof args}.`,
      });
      this.emit({ type: 'call-error', server: connection.name, tool: tool.name, toolCallId, error });
      return Promise.resolve(errorOutput(error));
    }
    // The SDK never removes the listener it adds to a request's signal: a shared one is linked.
    const callerSignal = options.signal;
    const link = callerSignal === undefined ? undefined : sdkRequestSignal(callerSignal);
    const call = this.callLinked(route, args, timeout, toolCallId, link?.signal, callerSignal);
    return link?.release === undefined ? call : call.finally(link.release);
  }

  private async callLinked(
    { connection, tool }: ToolRoute,
    args: Record<string, unknown>,
    timeout: number,
    toolCallId: string | undefined,
    sdkSignal: AbortSignal | undefined,
    callerSignal: AbortSignal | undefined,
  ): Promise<ToolOutput> {
    // Only a server that is (re)starting is waited for: the common path stays free of extra awaits.
    if (connection.state === 'connecting' || connection.state === 'restarting') {
      await connection.whenReady(timeout, sdkSignal);
    }
    if (connection.client === undefined && callerSignal?.aborted !== true) {
      return this.unavailable(connection, tool, toolCallId);
    }
    const requestOptions: RequestOptions = sdkSignal === undefined ? { timeout } : { timeout, signal: sdkSignal };
    // A progress token only when someone listens: a bare call stays a bare call.
    const onProgress =
      this.listeners.size === 0
        ? undefined
        : (progress: Progress) =>
            this.emit({
              type: 'progress',
              server: connection.name,
              tool: tool.name,
              toolCallId,
              progress: progress.progress,
              total: progress.total,
              message: progress.message,
            });
    const span = startMcpCallSpan(tool.name, args, connection, this.telemetry);
    try {
      // The span's trace context rides in a 2026-07-28 request's _meta; no input round: the result is complete.
      const extra = { traceContext: span.traceContext(), onProgress };
      const result = (await connection.callTool(tool.name, args, requestOptions, extra)) as CallToolResult;
      const where = { server: connection.name, tool: tool.name, toolCallId, maxResultBytes: this.maxResultBytes };
      const output = settleCallOutput(result, where, (event) => this.emit(event));
      endMcpCallSpan(span, { output }, this.telemetry);
      return output;
    } catch (error) {
      const where = { server: connection.name, tool: tool.name, timeout, signal: callerSignal };
      // A remote server's URL token or header may be echoed in what failed: never in the message.
      const failure = redactError(classifyCallFailure(error, where), mcpServerSecrets(connection.config));
      endMcpCallSpan(span, { error: failure }, this.telemetry);
      this.emit({ type: 'call-error', server: connection.name, tool: tool.name, toolCallId, error: failure });
      return errorOutput(failure);
    }
  }

  /**
   * The tools as MCP definitions under their exposed names — title, schemas, annotations and
   * `_meta` as the server listed them — for serving them on (`createMcpAggregatorServer`).
   */
  async toolDefinitions(): Promise<McpTool[]> {
    await this.tools();
    return [...this.routes.entries()].map(([name, route]) => ({ ...route.tool, name }));
  }

  /**
   * Calls a tool by its exposed name and resolves with the server's result untouched (`isError`,
   * every content type, `structuredContent`, `_meta`; with `input`, `input_required`), for a host that passes
   * it on. A call that produced no result throws an {@link McpToolCallError} with the reason; no events.
   */
  async forwardToolCall(
    name: string,
    args: Record<string, unknown>,
    options: McpForwardCallOptions = {},
  ): Promise<McpForwardedResult> {
    const timeout = options.timeout ?? this.callTimeout;
    const { signal } = options;
    const route = this.resolveRoute(name);
    if (route === undefined) {
      const withdrawn = findWithdrawnTool(this.connections, name);
      throw withdrawn === undefined
        ? noSuchToolError(name, this.routes.keys())
        : serverUnavailableError(withdrawn.connection, withdrawn.tool);
    }
    const { connection, tool } = route;
    if (connection.state === 'connecting' || connection.state === 'restarting') {
      await connection.whenReady(timeout, signal);
    }
    if (connection.client === undefined) throw serverUnavailableError(connection, tool);
    try {
      return await connection.callTool(
        tool.name,
        args,
        { timeout, ...(signal === undefined ? {} : { signal }) },
        { onProgress: options.onProgress, input: options.input },
      );
    } catch (error) {
      const where = { server: connection.name, tool: tool.name, timeout, signal };
      throw redactError(classifyCallFailure(error, where), mcpServerSecrets(connection.config));
    }
  }

  private resolveRoute(name: string): ToolRoute | undefined {
    if (!this.routes.has(name) || this.routesGeneration !== this.toolsGeneration) {
      try {
        this.rebuildRoutes();
      } catch {
        // A name collision is reported by `tools()`; here the old routes still serve.
      }
    }
    return this.routes.get(name);
  }

  private unavailable(connection: McpServerConnection, tool: McpTool, toolCallId: string | undefined): ToolOutput {
    const error = serverUnavailableError(connection, tool);
    this.emit({ type: 'call-error', server: connection.name, tool: tool.name, toolCallId, error });
    return errorOutput(error);
  }

  /** Resources and prompts of one server: list (every page), read, get. */
  server(name: string): McpServerAccess {
    return new McpServerAccess(this.connection(name));
  }

  private connection(name: string): McpServerConnection {
    const connection = this.connections.find((candidate) => candidate.name === name);
    if (connection === undefined) {
      throw new InvalidSettingError({
        message: `Expected the name of a configured MCP server (${this.connections.map((c) => c.name).join(', ')}), got \`${name}\`.`,
      });
    }
    return connection;
  }

  /**
   * Replaces one server's roots (folders relative to the workspace folder, or `file://` URIs) and
   * sends it `notifications/roots/list_changed`; its next `roots/list` gets them. A server whose
   * roots are `false` declared no roots capability: that takes a restart with new settings.
   */
  async setRoots(server: string, roots: readonly string[]): Promise<void> {
    const connection = this.connection(server);
    if (connection.roots === false) {
      throw new InvalidSettingError({
        message: `Expected MCP server \`${server}\` to have the roots capability, but its roots are \`false\`.`,
      });
    }
    await connection.setRoots(roots.map((root) => toMcpRoot(root, this.workspaceFolder)));
  }

  /** Sends `logging/setLevel` to every connected server that declares logging (and to each after a restart). */
  async setLogLevel(level: LoggingLevel): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.setLogLevel(level)));
  }

  /**
   * Reads the resource behind a `resource_link` of a tool result — the text part whose
   * `providerMetadata.mcp` holds `{ uri, server }` — with `resources/read` on that server, and
   * returns its contents as IR parts. A URI can be given with its server instead.
   */
  async readResourceLink(link: UserContentPart | { uri: string; server: string }): Promise<UserContentPart[]> {
    const target = 'type' in link ? resourceLinkTarget(link) : link;
    if (target === undefined) {
      throw new InvalidSettingError({
        message:
          'Expected a part of an MCP tool result with `providerMetadata.mcp.uri` and `.server`, got another part.',
      });
    }
    const { contents } = await this.server(target.server).readResource(target.uri);
    return convertResourceContents(contents);
  }

  /** Adds an event listener; returns the function that removes it. */
  subscribe(listener: (event: McpBridgeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends every connection and child process; safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.connections.map((connection) => connection.close()));
  }

  /** `await using bridge = await McpBridge.fromConfig(…)` closes it at the end of the scope. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  private emit(event: McpBridgeEvent): void {
    if (event.type === 'warning') this.warnings.push(event.warning);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A throwing listener must not break a call or a connection.
      }
    }
  }

  private rebuildRoutes(): void {
    if (this.routesGeneration === this.toolsGeneration) return;
    this.routes = buildToolRoutes(
      this.connections,
      this.routes,
      (name) => (input, context) =>
        this.callTool(name, input, { toolCallId: context.toolCallId, signal: context.signal }),
    );
    this.routesGeneration = this.toolsGeneration;
  }
}
